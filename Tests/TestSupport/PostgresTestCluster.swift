package import Foundation
import WaveNotifications

#if canImport(Glibc)
    import Glibc
#endif

/// A throwaway PostgreSQL cluster for the tests: Debian's `initdb` and `pg_ctl` (under /usr/lib/postgresql/*/bin)
/// make one in a temporary directory, listening on loopback only, run by an unprivileged user (`nobody` when the
/// tests run as root, as CI does, since PostgreSQL refuses to run as root). A watcher process stops it and deletes
/// the directory when the test process ends, however it ends.
///
/// Absent PostgreSQL, ``shared`` is `nil` and ``unavailableReason`` says why; `WAVE_REQUIRE_POSTGRES=1` turns that
/// into a test failure (CI sets it).
package final class PostgresTestCluster: Sendable {
    /// The port on 127.0.0.1.
    package let port: Int
    /// The cluster's directory (data, socket, log).
    package let directory: URL
    private let counter = WaveLock(0)

    /// The one cluster of this test process, started on first use; `nil` when PostgreSQL is not installed.
    package static let shared: PostgresTestCluster? = {
        do { return try PostgresTestCluster() } catch {
            failure.withLock { $0 = "\(error)" }
            return nil
        }
    }()

    private static let failure = WaveLock("")

    /// Why there is no cluster, for the skip message.
    package static var unavailableReason: String {
        _ = shared
        return failure.withLock { $0 }
    }

    /// Whether the environment requires PostgreSQL (`WAVE_REQUIRE_POSTGRES=1`).
    package static var isRequired: Bool {
        ProcessInfo.processInfo.environment["WAVE_REQUIRE_POSTGRES"] == "1"
    }

    /// Whether the PostgreSQL contract tests are asked for (`WAVE_TEST_POSTGRES=1`, or required).
    package static var isRequested: Bool {
        isRequired || ProcessInfo.processInfo.environment["WAVE_TEST_POSTGRES"] == "1"
    }

    /// A connection string to the cluster's `postgres` database as its superuser, with `search_path` set to
    /// `schema` when given (each test takes a schema of its own).
    ///
    /// - Parameter schema: The schema, or `nil`.
    /// - Returns: The URI.
    package func connectionString(schema: String? = nil) -> String {
        let base = "postgresql://wave@127.0.0.1:\(port)/postgres?connect_timeout=10"
        return schema.map { base + "&options=-csearch_path%3D\($0)" } ?? base
    }

    /// A fresh schema name, unique in this process.
    package func nextSchema(_ prefix: String = "t") -> String {
        let n = counter.withLock { value in
            value += 1
            return value
        }
        return "\(prefix)_\(getpid())_\(n)"
    }

    private init() throws {
        let fileManager = FileManager.default
        let versions = (try? fileManager.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        guard
            let bin = versions.sorted(by: { (Int($0) ?? 0) > (Int($1) ?? 0) }).lazy
                .map({ "/usr/lib/postgresql/\($0)/bin" })
                .first(where: { fileManager.isExecutableFile(atPath: $0 + "/initdb") })
        else {
            throw ClusterError("PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb; Debian: postgresql)")
        }
        directory = URL(fileURLWithPath: "/tmp", isDirectory: true)
            .appendingPathComponent("wave-pg-\(getpid())-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
        let asRoot = getuid() == 0
        if asRoot {
            // PostgreSQL refuses to run as root: the cluster belongs to `nobody`.
            try Self.run("/bin/chown", ["nobody:nogroup", directory.path])
        }
        func asUser(_ tool: String, _ arguments: [String]) throws {
            if asRoot {
                try Self.run("/usr/sbin/runuser", ["-u", "nobody", "--", bin + "/" + tool] + arguments)
            } else {
                try Self.run(bin + "/" + tool, arguments)
            }
        }
        let data = directory.appendingPathComponent("data").path
        try asUser("initdb", ["-D", data, "-U", "wave", "-A", "trust", "--no-sync", "-E", "UTF8", "--no-locale"])
        var started: Int?
        for attempt in 0..<5 {
            let port = 20_000 + Int((getpid() &* 7 &+ Int32(attempt) &* 131) % 20_000)
            do {
                try asUser(
                    "pg_ctl",
                    [
                        "-D", data, "-l", directory.appendingPathComponent("log").path, "-w", "-t", "60", "-o",
                        "-c listen_addresses=127.0.0.1 -p \(port) -k \(directory.path) -c max_connections=200",
                        "start",
                    ])
                started = port
                break
            } catch {
                continue
            }
        }
        guard let started else { throw ClusterError("pg_ctl could not start a cluster on a free loopback port") }
        port = started
        // The watcher: when this process is gone, stop the cluster at once and delete its directory.
        let stop =
            (asRoot ? "runuser -u nobody -- " : "") + "\(bin)/pg_ctl -D \(data) -m immediate stop >/dev/null 2>&1"
        let watcher = Process()
        watcher.executableURL = URL(fileURLWithPath: "/bin/sh")
        watcher.arguments = [
            "-c", "while kill -0 \(getpid()) 2>/dev/null; do sleep 1; done; \(stop); rm -rf \(directory.path)",
        ]
        watcher.standardInput = FileHandle.nullDevice
        watcher.standardOutput = FileHandle.nullDevice
        watcher.standardError = FileHandle.nullDevice
        try watcher.run()
    }

    private static func run(_ executable: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ClusterError(
                "\(URL(fileURLWithPath: executable).lastPathComponent) exited \(process.terminationStatus)")
        }
    }
}

/// Why the test cluster could not start.
package struct ClusterError: Error, CustomStringConvertible {
    package let description: String

    init(_ description: String) {
        self.description = description
    }
}
