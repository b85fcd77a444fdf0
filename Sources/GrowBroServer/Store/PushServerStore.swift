package import Foundation
package import GrowBroNotifications
package import WaveNotifications
internal import WavePushPayloads

/// Where the server keeps its state: what every store must do, so SQLite (``SQLitePushServerStore``, the embedded
/// default) and a second store (a PostgreSQL one, say) are interchangeable behind ``PushServer``.
///
/// Implementation requirements:
/// - Each call is one transaction: when it returns, its change is durable (acknowledged means on disk); when it
///   throws, nothing of it is kept. Calls may come from any task at once.
/// - A store decides nothing: the rules come in as closures (``TokenRules``, ``FanOutRules``) or as values the
///   server computed. A store reads what a rule needs, asks it inside the transaction, and records the answer, so
///   two stores given the same calls end in the same state.
/// - Input is already validated by the server. A store throws ``GrowBroServerError`` only for what it alone can
///   see (an unknown user, a reused message id, an unknown installation or message), and ``PushStoreError`` for
///   its own failures, never its library's error type.
/// - Orders are part of the contract (they reach `wavepush` output): installations by id, sends by send id (the
///   order they were recorded), token changes in the order logged, due sends by rank (the due instant plus the
///   send's ``SendPriority/claimLag``: ``SendPriority/rank(due:)``) then send id, inbox pages newest first (equal instants later-added first).
/// - A send is recorded `pending` before any attempt and leaves `pending` once; an outcome recorded for a send
///   no longer pending changes nothing (a crash between an answer and its commit re-sends at most that one).
package protocol PushServerStore: Sendable {
    /// Closes the store; any later call fails with ``PushStoreError/Kind-swift.enum/closed``.
    func close()

    /// The store's own consistency check: `["ok"]` when sound, else its list of problems.
    func integrityCheck() throws -> [String]

    // MARK: Users and settings

    /// The user's archive age in days, or `nil` for a user the store has never seen.
    func archiveDays(of userID: String) throws -> Int?

    /// Records category switches (channels not named keep theirs) and, when given, the archive age; a new user
    /// starts with `newUserArchiveDays`.
    func setPreferences(
        userID: String, channels: [GrowBroChannel: Bool], archiveDays: Int?, newUserArchiveDays: Int, at instant: Date
    ) throws

    // MARK: Tokens

    /// Registers installations' tokens in order, all in one transaction (all are recorded or, when one throws, none):
    /// for each, adds the user when new, reads the installation and the other holders of its token, records the
    /// changes `decide` returns for them (given the registration's index), and logs them in order. One registration
    /// is a batch of one.
    ///
    /// - Returns: Each registration's changes, in order.
    func register(
        batch registrations: [TokenRegistration], newUserArchiveDays: Int,
        decide: (_ index: Int, _ existing: Installation?, _ holders: [Installation]) -> [TokenChange]
    ) throws -> [[TokenChange]]

    /// Removes an installation and logs `decide`'s change; `nil`, with nothing changed, when it is unknown.
    func logout(installationID: String, decide: (Installation) -> TokenChange) throws -> TokenChange?

    /// Removes the installations refreshed strictly before `limit` (milliseconds since 1970) that `decide` names,
    /// reading them oldest refresh first, and logs its changes.
    func purgeStaleTokens(
        refreshedBefore limit: Int64, decide: ([Installation]) -> [TokenChange]
    ) throws
        -> [TokenChange]

    /// A user's live installations, by id.
    func installations(of userID: String) throws -> [Installation]

    /// One live installation, or `nil`.
    func installation(_ installationID: String) throws -> Installation?

    /// The live installations among `installationIDs`, by id (an unknown id is absent): one read for a claimed
    /// batch, where one call of ``installation(_:)`` per send would cost a round trip each.
    func installations(ids installationIDs: [String]) throws -> [String: Installation]

    /// Every token change logged, oldest first.
    func tokenChanges() throws -> [TokenChange]

    // MARK: Fan-out

    /// Records a message and its inbox entry, then one pending send per installation of the recipient that `skip`
    /// does not skip (given the recipient's switch for the channel), with the payload `payload` builds for the
    /// badge (the recipient's unread count after the entry) and the installation's platform, due at the message's
    /// instant with its ``FanOutMessage/priority``.
    ///
    /// - Throws: ``GrowBroServerError/unknownUser(_:)``, ``GrowBroServerError/duplicateMessage(_:)``, or what
    ///   `payload` throws; nothing is recorded then.
    func fanOut(
        _ message: FanOutMessage, skip: (Installation, _ channelEnabled: Bool, _ background: Bool) -> String?,
        payload: (_ badge: Int, PushPlatform) throws -> String
    ) throws -> FanOutResult

    /// Records a batch of messages as ``fanOut(_:skip:payload:)`` does each, all in one transaction: a message the
    /// store refuses (unknown user, reused id, a payload that throws ``GrowBroServerError``) leaves nothing of
    /// itself and is reported in its place; the others commit together or, when the store fails, not at all.
    ///
    /// - Returns: One result per message, in order.
    func fanOut(
        batch messages: [FanOutMessage], skip: (Installation, _ channelEnabled: Bool, _ background: Bool) -> String?,
        payload: (_ index: Int, _ badge: Int, PushPlatform) throws -> String
    ) throws -> [Result<FanOutResult, GrowBroServerError>]

    // MARK: Outbox

    /// The sends of one message (every send when `nil`), by send id.
    func sends(of messageID: String?) throws -> [SendRecord]

    /// How many sends are pending.
    func pendingSendCount() throws -> Int

    /// The earliest instant a pending send is due, or `nil`.
    func nextDueInstant() throws -> Date?

    /// Up to `limit` pending sends due at `now`, by rank (``SendPriority/rank(due:)``) then send id.
    func dueSends(now: Date, limit: Int) throws -> [PendingSend]

    /// Claims up to `limit` pending sends due at `now`, by rank (``SendPriority/rank(due:)``) then send id, for `owner` until `now + lease` (each
    /// send's ``PendingSend/claimedUntil``): no other claim returns them before the lease ends, and a sender that dies
    /// holding them leaves them due again then. Several senders (processes, machines) may claim at once; no send is returned to two live claims.
    func claimDue(now: Date, limit: Int, lease: Duration, owner: String) throws -> [PendingSend]

    /// Records a batch of outcomes in one transaction, each as ``finish(_:_:)``, ``reschedule(_:attempts:renewed:
    /// status:reason:due:)`` or ``purge(_:_:decide:)`` would, or, for a release, giving the send back due at its
    /// instant before the claim; `decide` gets a purge's token, reason, instant and the installation as stored.
    ///
    /// A commit takes effect only while its send is pending and, for a claimed send, still held by the claim it was
    /// made under (``PendingSend/claimedUntil``, the fence): once a lease ended and another sender claimed the send,
    /// the first sender's late commit changes nothing, a purge's installation included.
    ///
    /// - Returns: The token changes logged by purges, in order, and the sends whose commit took no effect.
    func recordOutcomes(
        _ commits: [SendCommit], decide: (_ token: String, _ reason: String, _ at: Date, Installation?) -> TokenChange?
    ) throws -> RecordedOutcomes

    /// Ends a pending send with `outcome`; an accepted one also records the `accepted` engagement event.
    func finish(_ send: PendingSend, _ outcome: SendOutcome) throws

    /// Records a failed attempt of a pending send and when the next is due.
    ///
    /// - Returns: Whether it took effect: `false` when the send ended, or when its claim's lease ended and another
    ///   sender claimed it (``PendingSend/claimedUntil``).
    @discardableResult
    func reschedule(
        _ send: PendingSend, attempts: Int, renewed: Bool, status: Int?, reason: String?, due: Date
    ) throws -> Bool

    /// Ends a send `purged` and, reading its installation, records and logs the change `decide` returns for it
    /// (none when the installation no longer holds the token).
    func purge(
        _ send: PendingSend, _ outcome: SendOutcome, decide: (Installation?) -> TokenChange?
    ) throws -> TokenChange?

    /// Starts calling `onNewSends` soon after each commit that records sends, made through any connection to the
    /// store (another process's or machine's included), from a thread of the store's own; a failure of the watch
    /// (its connection lost) goes to `onError`, and the watch keeps trying. `nil` when the store cannot tell: a
    /// sender then relies on its idle check.
    func watchNewSends(
        _ onNewSends: @escaping @Sendable () -> Void, onError: @escaping @Sendable (any Error) -> Void
    ) -> (any NewSendsWatch)?

    // MARK: Engagement

    /// Records an engagement event once per message, installation and kind: `false` when already recorded.
    ///
    /// - Throws: ``GrowBroServerError`` for a message never sent, or never sent to that installation.
    func recordEngagement(
        _ kind: EngagementKind, messageID: String, installationID: String, at instant: Date
    ) throws -> Bool

    /// Each channel's counts over the sends recorded in `[from, to)`, in `GrowBroChannel.allCases` order; opt-in
    /// counts are the current state.
    func categoryReports(from: Date, to: Date) throws -> [CategoryReport]

    // MARK: Inbox

    /// Adds entries to a user's inbox.
    func addInboxEntries(_ entries: [InboxEntry], userID: String) throws

    /// Marks a user's entries with the identifier read (`deleting` false) or deleted; returns how many had it.
    func markInboxEntries(identifier: String, userID: String, deleting: Bool, at instant: Date) throws -> Int

    /// How many of a user's entries are visible (unread ones only when `unreadOnly`): not deleted, received at or
    /// after `oldest` (milliseconds since 1970; the server applies the archive rule).
    func inboxCount(userID: String, unreadOnly: Bool, receivedSince oldest: Int64) throws -> Int

    /// Up to `limit` of a user's visible entries (as ``inboxCount(userID:unreadOnly:receivedSince:)`` counts them)
    /// after `cursor`, newest first (equal instants later-added first), each with its cursor. The server cuts the
    /// page from them.
    func inboxRows(
        userID: String, after cursor: InboxCursor?, receivedSince oldest: Int64, limit: Int
    ) throws -> [InboxRow]

    /// Erases a user's notifications for good: deletes the inbox entries, blanks every send's payload and ends the
    /// pending sends `dropped` with `reason` (the server's, `gdpr_erase`); returns those sends as they were, by send id.
    func eraseAll(userID: String, droppedReason reason: String) throws -> [SendRecord]
}
