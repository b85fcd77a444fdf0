internal import GrowBroServer
internal import WaveSQLite

extension PushStoreError {
    /// The server's error for a SQLite failure: the kind from SQLite's primary code, the same words and advice.
    ///
    /// - Parameter error: SQLite's error.
    init(_ error: SQLiteError) {
        let kind: Kind =
            switch error.primaryCode {
            case 11, 26: .damaged  // SQLITE_CORRUPT, SQLITE_NOTADB
            case 5, 6: .busy  // SQLITE_BUSY, SQLITE_LOCKED
            case 3, 8, 14, 23: .unavailable  // SQLITE_PERM, SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_AUTH
            case 13: .full  // SQLITE_FULL
            case 19: .failed  // SQLITE_CONSTRAINT, an integrity violation: a retry fails alike
            case 21: .closed  // SQLITE_MISUSE, which a closed connection answers
            default: .failed
            }
        self.init(
            kind: kind, store: error.path, detail: "\(error.message) (SQLite \(error.code))", advice: error.advice)
    }
}
