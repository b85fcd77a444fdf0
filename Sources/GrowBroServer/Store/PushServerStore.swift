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
/// - A store decides nothing: registration, fan-out, outcomes and engagement are the server's orchestration, written
///   once over the primitives a store offers inside ``transaction(_:)`` (``PushStoreTransaction``); the other calls
///   read or write what they are given. Two stores given the same calls end in the same state.
/// - Input is already validated by the server. A store throws ``GrowBroServerError`` only for what it alone can
///   see (an unknown user, a reused message id, an unknown installation or message), and ``PushStoreError`` for
///   its own failures, never its library's error type.
/// - Orders are part of the contract (they reach `wavepush` output): installations by id, sends by send id (the
///   order they were recorded), token changes in the order logged, due sends by rank (the due instant plus the
///   send's ``SendPriority/claimLag``: ``SendPriority/rank(due:)``) then send id, inbox pages newest first (equal
///   instants later-added first).
/// - A send is recorded `pending` before any attempt and leaves `pending` once; an outcome recorded for a send
///   no longer pending changes nothing (a crash between an answer and its commit re-sends at most that one).
/// - A sender sees the sends of its platforms only (the push services its credentials cover,
///   ``PushDispatcher/platforms``): ``claimDue(now:limit:lease:owner:platforms:)`` and
///   ``nextDueInstant(platforms:)`` read only the pending sends whose `platform` is in the set given (none for an
///   empty set). A send of another platform is neither returned nor touched (its attempts, due instant and lease
///   stay): it waits, however long, for a sender that covers it, so senders may split the platforms between them.
///   The counts (``pendingSendCount()``, ``dueSendCount(now:)``) are every platform's: the backlog an operator
///   watches shows the sends no running sender covers.
package protocol PushServerStore: Sendable {
    /// Closes the store; any later call fails with ``PushStoreError/Kind-swift.enum/closed``.
    func close()

    /// The store's own consistency check: `["ok"]` when sound, else its list of problems.
    func integrityCheck() throws -> [String]

    /// Runs `body` in one transaction with the store's primitives: when it returns, its changes are durable; when it
    /// throws, nothing of it is kept and its error is rethrown, a store failure as ``PushStoreError``. The server's
    /// orchestration runs here; calls from other tasks wait.
    func transaction<T: Sendable>(_ body: (any PushStoreTransaction) throws -> T) throws -> T

    // MARK: Users and settings

    /// The user's archive age in days, or `nil` for a user the store has never seen.
    func archiveDays(of userID: String) throws -> Int?

    /// Records category switches (channels not named keep theirs) and, when given, the archive age; a new user
    /// starts with `newUserArchiveDays`.
    func setPreferences(
        userID: String, channels: [GrowBroChannel: Bool], archiveDays: Int?, newUserArchiveDays: Int, at instant: Date
    ) throws

    // MARK: Tokens

    /// A user's live installations, by id.
    func installations(of userID: String) throws -> [Installation]

    /// One live installation, or `nil`.
    func installation(_ installationID: String) throws -> Installation?

    /// The live installations among `installationIDs`, by id (an unknown id is absent): one read for a claimed
    /// batch, where one call of ``installation(_:)`` per send would cost a round trip each.
    func installations(ids installationIDs: [String]) throws -> [String: Installation]

    /// Every token change logged, oldest first.
    func tokenChanges() throws -> [TokenChange]

    // MARK: Outbox

    /// The sends of one message (every send when `nil`), by send id.
    func sends(of messageID: String?) throws -> [SendRecord]

    /// How many sends are pending.
    func pendingSendCount() throws -> Int

    /// The earliest instant a pending send of one of `platforms` is due, or `nil`.
    func nextDueInstant(platforms: Set<PushPlatform>) throws -> Date?

    /// How many pending sends are due at `now`: the backlog an operator watches (a claim moves its sends' due instant
    /// to the lease's end, so a claimed send is not counted).
    func dueSendCount(now: Date) throws -> Int

    /// Claims up to `limit` pending sends of `platforms` due at `now`, by rank (``SendPriority/rank(due:)``) then
    /// send id, for `owner` until `now + lease` (each send's ``PendingSend/claimedUntil``): no other claim returns
    /// them before the lease ends, and a sender that dies holding them leaves them due again then. Several senders
    /// (processes, machines) may claim at once; no send is returned to two live claims.
    func claimDue(
        now: Date, limit: Int, lease: Duration, owner: String, platforms: Set<PushPlatform>
    ) throws -> [PendingSend]

    /// Starts calling `onNewSends` soon after each commit that records sends, made through any connection to the
    /// store (another process's or machine's included), from a thread of the store's own; a failure of the watch
    /// (its connection lost) goes to `onError`, and the watch keeps trying. `nil` when the store cannot tell: a
    /// sender then relies on its idle check.
    func watchNewSends(
        _ onNewSends: @escaping @Sendable () -> Void, onError: @escaping @Sendable (any Error) -> Void
    ) -> (any NewSendsWatch)?

    // MARK: Engagement

    /// The counts the engagement report is made from: the users with a live installation; per channel of
    /// `channels`, those of them with an installation whose permission is in `optInPermissions` who did not switch
    /// it off; and the sends recorded in `[from, to)` of those channels and their engagement events, counted by
    /// channel, state, platform (and kind).
    func reportCounts(
        channels: [String], optInPermissions: [PermissionStatus], from: Date, to: Date
    ) throws -> ReportCounts

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
