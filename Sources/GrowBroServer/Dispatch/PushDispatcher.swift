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

    /// Creates a dispatcher.
    ///
    /// - Parameters:
    ///   - server: The server whose outbox it sends.
    ///   - transport: The backend's HTTP client.
    ///   - credentials: The provider token and access token source.
    ///   - clock: The clock every decision is timed by.
    ///   - random: The jitter's source (seeded in tests).
    public init(
        server: PushServer, transport: any PushTransport, credentials: any ProviderCredentials,
        clock: any WaveClock, random: some RandomNumberGenerator & Sendable
    ) {
        self.server = server
        self.transport = transport
        self.credentials = credentials
        self.clock = clock
        self.policy = RetryPolicy(base: server.configuration.backoffBase, cap: server.configuration.backoffCap)
        self.random = WaveLock(random)
    }

    /// Attempts every send due at the clock's instant, earliest first, one at a time.
    ///
    /// - Parameter limit: The most sends taken in this call.
    /// - Returns: The decisions, in order; none when another call is running.
    /// - Throws: ``PushStoreError`` when an outcome cannot be recorded (that send stays pending).
    public func dispatchDue(limit: Int = 1_000) async throws -> [DispatchDecision] {
        let started = isDispatching.withLock { busy in
            defer { busy = true }
            return !busy
        }
        guard started else { return [] }
        defer { isDispatching.withLock { $0 = false } }
        var decisions: [DispatchDecision] = []
        for send in try server.dueSends(now: clock.now, limit: limit) {
            decisions += try await attempt(send)
        }
        return decisions
    }

    private func attempt(_ send: PendingSend) async throws -> [DispatchDecision] {
        var send = send
        var decisions: [DispatchDecision] = []
        var renewing = false
        while true {
            let now = clock.now
            func decision(
                _ kind: DispatchDecision.Kind, attempt: Int, status: Int? = nil, reason: String? = nil,
                retryAt: Date? = nil, token: String? = nil, request: ProviderRequest? = nil
            ) -> DispatchDecision {
                DispatchDecision(
                    kind: kind, at: now, sendID: send.sendID, messageID: send.messageID,
                    installationID: send.installationID, platform: send.platform, attempt: attempt,
                    status: status, reason: reason, retryAt: retryAt, token: token, request: request)
            }
            guard let installation = try server.installation(send.installationID),
                installation.userID == send.userID, installation.platform == send.platform
            else {
                let reason = "installation signed out, purged or moved to another account"
                try server.finish(send, state: .dropped, attempts: send.attempts, status: nil, reason: reason, at: now)
                return decisions + [decision(.dropped, attempt: send.attempts, reason: reason)]
            }
            guard installation.permission.allowsDelivery else {
                // The app reported the permission revoked after the fan-out: the push would not be shown.
                let reason = "permission_denied"
                try server.finish(send, state: .dropped, attempts: send.attempts, status: nil, reason: reason, at: now)
                return decisions + [decision(.dropped, attempt: send.attempts, reason: reason)]
            }
            guard now < send.expiresAt else {
                let reason = "expired before the attempt"
                try server.finish(send, state: .expired, attempts: send.attempts, status: nil, reason: reason, at: now)
                return decisions + [decision(.expired, attempt: send.attempts, reason: reason)]
            }
            let attempt = send.attempts + 1
            let credential: String
            do {
                credential = try await credentials.credential(for: installation.platform, renew: renewing)
            } catch {
                let verdict = ProviderVerdict.retry(reason: "no credential: \(error)", after: nil)
                return decisions + [
                    try settle(send, verdict, attempt: attempt, response: nil, request: nil, installation)
                ]
            }
            let request = ProviderRequestBuilder.request(
                for: send, to: installation, credential: credential, attempt: attempt, now: now,
                configuration: server.configuration)
            let response = try? await transport.send(request)
            let verdict =
                installation.platform == .apns
                ? APNsResponseInterpreter.verdict(for: response) : FCMResponseInterpreter.verdict(for: response)
            if case .renewCredential(let reason) = verdict, !send.renewed {
                // One immediate retry with a new credential, recorded first so a crash cannot loop on it.
                send.attempts = attempt
                send.renewed = true
                try server.reschedule(
                    send, attempts: attempt, renewed: true, status: response?.status, reason: reason, due: now)
                decisions.append(
                    decision(
                        .retry, attempt: attempt, status: response?.status, reason: reason + ": new credential",
                        retryAt: now, request: request))
                renewing = true
                continue
            }
            return decisions + [
                try settle(send, verdict, attempt: attempt, response: response, request: request, installation)
            ]
        }
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
