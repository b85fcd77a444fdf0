/// A SQLite call failed: SQLite's result code and message, the database file, and what the user can do about it.
///
/// The description reads as one line for a log or a terminal, for example
/// `/home/u/.local/state/app/notifications.sqlite: file is not a database (SQLite 26): the database file is
/// damaged: move it (and its -wal and -shm files) aside and restart`.
public struct SQLiteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// SQLite's extended result code (`SQLITE_BUSY` = 5, `SQLITE_CORRUPT` = 11, `SQLITE_NOTADB` = 26, …).
    public var code: Int32
    /// SQLite's own message for the failure.
    public var message: String
    /// The database file (`:memory:` for an in-memory database).
    public var path: String
    /// What the user can do about it.
    public var advice: String

    /// The primary result code: the low byte of ``code``.
    public var primaryCode: Int32 { code & 0xFF }

    /// Whether the file is damaged or is not a database (`SQLITE_CORRUPT`, `SQLITE_NOTADB`).
    public var isDamagedFile: Bool { primaryCode == 11 || primaryCode == 26 }

    /// Whether another connection held a lock longer than the busy timeout (`SQLITE_BUSY`, `SQLITE_LOCKED`).
    public var isBusy: Bool { primaryCode == 5 || primaryCode == 6 }

    /// Creates an error; the advice follows from the code unless given.
    ///
    /// - Parameters:
    ///   - code: SQLite's (extended) result code.
    ///   - message: SQLite's message.
    ///   - path: The database file.
    ///   - advice: What to do; derived from `code` when `nil`.
    public init(code: Int32, message: String, path: String, advice: String? = nil) {
        self.code = code
        self.message = message
        self.path = path
        self.advice = advice ?? Self.advice(forPrimaryCode: code & 0xFF)
    }

    /// A stored value that does not decode: `SQLITE_CORRUPT`, with the damaged-file advice.
    ///
    /// For the stores' own checks of what they read, so a caller handles it as any damaged file.
    ///
    /// - Parameters:
    ///   - message: What does not decode, naming the row (never its private content).
    ///   - path: The database file.
    /// - Returns: The error.
    public static func corrupt(_ message: String, path: String) -> SQLiteError {
        SQLiteError(code: 11, message: message, path: path)  // SQLITE_CORRUPT
    }

    public var description: String {
        "\(path): \(message) (SQLite \(code)): \(advice)"
    }

    /// The advice for a primary result code.
    private static func advice(forPrimaryCode code: Int32) -> String {
        switch code {
        case 11, 26:  // SQLITE_CORRUPT, SQLITE_NOTADB
            return "the database file is damaged: move it (and its -wal and -shm files) aside and restart"
        case 5, 6:  // SQLITE_BUSY, SQLITE_LOCKED
            return "another process holds the database: close it, then retry"
        case 13:  // SQLITE_FULL
            return "the disk is full: free some space, then retry"
        case 3, 8, 14, 23:  // SQLITE_PERM, SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_AUTH
            return "the database cannot be opened for writing: check that its directory exists and is writable"
        case 10:  // SQLITE_IOERR
            return "reading or writing the disk failed: check the disk, then retry"
        case 7:  // SQLITE_NOMEM
            return "out of memory: close other programs, then retry"
        default:
            return "this is a bug in the store: report it with this message"
        }
    }
}
