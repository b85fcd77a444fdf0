internal import Foundation
internal import WaveJSON

/// Reads an APNs answer (HTTP/2 provider API) into a ``ProviderVerdict``, by Apple's documented statuses and reasons.
///
/// - 200 → accepted (`apns-id`).
/// - 400 `BadDeviceToken`, `DeviceTokenNotForTopic` → purge; any other 400 → fail.
/// - 410 `Unregistered` or `ExpiredToken` → purge unless refreshed after the body's `timestamp` (milliseconds).
/// - 403 `ExpiredProviderToken` → a new provider token and one retry; any other 403 → fail.
/// - 429, 500, 503 → retry with backoff (a `retry-after` header, when present, is a floor).
/// - 413 and any other status → fail.
///
/// A body that is not JSON where the reason is needed fails the send with a reason saying so (the token is kept).
public enum APNsResponseInterpreter {
    /// Interprets an answer.
    ///
    /// - Parameter response: The answer (a request that got none is ``ProviderVerdict/noAnswer(_:)``'s).
    /// - Returns: The verdict.
    public static func verdict(for response: ProviderResponse) -> ProviderVerdict {
        switch response.status {
        case 200:
            return .accepted(providerID: response.headers.value(named: "apns-id"))
        case 429, 500, 503:
            let reason = (try? body(of: response))?.reason ?? "status \(response.status)"
            return .retry(
                reason: .provider(reason), after: RetryAfter.parse(response.headers.value(named: "retry-after")))
        case 400, 403, 410:
            let body: Body
            do {
                body = try Self.body(of: response)
            } catch {
                return .fail(reason: .unreadableAnswer("APNs \(response.status) response is not JSON: \(error)"))
            }
            guard let reason = body.reason else {
                return .fail(reason: .unreadableAnswer("APNs \(response.status) response has no \"reason\""))
            }
            switch (response.status, reason) {
            case (400, "BadDeviceToken"), (400, "DeviceTokenNotForTopic"):
                return .purgeToken(reason: .provider(reason))
            case (410, _):
                return .unregistered(reason: .provider(reason), since: body.timestamp)
            case (403, "ExpiredProviderToken"):
                return .renewCredential(reason: .provider(reason))
            default:
                return .fail(reason: .provider(reason))
            }
        default:
            let reason = (try? body(of: response))?.reason
            return .fail(reason: .provider(reason ?? "APNs status \(response.status)"))
        }
    }

    struct Body {
        var reason: String?
        var timestamp: Date?
    }

    /// The `reason` and `timestamp` of an error body.
    static func body(of response: ProviderResponse) throws -> Body {
        let value = try JSONParser.parse(response.body)
        guard case .object = value else {
            throw ResponseBodyError("the body is \(value.typeDescription), not an object")
        }
        var body = Body()
        if case .string(let reason) = value.member("reason") { body.reason = reason }
        if case .number(let text) = value.member("timestamp"), let milliseconds = Double(text) {
            body.timestamp = Date(timeIntervalSince1970: milliseconds / 1000)
        }
        return body
    }
}

/// A provider's body that does not have the documented shape.
struct ResponseBodyError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}

/// The `Retry-After` header: a number of seconds (an HTTP date is not read; the backoff applies then).
enum RetryAfter {
    static func parse(_ value: String?) -> Duration? {
        guard let value, let seconds = Int(value.trimmingCharacters(in: .whitespaces)), seconds >= 0 else {
            return nil
        }
        return .seconds(seconds)
    }
}
