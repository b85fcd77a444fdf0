internal import GrowBroServer
internal import WavePostgres

extension PushStoreError {
    /// The server's error for a PostgreSQL failure: the kind from the SQLSTATE class, the same words and advice.
    ///
    /// - Parameter error: PostgreSQL's error.
    init(_ error: PostgresError) {
        let kind: Kind =
            switch error.sqlState.prefix(2) {
            case _ where error.isClosed: .closed  // called after close(), as SQLite's MISUSE
            case _ where error.isConnectionFailure: .unavailable
            case "XX": .damaged  // internal error, data corrupted
            case "40", "55": .busy  // a conflicting transaction or lock: retry
            case "23": .failed  // an integrity violation: a retry fails alike (SQLite's CONSTRAINT is .failed too)
            case "28", "42": .unavailable  // authorization, or a schema this build cannot use
            case "53": .full  // insufficient resources
            default: .failed
            }
        self.init(kind: kind, store: error.database, detail: error.message, advice: error.advice)
    }
}
