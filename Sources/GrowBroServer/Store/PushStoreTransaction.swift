package import Foundation
package import WaveNotifications

/// The reads and writes a store offers inside one of its transactions (``PushServerStore/transaction(_:)``): the
/// primitives the server's orchestration (registration, fan-out, outcomes, engagement) is written over, once for
/// every store.
///
/// Implementation requirements:
/// - A primitive decides nothing: it reads what it is asked, or writes what it is given, as one store's statements.
///   The rules (which changes a registration makes, which installation a fan-out skips, the badge, what a finish
///   records beside it) are the server's.
/// - Batch-shaped: a call takes every row of its kind at once, so a store whose round trips cost (PostgreSQL) answers
///   a batch in one statement, and an embedded one (SQLite) in a loop over one prepared statement.
/// - A read that precedes a write of the same rows (`locking`) keeps them for the transaction: on PostgreSQL
///   `FOR UPDATE`; SQLite's one writer already does.
/// - Orders as named; a write's rows are written in the order given (send ids and the token log follow it).
/// - A failure is thrown as the store's error; the store turns it into ``PushStoreError`` when the transaction ends.
package protocol PushStoreTransaction {
    // MARK: Users

    /// The archive age in days of each known user among `userIDs` (an unknown user is absent).
    func archiveDays(of userIDs: [String]) throws -> [String: Int]

    /// Adds the user with `archiveDays` when absent; a known user keeps its own.
    func addUser(_ userID: String, archiveDays: Int, at instant: Date) throws

    /// The channels each of `userIDs` switched off (a user with none is absent).
    func switchedOffChannels(of userIDs: [String]) throws -> [String: Set<String>]

    // MARK: Installations and the token log

    /// The live installations among `installationIDs` (an unknown id is absent); `locking` keeps them.
    func installations(ids installationIDs: [String], locking: Bool) throws -> [String: Installation]

    /// Each of `userIDs`' live installations, by id (a user with none is absent).
    func installations(ofUsers userIDs: [String]) throws -> [String: [Installation]]

    /// The installations other than `installationID` holding `token` on `platform`, by id, locked.
    func installations(
        holding token: String, platform: PushPlatform, except installationID: String
    ) throws -> [Installation]

    /// The installations refreshed strictly before `limit` (milliseconds since 1970), oldest refresh first (equal
    /// instants by id), locked.
    func installations(refreshedBefore limit: Int64) throws -> [Installation]

    /// Adds an installation.
    func insertInstallation(_ installation: Installation) throws

    /// Replaces a live installation's platform, token, environment, permission and refresh instant with
    /// `installation`'s (its user and registration instant stay).
    func updateInstallation(_ installation: Installation) throws

    /// Removes installations.
    func deleteInstallations(_ installationIDs: [String]) throws

    /// Appends changes to the token log, in order.
    func logTokenChanges(_ changes: [TokenChange]) throws

    // MARK: Fan-out

    /// The unread, not deleted inbox entries of each window's user received at or after its `oldest` (milliseconds
    /// since 1970), in the windows' order.
    func unreadCounts(_ windows: [(userID: String, oldest: Int64)]) throws -> [Int]

    /// Records messages whose id is new (the ids given are distinct).
    ///
    /// - Returns: The ids recorded: an id already recorded (by this store's earlier calls or another writer's) is
    ///   not.
    func insertMessages(_ messages: [FanOutMessage]) throws -> Set<String>

    /// Removes messages recorded earlier in this transaction that end up with nothing of theirs recorded.
    func deleteMessages(_ messageIDs: [String]) throws

    /// Adds inbox entries, each to its user's inbox, in order.
    func insertInboxEntries(_ entries: [(userID: String, entry: InboxEntry)]) throws

    /// Records pending sends, due at their creation, in order.
    ///
    /// - Returns: Their send ids, in order (increasing).
    func insertSends(_ sends: [NewSend]) throws -> [Int64]

    // MARK: Outbox

    /// Ends the sends still pending and, for a claimed one, still held by its claim (the fence,
    /// ``PendingSend/claimedUntil``), each with its outcome, and records the engagement event each one that ended
    /// carries (``SendFinish/records``) as ``insertEngagements(_:)`` does (an event recorded before stays); the send
    /// ids given are distinct. One statement on a store whose round trips cost: nearly every finish of a dispatch
    /// carries its `accepted` event.
    ///
    /// - Returns: The sends it ended.
    func finishSends(_ finishes: [SendFinish]) throws -> Set<Int64>

    /// Records a failed attempt of a send still pending and held by its claim, and when the next is due.
    ///
    /// - Returns: Whether it took effect.
    func rescheduleSend(
        _ send: PendingSend, attempts: Int, renewed: Bool, status: Int?, reason: String?, due: Date
    ) throws -> Bool

    /// Gives a send still pending and held by its claim back, due at its instant before the claim.
    ///
    /// - Returns: Whether it took effect.
    func releaseSend(_ send: PendingSend) throws -> Bool

    // MARK: Engagement

    /// How many sends `messageID` has, and how many of them went to `installationID`.
    func sendCounts(messageID: String, installationID: String) throws -> (message: Int, installation: Int)

    /// Records engagement events not recorded before (one per message, installation and kind; the events given are
    /// distinct).
    ///
    /// - Returns: How many were new.
    func insertEngagements(_ events: [EngagementEvent]) throws -> Int
}
