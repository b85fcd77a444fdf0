internal import Foundation
public import WaveNotifications
internal import WavePushPayloads

/// Takes the recorded sends that are due to a ``PushTransport`` and records what each answer means.
///
/// A send was recorded before any attempt (by ``PushServer/fanOut(_:)``), and its outcome is committed after
/// the answer, in one transaction: a crash between the two leaves it pending, so it is attempted again after a
/// restart (a push is never lost), and an outcome once committed is final (an acknowledged push is never sent
/// again). The rules for each answer are ``APNsResponseInterpreter``'s and ``FCMResponseInterpreter``'s:
///
/// - accepted: the send ends `accepted`, and the `accepted` engagement event is recorded with it;
/// - purge: the installation's token is removed (only if it still holds the token sent to), the send ends `purged`;
/// - APNs 410: the same, unless the token was refreshed after the answer's timestamp (then `failed`, token kept);
/// - renew: a new credential and one immediate retry; a second refusal ends the send `failed`;
/// - retry: the next attempt after ``RetryPolicy``'s delay (never before `Retry-After`), unless that is at or past
///   the send's expiration (`expired`) or the attempts are used up (`failed`);
/// - fail: the send ends `failed`, the token is kept.
///
/// A send whose installation was signed out, purged, or moved to another account before its attempt ends
/// `dropped` without a request: a device now signed in as someone else never gets the previous user's push. So
/// does one whose device reported the permission revoked since the fan-out (`permission_denied`).
///
/// One dispatcher per database: the outbox is a queue for one sender (a backend that needs more throughput shards
/// its users over several databases). A call of ``dispatchDue(limit:)`` while another is running returns at once
/// with no decisions, so two tasks never take the same send.
public final class PushDispatcher: Sendable {
    private let server: PushServer
    private let transport: any PushTransport
    private let credentials: any ProviderCredentials
    private let clock: any WaveClock
    private let policy: RetryPolicy
    private let random: WaveLock<any RandomNumberGenerator & Sendable>
    private let isDispatching = WaveLock(false)
    /// The most requests in flight at once.
    public let maximumInFlight: Int

    /// Creates a dispatcher.
    ///
    /// - Parameters:
    ///   - server: The server whose outbox it sends.
    ///   - transport: The backend's HTTP client.
    ///   - credentials: The provider token and access token source.
    ///   - clock: The clock every decision is timed by.
    ///   - random: The jitter's source (seeded in tests).
    ///   - maximumInFlight: The most requests in flight at once (100 by default; at least 1).
    public init(
        server: PushServer, transport: any PushTransport, credentials: any ProviderCredentials,
        clock: any WaveClock, random: some RandomNumberGenerator & Sendable, maximumInFlight: Int = 100
    ) {
        self.maximumInFlight = max(1, maximumInFlight)
        self.server = server
        self.transport = transport
        self.credentials = credentials
        self.clock = clock
        self.policy = RetryPolicy(base: server.configuration.backoffBase, cap: server.configuration.backoffCap)
        self.random = WaveLock(random)
    }

    /// Attempts every send due at the clock's instant, earliest first, up to ``maximumInFlight`` requests at once.
    ///
    /// The requests overlap; the outcomes are committed one by one in the order of the sends (each after its own
    /// answer), so the decisions, the jitter drawn for retries and the store's end state are the same whatever
    /// order the answers come in. Two sends to one installation are never in flight together: the second waits for
    /// the first's outcome (its token may be purged by it), and a phone gets its pushes in the order of their events.
    ///
    /// - Parameter limit: The most sends taken in this call.
    /// - Returns: The decisions, in the order of the sends; none when another call is running.
    /// - Throws: ``PushStoreError`` when an outcome cannot be recorded (that send stays pending). No request is
    ///   started after it; those already in flight are answered and committed first. The same when the calling
    ///   task is cancelled, without the throw: the sends not started stay pending.
    public func dispatchDue(limit: Int = 1_000) async throws -> [DispatchDecision] {
        let started = isDispatching.withLock { busy in
            defer { busy = true }
            return !busy
        }
        guard started else { return [] }
        defer { isDispatching.withLock { $0 = false } }
        let sends = try server.dueSends(now: clock.now, limit: limit)
        var decisions = [[DispatchDecision]](repeating: [], count: sends.count)
        var settled = [Bool](repeating: false, count: sends.count)
        var answered: [Int: Attempted] = [:]
        var waiting = Array(sends.indices)
        var busyInstallations = Set<String>()
        var nextToSettle = 0
        var inFlight = 0
        var failure: (any Error)?
        await withTaskGroup(of: (Int, Attempted).self) { group in
            while true {
                // Start what may start, in the sends' order, skipping a send whose installation is busy.
                var position = 0
                // A cancelled call (a service stopping) starts nothing more and finishes what is in flight.
                while failure == nil, !Task.isCancelled, inFlight < maximumInFlight, position < waiting.count {
                    let index = waiting[position]
                    let send = sends[index]
                    guard !busyInstallations.contains(send.installationID) else {
                        position += 1
                        continue
                    }
                    waiting.remove(at: position)
                    do {
                        switch try prepare(send) {
                        case .finished(let decision):
                            decisions[index] = [decision]
                            settled[index] = true
                        case .ready(let installation):
                            busyInstallations.insert(send.installationID)
                            inFlight += 1
                            group.addTask { (index, await self.request(send, to: installation, renewing: false)) }
                        }
                    } catch {
                        failure = error
                    }
                }
                // Commit the answers that came, in the sends' order.
                let settledBefore = nextToSettle
                while nextToSettle < sends.count {
                    if !settled[nextToSettle] {
                        guard let attempted = answered.removeValue(forKey: nextToSettle) else { break }
                        let send = sends[nextToSettle]
                        do {
                            decisions[nextToSettle] = try await complete(send, attempted)
                        } catch {
                            failure = failure ?? error
                        }
                        busyInstallations.remove(send.installationID)
                        settled[nextToSettle] = true
                    }
                    nextToSettle += 1
                }
                guard nextToSettle < sends.count else { break }
                // A commit may free an installation for its next send: start it before waiting.
                if nextToSettle > settledBefore && failure == nil { continue }
                guard inFlight > 0, let (index, attempted) = await group.next() else { break }
                answered[index] = attempted
                inFlight -= 1
            }
            // After a failure, answers behind a send that was never started are still committed.
            for index in answered.keys.sorted() {
                do {
                    decisions[index] = try await complete(sends[index], answered[index]!)
                } catch {
                    failure = failure ?? error
                }
            }
        }
        if let failure { throw failure }
        return decisions.flatMap { $0 }
    }

    /// What one request came to: the installation it went to, the attempt, the request and answer, and the verdict.
    private struct Attempted: Sendable {
        var installation: Installation
        var attempt: Int
        var request: ProviderRequest?
        var response: ProviderResponse?
        var verdict: ProviderVerdict
    }

    /// Whether a send may be attempted now, or how it ended without a request.
    private enum Preparation {
        case ready(Installation)
        case finished(DispatchDecision)
    }

    /// The checks before an attempt: the installation still this user's, its permission, the expiration.
    private func prepare(_ send: PendingSend) throws -> Preparation {
        let now = clock.now
        func ended(_ kind: DispatchDecision.Kind, _ state: SendRecord.State, _ reason: String) throws -> Preparation {
            try server.finish(send, state: state, attempts: send.attempts, status: nil, reason: reason, at: now)
            return .finished(
                DispatchDecision(
                    kind: kind, at: now, sendID: send.sendID, messageID: send.messageID,
                    installationID: send.installationID, platform: send.platform, attempt: send.attempts,
                    status: nil, reason: reason, retryAt: nil, token: nil, request: nil))
        }
        guard let installation = try server.installation(send.installationID),
            installation.userID == send.userID, installation.platform == send.platform
        else {
            return try ended(.dropped, .dropped, "installation signed out, purged or moved to another account")
        }
        guard installation.permission.allowsDelivery else {
            // The app reported the permission revoked after the fan-out: the push would not be shown.
            return try ended(.dropped, .dropped, "permission_denied")
        }
        guard clock.now < send.expiresAt else {
            return try ended(.expired, .expired, "expired before the attempt")
        }
        return .ready(installation)
    }

    /// Makes one request: a credential, the request, the answer and what it means. Records nothing.
    private func request(_ send: PendingSend, to installation: Installation, renewing: Bool) async -> Attempted {
        let now = clock.now
        let attempt = send.attempts + 1
        let credential: String
        do {
            credential = try await credentials.credential(for: installation.platform, renew: renewing)
        } catch {
            return Attempted(
                installation: installation, attempt: attempt, request: nil, response: nil,
                verdict: .retry(reason: "no credential: \(error)", after: nil))
        }
        let request = ProviderRequestBuilder.request(
            for: send, to: installation, credential: credential, attempt: attempt, now: now,
            configuration: server.configuration)
        let response = try? await transport.send(request)
        let verdict =
            installation.platform == .apns
            ? APNsResponseInterpreter.verdict(for: response) : FCMResponseInterpreter.verdict(for: response)
        return Attempted(
            installation: installation, attempt: attempt, request: request, response: response, verdict: verdict)
    }

    /// Commits what an answer means; a first refused credential is renewed and the send retried at once.
    private func complete(_ send: PendingSend, _ attempted: Attempted) async throws -> [DispatchDecision] {
        var send = send
        var attempted = attempted
        var decisions: [DispatchDecision] = []
        while case .renewCredential(let reason) = attempted.verdict, !send.renewed {
            // One immediate retry with a new credential, recorded first so a crash cannot loop on it.
            let now = clock.now
            let status = attempted.response?.status
            send.attempts = attempted.attempt
            send.renewed = true
            try server.reschedule(
                send, attempts: attempted.attempt, renewed: true, status: status, reason: reason, due: now)
            decisions.append(
                DispatchDecision(
                    kind: .retry, at: now, sendID: send.sendID, messageID: send.messageID,
                    installationID: send.installationID, platform: send.platform, attempt: attempted.attempt,
                    status: status, reason: reason + ": new credential", retryAt: now, token: nil,
                    request: attempted.request))
            switch try prepare(send) {
            case .finished(let decision):
                return decisions + [decision]
            case .ready(let installation):
                attempted = await request(send, to: installation, renewing: true)
            }
        }
        return decisions + [
            try settle(
                send, attempted.verdict, attempt: attempted.attempt, response: attempted.response,
                request: attempted.request, attempted.installation)
        ]
    }

    /// Records the outcome of one verdict and returns its decision.
    private func settle(
        _ send: PendingSend, _ verdict: ProviderVerdict, attempt: Int, response: ProviderResponse?,
        request: ProviderRequest?, _ installation: Installation
    ) throws -> DispatchDecision {
        let now = clock.now
        let status = response?.status
        var result = DispatchDecision(
            kind: .failed, at: now, sendID: send.sendID, messageID: send.messageID,
            installationID: send.installationID, platform: send.platform, attempt: attempt, status: status,
            reason: nil, retryAt: nil, token: nil, request: request)
        switch verdict {
        case .accepted:
            try server.finish(send, state: .accepted, attempts: attempt, status: status, reason: nil, at: now)
            result.kind = .accepted
        case .purgeToken(let reason):
            _ = try server.purge(
                send, token: installation.token, attempts: attempt, status: status, reason: reason, at: now)
            result.kind = .purged
            result.reason = reason
            result.token = installation.token
        case .unregistered(let reason, let since):
            if let since, installation.refreshedAt > since {
                let kept = "\(reason) before the token's refresh; token kept"
                try server.finish(send, state: .failed, attempts: attempt, status: status, reason: kept, at: now)
                result.reason = kept
            } else {
                _ = try server.purge(
                    send, token: installation.token, attempts: attempt, status: status, reason: reason, at: now)
                result.kind = .purged
                result.reason = reason
                result.token = installation.token
            }
        case .renewCredential(let reason):
            let refused = "\(reason) again after a new credential"
            try server.finish(send, state: .failed, attempts: attempt, status: status, reason: refused, at: now)
            result.reason = refused
        case .fail(let reason):
            try server.finish(send, state: .failed, attempts: attempt, status: status, reason: reason, at: now)
            result.reason = reason
        case .retry(let reason, let after):
            let delay = random.withLock { generator in
                policy.delay(afterAttempt: attempt, retryAfter: after, using: &generator)
            }
            let retryAt = now.addingTimeInterval(delay.timeInterval)
            if attempt >= server.configuration.maximumAttempts {
                let gaveUp = "\(reason); gave up after \(attempt) attempts"
                try server.finish(send, state: .failed, attempts: attempt, status: status, reason: gaveUp, at: now)
                result.reason = gaveUp
            } else if retryAt >= send.expiresAt {
                let expired = "\(reason); the next attempt would be after the expiration"
                try server.finish(send, state: .expired, attempts: attempt, status: status, reason: expired, at: now)
                result.kind = .expired
                result.reason = expired
            } else {
                try server.reschedule(
                    send, attempts: attempt, renewed: send.renewed, status: status, reason: reason, due: retryAt)
                result.kind = .retry
                result.reason = reason
                result.retryAt = retryAt
            }
        }
        return result
    }
}
