internal import Foundation
internal import TestSupport
internal import WavePush

extension PushStoreLocation {
    /// A store for one run: a fresh schema in the throwaway PostgreSQL cluster, or a SQLite file in `directory`.
    ///
    /// - Parameters:
    ///   - postgres: Whether PostgreSQL.
    ///   - schema: The schema's name prefix.
    ///   - directory: Where the SQLite file goes.
    /// - Returns: The location.
    /// - Throws: ``WorkloadFailure`` when PostgreSQL is wanted and cannot run.
    static func forBenchmark(postgres: Bool, schema: String, in directory: URL) throws -> PushStoreLocation {
        guard postgres else { return .sqlite(path: directory.appendingPathComponent("server.sqlite").path) }
        guard let cluster = PostgresTestCluster.shared else {
            throw WorkloadFailure("PostgreSQL unavailable: \(PostgresTestCluster.unavailableReason)")
        }
        return .postgres(connectionString: try cluster.freshSchema(schema))
    }
}
