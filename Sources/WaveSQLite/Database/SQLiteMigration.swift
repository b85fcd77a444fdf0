/// One step of a database's schema history: the change from version `version - 1` to `version`.
///
/// Steps are applied in order by ``SQLiteDatabase/migrate(_:)``, each in its own transaction together with the
/// `PRAGMA user_version` that records it, so a crash leaves the database at one version or the next. A step
/// once released never changes: a new schema is a new step.
public struct SQLiteMigration: Sendable {
    /// The schema version this step produces (1 for the first).
    public var version: Int
    /// The SQL statements of the step, run in order.
    public var statements: [String]

    /// Creates a step.
    ///
    /// - Parameters:
    ///   - version: The version it produces.
    ///   - statements: Its SQL statements.
    public init(version: Int, statements: [String]) {
        self.version = version
        self.statements = statements
    }
}
