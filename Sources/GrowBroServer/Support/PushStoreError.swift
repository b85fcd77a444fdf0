/// The server's database failed: what kind of failure, where, the database's own words, and what the operator can do.
///
/// Whatever the store (SQLite or PostgreSQL), the server throws this one type for a storage failure, so a backend handles
/// it without importing the store's library; input the server refuses is ``GrowBroServerError`` instead. Nothing a
/// call would have changed is kept when one is thrown. The description reads as one line for a log or a terminal,
/// for example `/srv/growbro/push.sqlite: file is not a database (SQLite 26): the database file is damaged: move it
/// (and its -wal and -shm files) aside and restart`.
public struct PushStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What failed, as a backend decides on it (stop, retry, alert).
    public enum Kind: String, Hashable, Sendable {
        /// The database is damaged, or is not a server database: moving it aside is the remedy, retrying is not.
        case damaged
        /// Another process held the database longer than the wait allowed, or a concurrent transaction conflicted
        /// (SQLite's BUSY and LOCKED; PostgreSQL's SQLSTATE classes 40 and 55): a retry may succeed.
        case busy
        /// The database cannot be opened for writing (a missing directory, permissions, a read-only file) or reached
        /// (PostgreSQL not running, a refused login).
        case unavailable
        /// The disk is full.
        case full
        /// The server's store was closed (``PushServer/close()``) before the call, whichever the store.
        case closed
        /// Anything else: a disk error, no memory, a database written by a newer version, a bug (an integrity
        /// violation, SQLite's CONSTRAINT or PostgreSQL's class 23, is one: a retry fails alike).
        case failed
    }

    /// What failed.
    public var kind: Kind
    /// Where: the database file (`:memory:` for an in-memory database).
    public var store: String
    /// The database's own words, with its code (for SQLite, `file is not a database (SQLite 26)`).
    public var detail: String
    /// What the operator can do about it.
    public var advice: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: What failed.
    ///   - store: The database file or connection (never a password).
    ///   - detail: The database's own words.
    ///   - advice: What to do.
    public init(kind: Kind, store: String, detail: String, advice: String) {
        self.kind = kind
        self.store = store
        self.detail = detail
        self.advice = advice
    }

    /// One line: where, the database's words, the advice.
    public var description: String {
        "\(store): \(detail): \(advice)"
    }
}
