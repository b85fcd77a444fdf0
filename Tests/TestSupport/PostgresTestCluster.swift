package import Foundation
import WaveNotifications
import WavePostgres

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
    private let bin: String
    private let data: String
    private let asRoot: Bool
    /// How many clusters this process started: each takes other ports.
    private static let started = WaveLock(0)

    /// The one cluster of this test process, started on first use; `nil` when PostgreSQL is not installed.
    package static let shared: PostgresTestCluster? = {
        do { return try PostgresTestCluster() } catch {
            failure.withLock { $0 = "\(error)" }
            return nil
        }
    }()

    private static let failure = WaveLock("")

    /// A cluster of the caller's own, which it may stop and start (``stop()``, ``start()``) without disturbing the
    /// tests that share ``shared``; stopped and deleted when the test process ends, like the shared one.
    ///
    /// - Returns: The cluster, or `nil` when PostgreSQL is not installed (``unavailableReason`` says why).
    /// - Throws: ``ClusterError`` when PostgreSQL is installed and the cluster does not start.
    package static func own() throws -> PostgresTestCluster? {
        guard shared != nil else { return nil }
        return try PostgresTestCluster()
    }

    /// Stops the server (`pg_ctl stop`, fast mode: every session is ended, as a restart or a failover does), and
    /// returns once it is down.
    ///
    /// - Throws: ``ClusterError`` when `pg_ctl` fails.
    package func stop() throws {
        try asUser("pg_ctl", ["-D", data, "-m", "fast", "-w", "-t", "60", "stop"])
    }

    /// Starts the stopped server again on its port, and returns once it accepts connections.
    ///
    /// - Throws: ``ClusterError`` when `pg_ctl` fails.
    package func start() throws {
        try Self.start(bin: bin, data: data, directory: directory, port: port, asRoot: asRoot)
    }

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

    /// A new, empty schema in the cluster, and the connection string whose `search_path` is it: a store of its own
    /// for one test or one benchmark run.
    ///
    /// - Parameter prefix: The start of the schema's name.
    /// - Returns: The connection string.
    /// - Throws: `PostgresError` when the cluster refuses.
    package func freshSchema(_ prefix: String = "t") throws -> String {
        let schema = nextSchema(prefix)
        let connection = try PostgresConnection(connectionString())
        defer { connection.close() }
        try connection.execute("CREATE SCHEMA \(schema)")
        return connectionString(schema: schema)
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
        self.bin = bin
        self.asRoot = asRoot
        let data = directory.appendingPathComponent("data").path
        self.data = data
        try Self.asUser(
            asRoot, bin, "initdb", ["-D", data, "-U", "wave", "-A", "trust", "--no-sync", "-E", "UTF8", "--no-locale"])
        let cluster = Self.started.withLock { count in
            defer { count += 1 }
            return Int32(count)
        }
        var started: Int?
        for attempt in 0..<5 {
            let port = 20_000 + Int((getpid() &* 7 &+ (Int32(attempt) &+ cluster &* 5) &* 131) % 20_000)
            do {
                try Self.start(bin: bin, data: data, directory: directory, port: port, asRoot: asRoot)
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
            (asRoot ? "setpriv --reuid=nobody --regid=nogroup --clear-groups -- " : "")
            + "\(bin)/pg_ctl -D \(data) -m immediate stop >/dev/null 2>&1"
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

    private func asUser(_ tool: String, _ arguments: [String]) throws {
        try Self.asUser(asRoot, bin, tool, arguments)
    }

    /// Runs one of PostgreSQL's tools as the cluster's user.
    private static func asUser(_ asRoot: Bool, _ bin: String, _ tool: String, _ arguments: [String]) throws {
        if asRoot {
            // setpriv changes the user and executes the tool in place: no process of its own stays between
            // this one and the tool (runuser forks and waits, and its exit was never seen here once pg_ctl had
            // started the server).
            try run(
                "/usr/bin/setpriv",
                ["--reuid=nobody", "--regid=nogroup", "--clear-groups", "--", bin + "/" + tool] + arguments)
        } else {
            try run(bin + "/" + tool, arguments)
        }
    }

    private static func start(bin: String, data: String, directory: URL, port: Int, asRoot: Bool) throws {
        try asUser(
            asRoot, bin, "pg_ctl",
            [
                "-D", data, "-l", directory.appendingPathComponent("log").path, "-w", "-t", "60", "-o",
                "-c listen_addresses=127.0.0.1 -p \(port) -k \(directory.path) -c max_connections=200", "start",
            ])
    }

    /// Runs a tool to its end with its standard streams on /dev/null.
    ///
    /// Through `posix_spawn` and `waitpid`, not Foundation's `Process`: `pg_ctl start` leaves the server it started
    /// running after it exits, and `Process.waitUntilExit` never saw that exit (the child stayed a zombie and the
    /// tests hung).
    private static func run(_ executable: String, _ arguments: [String]) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in 0...2 {
            posix_spawn_file_actions_addopen(
                &actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        // Nothing else of this process reaches the tool, nor the server it leaves running: an inherited pipe (a
        // benchmark child's result descriptor, say) would stay open as long as the server runs, and whoever reads
        // its other end would wait for it.
        // (posix_spawn_file_actions_addclosefrom_np is not visible to Swift: each descriptor open now is closed in
        // the child; glibc ignores a close of one that another thread closed meanwhile.)
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for descriptor in open.compactMap({ Int32($0) }) where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        let name = URL(fileURLWithPath: executable).lastPathComponent
        guard spawned == 0 else { throw ClusterError("\(name) could not start: \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw ClusterError("waiting for \(name): \(String(cString: strerror(errno)))") }
        }
        // WIFEXITED and WEXITSTATUS, which Swift does not import: the low 7 bits are the signal, 0 for an exit.
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            throw ClusterError("\(name) ended with wait status \(status)")
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
