public import Foundation
public import WavePushPayloads

extension PushServer {
    /// Every send of a message, by outbox id.
    ///
    /// - Parameter messageID: The message id.
    /// - Returns: The sends.
    /// - Throws: ``PushStoreError``.
    public func sends(of messageID: String) throws -> [SendRecord] {
        try store.sends(of: messageID)
    }

    /// Every send in the outbox, by outbox id.
    ///
    /// - Returns: The sends.
    /// - Throws: ``PushStoreError``.
    public func allSends() throws -> [SendRecord] {
        try store.sends(of: nil)
    }

    /// How many sends are still pending.
    ///
    /// - Returns: The count.
    /// - Throws: ``PushStoreError``.
    public func pendingSendCount() throws -> Int {
        try store.pendingSendCount()
    }

    /// The earliest instant a pending send of `platforms` is due, or `nil` when none is pending.
    ///
    /// - Parameter platforms: The push services whose sends count (every one by default; a sender's own,
    ///   ``PushDispatcher/platforms``, for when it has something to send).
    /// - Returns: The instant.
    /// - Throws: ``PushStoreError``.
    public func nextDueInstant(platforms: Set<PushPlatform> = Set(PushPlatform.allCases)) throws -> Date? {
        try store.nextDueInstant(platforms: platforms)
    }

    /// How many pending sends are due at `now` and waiting for a sender: the backlog, every sender's (a claimed send
    /// is due again only when its lease ends).
    ///
    /// - Parameter now: The instant.
    /// - Returns: The count.
    /// - Throws: ``PushStoreError``.
    public func dueSendCount(now: Date) throws -> Int {
        try store.dueSendCount(now: now)
    }

    /// Calls `onNewSends` soon after sends are recorded through any connection to the store, or `nil` when the store
    /// cannot tell (``PushServerStore/watchNewSends(_:onError:)``): PostgreSQL's `LISTEN`, none for SQLite.
    func watchNewSends(
        _ onNewSends: @escaping @Sendable () -> Void, onError: @escaping @Sendable (any Error) -> Void
    ) -> (any NewSendsWatch)? {
        store.watchNewSends(onNewSends, onError: onError)
    }

    /// Ends a send; an accepted one also records the `accepted` engagement event, in the same transaction.
    func finish(
        _ send: PendingSend, state: SendRecord.State, attempts: Int, status: Int?, reason: String?, at instant: Date
    ) throws {
        try recordOutcomes([
            .finish(send, SendOutcome(state: state, attempts: attempts, status: status, reason: reason, at: instant))
        ])
    }

    /// Records a failed attempt and when the next is due.
    ///
    /// - Returns: Whether it took effect (``OutcomeRecorder``).
    @discardableResult
    func reschedule(
        _ send: PendingSend, attempts: Int, renewed: Bool, status: Int?, reason: String?, due: Date
    ) throws -> Bool {
        try recordOutcomes([
            .reschedule(send, attempts: attempts, renewed: renewed, status: status, reason: reason, due: due)
        ]).unapplied.isEmpty
    }

    /// Purges the token a provider refused (only while the installation still holds it, ``TokenRules``) and ends the
    /// send, in one transaction.
    ///
    /// - Returns: The change logged, or `nil` when the installation no longer holds that token.
    func purge(
        _ send: PendingSend, token: String, attempts: Int, status: Int?, reason: String, at instant: Date
    ) throws -> TokenChange? {
        try recordOutcomes([
            .purge(
                send, SendOutcome(state: .purged, attempts: attempts, status: status, reason: reason, at: instant),
                token: token)
        ]).tokenChanges.first
    }

    /// The live installations among `installationIDs`, by id, in one read.
    func installations(ids installationIDs: [String]) throws -> [String: Installation] {
        try store.installations(ids: installationIDs)
    }

    /// Claims due sends of `platforms` for one sender with a lease (see
    /// ``PushServerStore/claimDue(now:limit:lease:owner:platforms:)``).
    func claimDue(
        now: Date, limit: Int, lease: Duration, owner: String,
        platforms: Set<PushPlatform> = Set(PushPlatform.allCases)
    ) throws -> [PendingSend] {
        try store.claimDue(now: now, limit: limit, lease: lease, owner: owner, platforms: platforms)
    }

    /// Records a batch of outcomes in one transaction; a purge removes the token only while the installation still
    /// holds it (``TokenRules``), and a commit whose claim another sender took over changes nothing
    /// (``OutcomeRecorder/record(_:in:)``).
    ///
    /// - Returns: The token changes logged, in order, and the sends whose commit took no effect.
    @discardableResult
    func recordOutcomes(_ commits: [SendCommit]) throws -> RecordedOutcomes {
        try store.transaction { transaction in try OutcomeRecorder.record(commits, in: transaction) }
    }
}
