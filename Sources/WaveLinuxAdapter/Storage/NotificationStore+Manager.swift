internal import Foundation
internal import WaveNotifications
internal import WaveSQLite

extension NotificationStore {
    /// What a ``LinuxNotificationManager`` finds in the database when it starts.
    package struct ManagerState: Sendable {
        /// The pending requests with the manager's fire instants and order numbers, in no particular order.
        package var pending: [PendingNotification]
        /// The shown notifications still to be withdrawn at their expiry.
        package var shown: [ShownNotification]
    }

    /// Reads the manager's pending requests and the shown notifications it still has to withdraw.
    ///
    /// - Returns: The state.
    /// - Throws: ``SQLiteError``; `SQLITE_CORRUPT` for a stored request that does not decode.
    package func loadManagerState() throws -> ManagerState {
        try database.withDatabase { database in
            let decoder = JSONDecoder()
            let pendingRows = try database.prepare(
                "SELECT identifier, request, fire_date, sequence FROM pending_request ORDER BY fire_ms, sequence")
            var pending: [PendingNotification] = []
            while try pendingRows.step() {
                let request = try Self.decodeRequest(pendingRows, decoder: decoder, path: database.path)
                let fireDate =
                    pendingRows.isNull(at: 2)
                    ? request.fireAt : Date(timeIntervalSinceReferenceDate: pendingRows.double(at: 2))
                pending.append(
                    PendingNotification(
                        request: request, fireDate: fireDate, sequence: UInt64(max(0, pendingRows.int64(at: 3)))))
            }
            let shownRows = try database.prepare(
                "SELECT identifier, request, shown_date, expires_date FROM shown_request ORDER BY shown_date")
            var shown: [ShownNotification] = []
            while try shownRows.step() {
                let request = try Self.decodeRequest(shownRows, decoder: decoder, path: database.path)
                shown.append(
                    ShownNotification(
                        request: request, shownAt: Date(timeIntervalSinceReferenceDate: shownRows.double(at: 2)),
                        expiresAt: shownRows.isNull(at: 3)
                            ? nil : Date(timeIntervalSinceReferenceDate: shownRows.double(at: 3))))
            }
            return ManagerState(pending: pending, shown: shown)
        }
    }

    /// The highest order number of a pending request, or `nil` when none is pending.
    ///
    /// - Returns: The number.
    /// - Throws: ``SQLiteError``.
    package func highestPendingSequence() throws -> UInt64? {
        try database.withDatabase { database in
            let select = try database.cached("SELECT max(sequence) FROM pending_request")
            guard try select.step(), !select.isNull(at: 0) else { return nil }
            return UInt64(max(0, select.int64(at: 0)))
        }
    }

    /// Applies a manager's changes, in order, in one transaction: all of them are on disk when it returns, or none.
    ///
    /// - Parameter changes: The changes.
    /// - Throws: ``SQLiteError`` (then nothing was changed), or the error encoding a request.
    package func apply(_ changes: [ManagerStoreChange]) throws {
        guard !changes.isEmpty else { return }
        let encoder = Self.encoder()
        try database.transaction { database in
            for change in changes {
                try Self.apply(change, to: database, encoder: encoder)
            }
        }
    }

    private static func apply(_ change: ManagerStoreChange, to database: SQLiteDatabase, encoder: JSONEncoder) throws {
        switch change {
        case .upsertPending(let notifications):
            for notification in notifications {
                try upsert(notification, in: database, encoder: encoder)
            }
        case .removePending(let notifications):
            for notification in notifications {
                try removeRow(of: notification, in: database)
            }
        case .recordShown(let shown, let pending, let isLate):
            if let pending {
                try removeRow(of: pending, in: database)
            }
            let request = shown.request
            let history = try database.cached(
                """
                INSERT INTO delivery (identifier, thread_id, channel_id, collapse_id, fire_ms, shown_ms, late)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """)
            try history.bind([
                .text(request.identifier), .text(request.threadID), .text(request.channel.id),
                .optional(request.collapseID),
                .integer((pending == nil ? shown.shownAt : request.fireAt).millisecondsSince1970),
                .integer(shown.shownAt.millisecondsSince1970), .integer(isLate ? 1 : 0),
            ])
            try history.run()
            if shown.expiresAt != nil {
                try keep(shown, in: database, encoder: encoder)
            } else {
                try forget(request.identifier, in: database)
            }
        case .withdrawShown(let identifiers, let instant, let reason):
            for identifier in identifiers {
                try forget(identifier, in: database)
                guard let reason else { continue }
                let update = try database.cached(Self.withdrawLatestShowingSQL)
                try update.bind([.integer(instant.millisecondsSince1970), .text(reason.rawValue), .text(identifier)])
                try update.run()
            }
        case .keepShown(let shown):
            for notification in shown where notification.expiresAt != nil {
                try keep(notification, in: database, encoder: encoder)
            }
        case .replaceEverything(let pending, let shown):
            try database.execute("DELETE FROM pending_request; DELETE FROM shown_request")
            for notification in pending {
                try upsert(notification, in: database, encoder: encoder)
            }
            for notification in shown where notification.expiresAt != nil {
                try keep(notification, in: database, encoder: encoder)
            }
        }
    }

    private static func upsert(
        _ notification: PendingNotification, in database: SQLiteDatabase, encoder: JSONEncoder
    ) throws {
        let upsert = try database.cached(
            """
            INSERT INTO pending_request (identifier, thread_id, fire_ms, sequence, request, fire_date)
            VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (identifier) DO UPDATE SET thread_id = excluded.thread_id, fire_ms = excluded.fire_ms,
                sequence = excluded.sequence, request = excluded.request, fire_date = excluded.fire_date
            """)
        try upsert.bind([
            .text(notification.identifier), .text(notification.request.threadID),
            .integer(notification.fireDate.millisecondsSince1970), .integer(Int64(clamping: notification.sequence)),
            .blob(try encoder.encode(notification.request)),
            .real(notification.fireDate.timeIntervalSinceReferenceDate),
        ])
        try upsert.run()
    }

    private static func removeRow(of notification: PendingNotification, in database: SQLiteDatabase) throws {
        let delete = try database.cached("DELETE FROM pending_request WHERE identifier = ? AND sequence = ?")
        try delete.bind([.text(notification.identifier), .integer(Int64(clamping: notification.sequence))])
        try delete.run()
    }

    private static func keep(_ shown: ShownNotification, in database: SQLiteDatabase, encoder: JSONEncoder) throws {
        let insert = try database.cached(
            """
            INSERT OR REPLACE INTO shown_request (identifier, shown_date, expires_date, request) VALUES (?, ?, ?, ?)
            """)
        try insert.bind([
            .text(shown.identifier), .real(shown.shownAt.timeIntervalSinceReferenceDate),
            shown.expiresAt.map { .real($0.timeIntervalSinceReferenceDate) } ?? .null,
            .blob(try encoder.encode(shown.request)),
        ])
        try insert.run()
    }

    private static func forget(_ identifier: String, in database: SQLiteDatabase) throws {
        let delete = try database.cached("DELETE FROM shown_request WHERE identifier = ?")
        try delete.bind(identifier, at: 1)
        try delete.run()
    }

    private static func decodeRequest(
        _ row: SQLiteStatement, decoder: JSONDecoder, path: String
    ) throws -> NotificationRequest {
        do {
            return try decoder.decode(NotificationRequest.self, from: row.blob(at: 1))
        } catch {
            throw SQLiteError.corrupt(
                "stored request \(row.text(at: 0)) does not decode: \(error)",
                path: path)
        }
    }
}
