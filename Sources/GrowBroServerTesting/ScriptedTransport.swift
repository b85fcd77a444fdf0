public import GrowBroServer
internal import WaveNotifications
internal import WavePushPayloads

/// A ``PushTransport`` that answers from a script per token, and records every request: for tests and replays.
///
/// Each token's answers are used in order, one per request to it; once they are used up (or for a token with
/// none), it answers 200 (with an `apns-id` for APNs, a message `name` for FCM).
public final class ScriptedTransport: PushTransport {
    /// One scripted answer.
    public enum Answer: Hashable, Sendable {
        /// The provider answers this.
        case response(ProviderResponse)
        /// No answer comes (a timeout, a reset connection): retryable.
        case noResponse
        /// No answer can come as configured (a certificate that does not verify), with the transport's description.
        case refused(String)
    }

    /// The transport's failure when an ``Answer/noResponse`` is scripted: retryable.
    public struct NoResponse: PushTransportFailure {
        /// Always: another attempt may get an answer.
        public var isRetryable: Bool { true }
        /// "no response".
        public var description: String { "no response" }
    }

    /// The transport's failure when an ``Answer/refused(_:)`` is scripted: not retryable.
    public struct Refused: PushTransportFailure {
        /// The transport's description.
        public var description: String
        /// Never: no attempt can succeed as configured.
        public var isRetryable: Bool { false }
    }

    private struct State {
        var answers: [String: [Answer]]
        var requests: [ProviderRequest] = []
    }

    private let state: WaveLock<State>

    /// Creates a transport.
    ///
    /// - Parameter answers: The answers per token, in order.
    public init(answers: [String: [Answer]] = [:]) {
        state = WaveLock(State(answers: answers))
    }

    /// Adds answers for a token, after any still scripted.
    ///
    /// - Parameters:
    ///   - answers: The answers.
    ///   - token: The token.
    public func script(_ answers: [Answer], for token: String) {
        state.withLock { $0.answers[token, default: []] += answers }
    }

    /// Every request sent, in order.
    public var requests: [ProviderRequest] {
        state.withLock { $0.requests }
    }

    /// Answers from the script.
    ///
    /// - Parameter request: The request.
    /// - Returns: The next scripted answer for the request's token, or 200.
    /// - Throws: ``NoResponse`` or ``Refused`` when that is scripted.
    public func send(_ request: ProviderRequest) async throws -> ProviderResponse {
        let answer: Answer? = state.withLock { state in
            state.requests.append(request)
            guard var queue = state.answers[request.token], !queue.isEmpty else { return nil }
            let next = queue.removeFirst()
            state.answers[request.token] = queue
            return next
        }
        switch answer {
        case .response(let response): return response
        case .noResponse: throw NoResponse()
        case .refused(let description): throw Refused(description: description)
        case nil:
            switch request.platform {
            case .apns:
                let id = request.headers.value(named: "apns-id") ?? ""
                return ProviderResponse(status: 200, headers: [HTTPHeader("apns-id", id)])
            case .fcm:
                return ProviderResponse(
                    status: 200, text: #"{"name":"projects/growbro/messages/\#(request.sendID)"}"#)
            }
        }
    }
}
