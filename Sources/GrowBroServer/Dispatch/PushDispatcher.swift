internal import Foundation
public import WaveNotifications
public import WavePushPayloads

/// Takes the recorded sends that are due to a ``PushTransport`` and records what each answer means.
///
/// A send was recorded before any attempt (by ``PushServer/fanOut(_:)``). A dispatcher claims due sends with a
/// lease (``lease``): until the lease ends no other dispatcher, in this process or another, on this machine or
/// another, takes them, and when this one dies holding them they are due again then. Outcomes are committed in
/// batches (up to ``commitBatchSize`` per transaction) once their answers came: a crash before a commit leaves those
/// sends pending, so they are attempted again after the lease (a push is never lost), and an outcome once committed
/// is final (an acknowledged push is never sent again). What a crash can cost is a second request for the sends
/// requested and not yet committed, all of them from the claim in progress: at most the `limit` of one
/// ``dispatchDue(limit:)`` call. The rules for each answer
/// are ``APNsResponseInterpreter``'s and ``FCMResponseInterpreter``'s:
///
/// - accepted: the send ends `accepted`, and the `accepted` engagement event is recorded with it;
/// - purge: the installation's token is removed (only if it still holds the token sent to), the send ends `purged`;
/// - APNs 410: the same, unless the token was refreshed after the answer's timestamp (then `failed`, token kept);
/// - renew: a new credential and one immediate retry; a second refusal ends the send `failed`;
/// - retry: the next attempt after ``RetryPolicy``'s delay (never before `Retry-After`), unless that is at or past
///   the send's expiration (`expired`) or the attempts are used up (`failed`);
/// - fail: the send ends `failed`, the token is kept.
///
/// A send whose installation was signed out, purged, or moved to another account before its claim ends `dropped`
/// without a request: a device now signed in as someone else never gets the previous user's push. So does one whose
/// device reported the permission revoked since the fan-out (`permission_denied`), unless it is a background push,
/// which shows nothing. The installations are read once
/// per claim, in one query.
///
/// Several dispatchers may share one store (PostgreSQL across machines, SQLite across processes of one machine);
/// the lease must be longer than one call of ``dispatchDue(limit:)`` takes, or a slow dispatcher's sends are taken by
/// another while it still holds them: a second request, never a second committed outcome. The lease's end fences the
/// claim's commits (``PendingSend/claimedUntil``): once another dispatcher claimed a send, this one's outcome for it
/// changes nothing and its decision is ``DispatchDecision/Kind/superseded``. A call of
/// ``dispatchDue(limit:)`` while another of the same dispatcher is running returns at once with no decisions.
///
/// A dispatcher claims the sends of its ``platforms`` only, the push services its credentials are configured for:
/// the others stay pending, their attempts unspent, until a dispatcher that covers them claims them. Senders may
/// split the platforms (one with the APNs key, another with the FCM service account); a platform no sender covers
/// keeps its sends pending (counted in ``PushServer/dueSendCount(now:)``) until one does or they are erased.
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
    /// The name this dispatcher claims under (in PostgreSQL's `push_send.lease_owner`, for an operator).
    public let owner: String
    /// How long a claim keeps its sends from other dispatchers.
    public let lease: Duration
    /// The most outcomes committed in one transaction.
    public let commitBatchSize: Int
    /// The push services whose sends it claims: those its credentials are configured for
    /// (``ProviderCredentials/platforms``).
    public let platforms: Set<PushPlatform>

    /// Creates a dispatcher.
    ///
    /// - Parameters:
    ///   - server: The server whose outbox it sends.
    ///   - transport: The backend's HTTP client.
    ///   - credentials: The provider token and access token source; its ``ProviderCredentials/platforms`` are the
    ///     sends claimed.
    ///   - clock: The clock every decision is timed by.
    ///   - random: The jitter's source (seeded in tests).
    ///   - maximumInFlight: The most requests in flight at once (100 by default; at least 1).
    ///   - owner: The name it claims under (`sender` by default; give each dispatcher its own, host and process).
    ///   - lease: How long a claim lasts (60 seconds by default; at least 1 second).
    ///   - commitBatchSize: The most outcomes per transaction (500 by default; at least 1; 1 commits each alone).
    public init(
        server: PushServer, transport: any PushTransport, credentials: any ProviderCredentials,
        clock: any WaveClock, random: some RandomNumberGenerator & Sendable, maximumInFlight: Int = 100,
        owner: String = "sender", lease: Duration = .seconds(60), commitBatchSize: Int = 500
    ) {
        self.maximumInFlight = max(1, maximumInFlight)
        self.owner = owner
        self.lease = max(lease, .seconds(1))
        self.commitBatchSize = max(1, commitBatchSize)
        self.server = server
        self.transport = transport
        self.credentials = credentials
        self.platforms = credentials.platforms
        self.clock = clock
        self.policy = RetryPolicy(base: server.configuration.backoffBase, cap: server.configuration.backoffCap)
        self.random = WaveLock(random)
    }

    /// Claims the sends due at the clock's instant, earliest first, and attempts them, up to ``maximumInFlight``
    /// requests at once.
    ///
    /// The requests overlap; the outcomes are decided in the order of the sends (each after its own answer) and
    /// committed in batches, so the decisions, the jitter drawn for retries and the store's end state are the same
    /// whatever order the answers come in. Two sends to one installation are never in flight together: the second
    /// waits for the first's outcome, committed before it starts (its token may be purged by it), and a phone gets
    /// its pushes in the order of their events.
    ///
    /// - Parameters:
    ///   - limit: The most sends claimed in this call.
    ///   - onCommit: Called on this task after each batch of outcomes is committed, with that batch's decisions in
    ///     the order they were committed (a renewal's retry before its outcome): a log written from it holds every
    ///     committed decision even when the process is killed before the call returns, and none that was not
    ///     committed.
    /// - Returns: The decisions, in the order of the sends; none when another call is running.
    /// - Throws: ``PushStoreError`` when outcomes cannot be recorded (those sends stay pending, due again when the
    ///   lease ends). No request is started after it; those already in flight are answered and committed first, and
    ///   the sends not started are given back. The same when the calling task is cancelled, without the throw.
    public func dispatchDue(
        limit: Int = 1_000, onCommit: ([DispatchDecision]) -> Void = { _ in }
    ) async throws -> [DispatchDecision] {
        let started = isDispatching.withLock { busy in
            defer { busy = true }
            return !busy
        }
        guard started else { return [] }
        defer { isDispatching.withLock { $0 = false } }
        // Every store call goes through the server's store thread (``PushServer/run(_:)``): none waits on this task's.
        let (now, lease, owner, platforms) = (clock.now, lease, owner, platforms)
        let sends = try await server.run {
            try $0.claimDue(now: now, limit: limit, lease: lease, owner: owner, platforms: platforms)
        }
        guard !sends.isEmpty else { return [] }
        let installations: [String: Installation]
        do {
            let ids = Array(Set(sends.map(\.installationID)))
            installations = try await server.run { try $0.installations(ids: ids) }
        } catch {
            throw await releasing(sends, after: error)
        }
        var round = DispatchRound<Attempted>(
            sends: sends, installations: installations, maximumInFlight: maximumInFlight,
            commitBatchSize: commitBatchSize)
        let result = await withTaskGroup(of: (Int, Attempted).self) { group in
            while true {
                switch round.next(cancelled: Task.isCancelled) {
                case .read(let installationID):
                    do {
                        round.read(installationID, try await server.run { try $0.installation(installationID) })
                    } catch {
                        round.fail(error)
                    }
                case .start(let position, let installation):
                    let send = sends[position]
                    switch prepare(send, installation) {
                    case .finished(let decision, let commit):
                        round.decided(position, [decision], commit)
                    case .ready(let installation):
                        round.started(position)
                        group.addTask { (position, await self.request(send, to: installation)) }
                    }
                case .decide(let position, let attempted):
                    do {
                        let (made, commit) = try await complete(sends[position], attempted)
                        round.decided(position, made, commit)
                    } catch {
                        round.failed(position, error)
                    }
                case .commit(let commits):
                    do {
                        onCommit(round.committed(try await server.run { try $0.recordOutcomes(commits) }))
                    } catch {
                        round.fail(error)
                    }
                case .wait:
                    // The round waits only while a request is in flight, so an answer comes.
                    if let (position, attempted) = await group.next() { round.answered(position, attempted) }
                case .done(let result):
                    return result
                }
            }
        }
        return try result.get()
    }

    /// Gives a claim back after `error` stopped the call before any attempt, rather than leaving its sends to the
    /// lease, and returns the error to throw: `error`, or, when the give-back fails too (the sends then stay claimed
    /// until the lease ends and are due again then, nothing lost), `error` naming that second failure as well, so the
    /// operator reads both.
    private func releasing(_ sends: [PendingSend], after error: any Error) async -> any Error {
        do {
            let releases = sends.map { SendCommit.release($0) }
            _ = try await server.run { try $0.recordOutcomes(releases) }
            return error
        } catch let releaseError {
            guard var storeError = error as? PushStoreError else { return error }
            storeError.detail += "; giving the claim back failed too (its sends wait for the lease): \(releaseError)"
            return storeError
        }
    }

    /// What one request came to: the installation it went to, the attempt, the request and answer, and the verdict.
    struct Attempted: Sendable {
        var installation: Installation
        var attempt: Int
        var request: ProviderRequest?
        var response: ProviderResponse?
        var verdict: ProviderVerdict
    }

    /// Whether a send may be attempted now, or how it ended without a request.
    private enum Preparation {
        case ready(Installation)
        case finished(DispatchDecision, SendCommit)
    }

    /// The checks before an attempt: the installation still this user's, its permission, the expiration.
    ///
    /// - Parameter installation: The send's installation as stored, or `nil` when it is gone.
    private func prepare(_ send: PendingSend, _ installation: Installation?) -> Preparation {
        let now = clock.now
        func ended(_ kind: DispatchDecision.Kind, _ state: SendRecord.State, _ reason: DispatchReason) -> Preparation {
            .finished(
                DispatchDecision(
                    kind: kind, at: now, sendID: send.sendID, messageID: send.messageID,
                    installationID: send.installationID, platform: send.platform, attempt: send.attempts,
                    status: nil, reason: reason, retryAt: nil, token: nil, request: nil),
                .finish(
                    send,
                    SendOutcome(
                        state: state, attempts: send.attempts, status: nil, reason: reason.description, at: now)))
        }
        guard let installation, installation.userID == send.userID, installation.platform == send.platform else {
            return ended(.dropped, .dropped, .installationGone)
        }
        guard installation.permission.allowsDelivery || send.isBackground else {
            // The app reported the permission revoked after the fan-out: the push would not be shown (a background
            // push shows nothing and goes regardless).
            return ended(.dropped, .dropped, .permissionDenied)
        }
        guard now < send.expiresAt else {
            return ended(.expired, .expired, .expiredBeforeAttempt)
        }
        return .ready(installation)
    }

    /// Makes one request: a credential (unless `renewed` is the new one for this platform), the request, the answer
    /// and what it means. Records nothing.
    private func request(
        _ send: PendingSend, to installation: Installation, renewed: (platform: PushPlatform, credential: String)? = nil
    ) async -> Attempted {
        let now = clock.now
        let attempt = send.attempts + 1
        let credential: String
        if let renewed, renewed.platform == installation.platform {
            credential = renewed.credential
        } else {
            do {
                credential = try await credentials.credential(for: installation.platform, renew: false)
            } catch {
                return Attempted(
                    installation: installation, attempt: attempt, request: nil, response: nil,
                    verdict: .retry(reason: .noCredential(String(describing: error)), after: nil))
            }
        }
        let request = ProviderRequestBuilder.request(
            for: send, to: installation, credential: credential, attempt: attempt, now: now,
            configuration: server.configuration)
        let response: ProviderResponse?
        let verdict: ProviderVerdict
        do {
            let answer = try await transport.send(request)
            response = answer
            verdict =
                installation.platform == .apns
                ? APNsResponseInterpreter.verdict(for: answer) : FCMResponseInterpreter.verdict(for: answer)
        } catch {
            // Kept with its description and classified: a reset connection is retried, a certificate that does not
            // verify fails the send at once.
            response = nil
            verdict = .noAnswer(error)
        }
        return Attempted(
            installation: installation, attempt: attempt, request: request, response: response, verdict: verdict)
    }

    /// Decides what an answer means; a first refused credential is renewed and the send retried at once.
    ///
    /// - Returns: The decisions (a renewal's retry, then the outcome) and the outcome's commit.
    private func complete(
        _ send: PendingSend, _ attempted: Attempted
    ) async throws -> ([DispatchDecision], SendCommit) {
        var send = send
        var attempted = attempted
        var decisions: [DispatchDecision] = []
        while case .renewCredential(let reason) = attempted.verdict, !send.renewed {
            // The new credential first, so the retry's line says "new credential" only when there is one: APNs
            // allows one provider token per 20 minutes, so a young token's refusal waits, saying why.
            let platform = attempted.installation.platform
            let renewed: String
            do {
                renewed = try await credentials.credential(for: platform, renew: true)
            } catch {
                attempted.verdict = .retry(
                    reason: .noNewCredential(reason, String(describing: error)), after: nil)
                break
            }
            // One immediate retry with the new credential, committed at once so a crash cannot loop on it. The send
            // stays claimed (due when the lease ends, as a claimed send is); a claim another sender took over ends
            // here.
            let now = clock.now
            let status = attempted.response?.status
            send.attempts = attempted.attempt
            send.renewed = true
            var decision = DispatchDecision(
                kind: .retry, at: now, sendID: send.sendID, messageID: send.messageID,
                installationID: send.installationID, platform: send.platform, attempt: attempted.attempt,
                status: status, reason: .renewingCredential(reason), retryAt: now, token: nil,
                request: attempted.request)
            let (renewedSend, attempt, due) = (send, attempted.attempt, send.claimedUntil ?? now)
            guard
                try await server.run({
                    try $0.reschedule(
                        renewedSend, attempts: attempt, renewed: true, status: status, reason: reason.description,
                        due: due)
                })
            else {
                decision.supersede()
                return (decisions + [decision], .release(send))
            }
            decisions.append(decision)
            // No other outcome for this installation is waiting to be committed (its sends go one at a time, each
            // committed before the next starts), so the stored installation is current.
            let installationID = send.installationID
            switch prepare(send, try await server.run { try $0.installation(installationID) }) {
            case .finished(let decision, let commit):
                return (decisions + [decision], commit)
            case .ready(let installation):
                attempted = await request(send, to: installation, renewed: (platform, renewed))
            }
        }
        let (decision, commit) = settle(
            send, attempted.verdict, attempt: attempted.attempt, response: attempted.response,
            request: attempted.request, attempted.installation)
        return (decisions + [decision], commit)
    }

    /// Decides the outcome of one verdict: its decision and what to commit.
    private func settle(
        _ send: PendingSend, _ verdict: ProviderVerdict, attempt: Int, response: ProviderResponse?,
        request: ProviderRequest?, _ installation: Installation
    ) -> (DispatchDecision, SendCommit) {
        let now = clock.now
        let status = response?.status
        var result = DispatchDecision(
            kind: .failed, at: now, sendID: send.sendID, messageID: send.messageID,
            installationID: send.installationID, platform: send.platform, attempt: attempt, status: status,
            reason: nil, retryAt: nil, token: nil, request: request)
        func ending(_ state: SendRecord.State, _ reason: DispatchReason?) -> SendCommit {
            .finish(
                send,
                SendOutcome(state: state, attempts: attempt, status: status, reason: reason?.description, at: now))
        }
        func purging(_ reason: DispatchReason) -> SendCommit {
            result.kind = .purged
            result.reason = reason
            result.token = installation.token
            return .purge(
                send,
                SendOutcome(state: .purged, attempts: attempt, status: status, reason: reason.description, at: now),
                token: installation.token)
        }
        switch verdict {
        case .accepted:
            result.kind = .accepted
            return (result, ending(.accepted, nil))
        case .purgeToken(let reason):
            let commit = purging(reason)
            return (result, commit)
        case .unregistered(let reason, let since):
            if let since, installation.refreshedAt > since {
                let kept = DispatchReason.unregisteredBeforeRefresh(reason)
                result.reason = kept
                return (result, ending(.failed, kept))
            }
            let commit = purging(reason)
            return (result, commit)
        case .renewCredential(let reason):
            let refused = DispatchReason.refusedAfterRenewal(reason)
            result.reason = refused
            return (result, ending(.failed, refused))
        case .fail(let reason):
            result.reason = reason
            return (result, ending(.failed, reason))
        case .retry(let reason, let after):
            let delay = random.withLock { generator in
                policy.delay(afterAttempt: attempt, retryAfter: after, using: &generator)
            }
            let retryAt = now.addingTimeInterval(delay.timeInterval)
            if attempt >= server.configuration.maximumAttempts {
                let gaveUp = DispatchReason.gaveUp(reason, attempts: attempt)
                result.reason = gaveUp
                return (result, ending(.failed, gaveUp))
            }
            if retryAt >= send.expiresAt {
                let expired = DispatchReason.retryAfterExpiration(reason)
                result.kind = .expired
                result.reason = expired
                return (result, ending(.expired, expired))
            }
            result.kind = .retry
            result.reason = reason
            result.retryAt = retryAt
            return (
                result,
                .reschedule(
                    send, attempts: attempt, renewed: send.renewed, status: status, reason: reason.description,
                    due: retryAt)
            )
        }
    }
}
