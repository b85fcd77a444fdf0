/// One step of a PostgreSQL schema's history: the statements that bring version `version − 1` to `version`,
/// recorded in the `schema_version` table (a released step never changes).
public struct PostgresMigration: Sendable {
    /// The version this step reaches.
    public var version: Int
    /// The statements, run in one transaction with the version's record.
    public var statements: [String]

    /// Creates a step.
    ///
    /// - Parameters:
    ///   - version: The version reached.
    ///   - statements: The statements.
    public init(version: Int, statements: [String]) {
        self.version = version
        self.statements = statements
    }
}
