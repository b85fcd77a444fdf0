public import Foundation
internal import Synchronization
public import WaveNotifications
internal import WaveSQLite

/// The adapter's durable store in SQLite: pending requests, the delivery history and the inbox, in
/// `<state directory>/notifications.sqlite`; ``LinuxNotificationManager`` keeps its state here.
///
/// Every method is one transaction: when it returns, its change is on disk (write-ahead log, `synchronous=FULL`),
/// and a crash at any point leaves the database before or after it, never in between. The store holds the state
/// directory's lock (an exclusive `flock` on `<directory>/lock`) while open, so one process at a time owns it.
/// Thread-safe: calls from any task are serialized on one connection.
public final class NotificationStore: Sendable {
    /// How the store opens its database.
    public struct Configuration: Sendable {
        /// How long a write waits for another connection's lock before failing (5 seconds by default).
        public var busyTimeout: Duration
        /// Inbox entries older than this many days are archived (30 by default).
        public var inboxArchiveAfterDays: Int

        /// Creates a configuration.
        ///
        /// - Parameters:
        ///   - busyTimeout: How long a write waits for another connection's lock.
        ///   - inboxArchiveAfterDays: Inbox entries older than this many days are archived.
        public init(busyTimeout: Duration = .seconds(5), inboxArchiveAfterDays: Int = 30) {
            self.busyTimeout = busyTimeout
            self.inboxArchiveAfterDays = inboxArchiveAfterDays
        }
    }

    /// The database file's name inside the state directory.
    public static let fileName = "notifications.sqlite"

    /// The database file.
    public let databaseFile: URL
    /// The inbox, in the same database.
    public let inbox: SQLiteInboxStore
    let database: SerializedDatabase
    private let lock: StateDirectoryLock?
    /// The next insertion sequence of a pending request; only read and bumped inside a transaction.
    private let nextSequence: Atomic<Int64>

    /// Opens (creating or upgrading) the store in a state directory, taking the directory's lock.
    ///
    /// - Parameters:
    ///   - directory: The state directory; created if missing.
    ///   - configuration: The busy timeout and the inbox's archive age.
    /// - Throws: ``LinuxNotificationManagerError/stateDirectoryLocked(_:holderPID:)`` when another process holds
    ///   the directory; ``StateStorageError`` when it cannot be created; ``SQLiteError`` when the database
    ///   cannot be opened (a damaged file, a newer schema, a full disk), naming the file and what to do.
    public convenience init(directory: URL, configuration: Configuration = Configuration()) throws {
        let lock = try StateDirectoryLock(directory: directory)
        try self.init(
            databaseFile: directory.appendingPathComponent(Self.fileName, isDirectory: false), holding: lock,
            configuration: configuration)
    }

    /// Opens (creating or upgrading) a database file whose directory lock the caller holds (or does not need).
    ///
    /// - Parameters:
    ///   - databaseFile: The file.
    ///   - lock: The directory lock, kept until ``close()``; `nil` when the caller holds it.
    ///   - configuration: The busy timeout and the inbox's archive age.
    /// - Throws: ``SQLiteError``.
    package init(databaseFile: URL, holding lock: StateDirectoryLock?, configuration: Configuration) throws {
        try Self.refuseEmptiedFile(databaseFile)
        let connection = try SQLiteDatabase(
            path: databaseFile.path, options: .init(busyTimeout: configuration.busyTimeout, synchronous: "FULL"))
        // Erased rows (the inbox's right to erasure, removed requests) are overwritten, not left in free pages.
        try connection.execute("PRAGMA secure_delete=ON")
        try connection.migrate(NotificationStoreSchema.migrations)
        Self.markCreated(databaseFile)
        let maximum = try connection.prepare("SELECT coalesce(max(sequence), 0) FROM pending_request")
        let last = try maximum.step() ? maximum.int64(at: 0) : 0
        self.databaseFile = databaseFile
        self.lock = lock
        nextSequence = Atomic(last + 1)
        database = SerializedDatabase(connection)
        inbox = SQLiteInboxStore(database: database, archiveAfterDays: configuration.inboxArchiveAfterDays)
    }

    /// The suffix of the file that says a store was created beside it (`notifications.sqlite-created`, empty).
    static let createdMarkerSuffix = "-created"

    /// Refuses a store file emptied to 0 bytes where a store was created before: SQLite would open it as a new, empty
    /// database and every pending request would be gone without a word. In a new directory (no marker: a first open
    /// that crashed before its first write) an empty file is a new store.
    ///
    /// - Parameter databaseFile: The store file.
    /// - Throws: ``SQLiteError`` (`SQLITE_NOTADB`), naming the file and what to do, as for any damaged file.
    private static func refuseEmptiedFile(_ databaseFile: URL) throws {
        let files = FileManager.default
        guard let size = (try? files.attributesOfItem(atPath: databaseFile.path))?[.size] as? NSNumber,
            size.intValue == 0, files.fileExists(atPath: databaseFile.path + createdMarkerSuffix)
        else { return }
        throw SQLiteError(
            code: 26,
            message: "the file is empty, but a store was created here before "
                + "(\(databaseFile.lastPathComponent + createdMarkerSuffix) is beside it)",
            path: databaseFile.path)
    }

    /// Leaves the marker that a store was created here, once its schema is in the file; a store opened from an
    /// earlier build gets it at its first open.
    ///
    /// - Parameter databaseFile: The store file.
    private static func markCreated(_ databaseFile: URL) {
        let marker = databaseFile.path + createdMarkerSuffix
        guard !FileManager.default.fileExists(atPath: marker) else { return }
        // Without the marker an emptied file would start empty, as before; nothing else depends on it.
        _ = FileManager.default.createFile(atPath: marker, contents: Data())
    }

    /// Closes the database and releases the directory lock; every later call fails with `SQLITE_MISUSE`.
    public func close() {
        database.close()
        lock?.release()
    }

    // MARK: - Pending requests

    /// Adds requests, replacing any pending one with the same identifier, all in one transaction.
    ///
    /// A replaced request counts as inserted now: it goes after the others of its fire instant.
    ///
    /// - Parameter requests: The requests; a later one in the array wins over an earlier one with its identifier.
    /// - Throws: ``SQLiteError`` (then none was stored), or the error encoding a request.
    public func upsert(_ requests: [NotificationRequest]) throws {
        let encoder = Self.encoder()
        try database.transaction { database in
            let upsert = try database.cached(
                """
                INSERT INTO pending_request (identifier, thread_id, fire_ms, sequence, request)
                VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (identifier) DO UPDATE SET thread_id = excluded.thread_id, fire_ms = excluded.fire_ms,
                    sequence = excluded.sequence, request = excluded.request
                """)
            for request in requests {
                upsert.reset()
                try upsert.bind([
                    .text(request.identifier), .text(request.threadID), .integer(request.fireAt.millisecondsSince1970),
                    .integer(nextSequence.add(1, ordering: .relaxed).oldValue), .blob(try encoder.encode(request)),
                ])
                try upsert.run()
            }
        }
    }

    /// Adds one request, replacing a pending one with the same identifier.
    ///
    /// - Parameter request: The request.
    /// - Throws: ``SQLiteError``, or the error encoding the request.
    public func upsert(_ request: NotificationRequest) throws {
        try upsert([request])
    }

    /// Removes pending requests by identifier, in one transaction.
    ///
    /// - Parameter identifiers: The identifiers; unknown ones are ignored.
    /// - Returns: How many were removed.
    /// - Throws: ``SQLiteError``.
    @discardableResult
    public func remove(identifiers: [String]) throws -> Int {
        try database.transaction { database in
            let delete = try database.cached("DELETE FROM pending_request WHERE identifier = ?")
            var removed = 0
            for identifier in identifiers {
                delete.reset()
                try delete.bind(identifier, at: 1)
                try delete.run()
                removed += database.changes
            }
            return removed
        }
    }

    /// Removes every pending request of a thread.
    ///
    /// - Parameter threadID: The thread.
    /// - Returns: How many were removed.
    /// - Throws: ``SQLiteError``.
    @discardableResult
    public func remove(threadID: String) throws -> Int {
        try database.transaction { database in
            let delete = try database.cached("DELETE FROM pending_request WHERE thread_id = ?")
            try delete.bind(threadID, at: 1)
            try delete.run()
            return database.changes
        }
    }

    /// Removes every pending request.
    ///
    /// - Returns: How many were removed.
    /// - Throws: ``SQLiteError``.
    @discardableResult
    public func removeAllPending() throws -> Int {
        try database.transaction { database in
            try database.execute("DELETE FROM pending_request")
            return database.changes
        }
    }

    /// The pending requests, soonest first; equal fire instants (to the millisecond) in insertion order.
    ///
    /// - Parameter limit: The most to return; all when `nil`.
    /// - Returns: The requests.
    /// - Throws: ``SQLiteError``, `SQLITE_CORRUPT` for a stored request that does not decode.
    public func pending(limit: Int? = nil) throws -> [NotificationRequest] {
        try database.withDatabase { database in
            let select = try database.cached(
                "SELECT identifier, request FROM pending_request ORDER BY fire_ms, sequence LIMIT ?")
            try select.bind(Int64(limit ?? -1), at: 1)
            var requests: [NotificationRequest] = []
            let decoder = JSONDecoder()
            while try select.step() {
                requests.append(try Self.decode(select, decoder: decoder, path: database.path))
            }
            return requests
        }
    }

    /// The pending request with an identifier.
    ///
    /// - Parameter identifier: The identifier.
    /// - Returns: The request, or `nil`.
    /// - Throws: ``SQLiteError``.
    public func pendingRequest(identifier: String) throws -> NotificationRequest? {
        try database.withDatabase { database in
            let select = try database.cached("SELECT identifier, request FROM pending_request WHERE identifier = ?")
            try select.bind(identifier, at: 1)
            return try select.step() ? try Self.decode(select, decoder: JSONDecoder(), path: database.path) : nil
        }
    }

    /// The number of pending requests.
    ///
    /// - Returns: The count.
    /// - Throws: ``SQLiteError``.
    public func pendingCount() throws -> Int {
        try database.withDatabase { database in
            let count = try database.cached("SELECT count(*) FROM pending_request")
            return try count.step() ? Int(count.int64(at: 0)) : 0
        }
    }

    // MARK: - Delivery history

    /// Records that a request was shown, and removes it from the pending ones, in one transaction.
    ///
    /// - Parameters:
    ///   - request: The request shown.
    ///   - shownAt: When it was shown.
    ///   - isLate: Whether it was shown late.
    /// - Throws: ``SQLiteError``.
    public func recordShown(_ request: NotificationRequest, at shownAt: Date, isLate: Bool) throws {
        try database.transaction { database in
            let delete = try database.cached("DELETE FROM pending_request WHERE identifier = ?")
            try delete.bind(request.identifier, at: 1)
            try delete.run()
            let insert = try database.cached(
                """
                INSERT INTO delivery (identifier, thread_id, channel_id, collapse_id, fire_ms, shown_ms, late)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """)
            try insert.bind([
                .text(request.identifier), .text(request.threadID), .text(request.channel.id),
                .optional(request.collapseID), .integer(request.fireAt.millisecondsSince1970),
                .integer(shownAt.millisecondsSince1970), .integer(isLate ? 1 : 0),
            ])
            try insert.run()
        }
    }

    /// Marks the latest showing of an identifier that is still on screen as withdrawn: time, reason, identifier.
    static let withdrawLatestShowingSQL = """
        UPDATE delivery SET withdrawn_ms = ?, withdrawn_reason = ?
        WHERE id = (SELECT id FROM delivery WHERE identifier = ? AND withdrawn_ms IS NULL
                    ORDER BY shown_ms DESC, id DESC LIMIT 1)
        """

    /// Records that the latest showing of an identifier still on screen was withdrawn.
    ///
    /// - Parameters:
    ///   - identifier: The request's identifier.
    ///   - instant: When it was withdrawn.
    ///   - reason: Why (`collapsed`, `expired`, `responded`…).
    /// - Returns: `false` when no showing of it is on screen.
    /// - Throws: ``SQLiteError``.
    @discardableResult
    public func recordWithdrawn(identifier: String, at instant: Date, reason: NotificationReason) throws -> Bool {
        try database.transaction { database in
            let update = try database.cached(Self.withdrawLatestShowingSQL)
            try update.bind([.integer(instant.millisecondsSince1970), .text(reason.rawValue), .text(identifier)])
            try update.run()
            return database.changes > 0
        }
    }

    /// Records that the user acted on the latest showing of an identifier not yet responded to.
    ///
    /// - Parameters:
    ///   - identifier: The request's identifier.
    ///   - instant: When the user acted.
    /// - Returns: `false` when it was never shown (or every showing already has a response).
    /// - Throws: ``SQLiteError``.
    @discardableResult
    public func recordResponded(identifier: String, at instant: Date) throws -> Bool {
        try database.transaction { database in
            let update = try database.cached(
                """
                UPDATE delivery SET responded_ms = ?
                WHERE id = (SELECT id FROM delivery WHERE identifier = ? AND responded_ms IS NULL
                            ORDER BY shown_ms DESC, id DESC LIMIT 1)
                """)
            try update.bind([.integer(instant.millisecondsSince1970), .text(identifier)])
            try update.run()
            return database.changes > 0
        }
    }

    /// Every showing of an identifier, oldest first.
    ///
    /// - Parameter identifier: The request's identifier.
    /// - Returns: The records.
    /// - Throws: ``SQLiteError``.
    public func history(identifier: String) throws -> [DeliveryRecord] {
        try records(where: "identifier = ?", [.text(identifier)])
    }

    /// Every showing in a time range, oldest first.
    ///
    /// - Parameter range: Shown at or after its lower bound and before its upper bound.
    /// - Returns: The records.
    /// - Throws: ``SQLiteError``.
    public func history(shownIn range: Range<Date>) throws -> [DeliveryRecord] {
        try records(
            where: "shown_ms >= ? AND shown_ms < ?",
            [.integer(range.lowerBound.millisecondsSince1970), .integer(range.upperBound.millisecondsSince1970)])
    }

    /// Every showing not withdrawn: what is on screen, for expiry and collapsing.
    ///
    /// - Returns: The records, oldest first.
    /// - Throws: ``SQLiteError``.
    public func deliveriesOnScreen() throws -> [DeliveryRecord] {
        try records(where: "withdrawn_ms IS NULL", [])
    }

    /// Forgets the showings before an instant, so the history stays bounded.
    ///
    /// - Parameter instant: Records shown before it are removed.
    /// - Returns: How many were removed.
    /// - Throws: ``SQLiteError``.
    @discardableResult
    public func removeHistory(shownBefore instant: Date) throws -> Int {
        try database.transaction { database in
            let delete = try database.cached("DELETE FROM delivery WHERE shown_ms < ?")
            try delete.bind(instant.millisecondsSince1970, at: 1)
            try delete.run()
            return database.changes
        }
    }

    // MARK: - Checks

    /// `PRAGMA integrity_check`: `["ok"]` for a sound database.
    ///
    /// - Returns: SQLite's report lines.
    /// - Throws: ``SQLiteError``.
    public func integrityCheck() throws -> [String] {
        try database.withDatabase { try $0.integrityCheck() }
    }

    /// The schema version (`PRAGMA user_version`).
    ///
    /// - Returns: The version; the last migration's after opening.
    /// - Throws: ``SQLiteError``.
    package func schemaVersion() throws -> Int {
        try database.withDatabase { try $0.userVersion() }
    }

    // MARK: - Coding

    private func records(where condition: String, _ values: [SQLiteValue]) throws -> [DeliveryRecord] {
        try database.withDatabase { database in
            let select = try database.cached(
                """
                SELECT identifier, thread_id, channel_id, collapse_id, fire_ms, shown_ms, late, withdrawn_ms,
                    withdrawn_reason, responded_ms
                FROM delivery WHERE \(condition) ORDER BY shown_ms, id
                """)
            try select.bind(values)
            var records: [DeliveryRecord] = []
            while try select.step() {
                records.append(
                    DeliveryRecord(
                        identifier: select.text(at: 0), threadID: select.text(at: 1), channelID: select.text(at: 2),
                        collapseID: select.optionalText(at: 3),
                        fireAt: Date(millisecondsSince1970: select.int64(at: 4)),
                        shownAt: Date(millisecondsSince1970: select.int64(at: 5)), isLate: select.int64(at: 6) != 0,
                        withdrawnAt: select.optionalInt64(at: 7).map(Date.init(millisecondsSince1970:)),
                        withdrawalReason: select.optionalText(at: 8).flatMap(NotificationReason.init(rawValue:)),
                        respondedAt: select.optionalInt64(at: 9).map(Date.init(millisecondsSince1970:))))
            }
            return records
        }
    }

    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    private static func decode(
        _ row: SQLiteStatement, decoder: JSONDecoder, path: String
    ) throws
        -> NotificationRequest
    {
        do {
            return try decoder.decode(NotificationRequest.self, from: row.blob(at: 1))
        } catch {
            throw SQLiteError.corrupt(
                "pending request \(row.text(at: 0)) does not decode: \(error)",
                path: path)
        }
    }
}
