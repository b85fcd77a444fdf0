import GrowBroServer
import TestSupport
import Testing
import WavePostgres
import WavePush

/// The stores every contract test runs against: SQLite always, PostgreSQL where a throwaway cluster can start (CI
/// requires it with `WAVE_REQUIRE_POSTGRES=1`; elsewhere its absence is reported by
/// ``PostgresAvailabilityTests``).
enum TestStore: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite
    case postgres

    /// The stores available here: SQLite, and PostgreSQL wherever Debian's `postgresql` is installed (a throwaway
    /// cluster is started once per test process).
    static let all: [TestStore] = PostgresTestCluster.shared != nil ? [.sqlite, .postgres] : [.sqlite]

    var testDescription: String { rawValue }

    /// A fresh, empty store of this kind: an in-memory SQLite database, or a new schema in the test cluster.
    func location(path: String? = nil) throws -> PushStoreLocation? {
        switch self {
        case .sqlite:
            return path.map { .sqlite(path: $0) }
        case .postgres:
            return .postgres(connectionString: try Self.freshSchema())
        }
    }

    /// A new schema in the test cluster, and the connection string whose `search_path` is it.
    static func freshSchema(_ prefix: String = "t") throws -> String {
        try #require(PostgresTestCluster.shared).freshSchema(prefix)
    }
}

/// Says, as a passing test, that PostgreSQL is absent and its contract tests were skipped; fails where it is
/// required (`WAVE_REQUIRE_POSTGRES=1`).
struct PostgresAvailabilityTests {
    @Test
    func postgresIsAvailableWhereRequired() {
        if PostgresTestCluster.shared == nil {
            if PostgresTestCluster.isRequired {
                Issue.record("PostgreSQL is required but unavailable: \(PostgresTestCluster.unavailableReason)")
            } else {
                print("skipping the PostgreSQL contract tests: \(PostgresTestCluster.unavailableReason)")
            }
        }
    }
}
