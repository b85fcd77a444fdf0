package import Foundation

/// The loopback stand-in for APNs and FCM (`Fixtures/PushStandIn/push-standin.py`, HTTP/2 from Python's `h2` over
/// TLS), started for one test with a throwaway certificate authority and server certificate made by `openssl`.
///
/// Tests skip, saying so, when Python's h2 or openssl is missing, unless `WAVE_REQUIRE_PUSHSERVER=1` (CI sets it
/// after installing Debian's python3-h2): see ``unavailableReason``.
package final class PushStandIn: Sendable {
    /// One request as the stand-in received it.
    package struct Received: Sendable {
        /// The connection's number, from 1, in the order the stand-in accepted them.
        package var connection: Int
        /// The HTTP/2 stream id.
        package var stream: Int
        /// The protocol agreed by ALPN (`h2`).
        package var alpn: String
        /// `:method`.
        package var method: String
        /// `:path`.
        package var path: String
        /// `:authority`.
        package var authority: String
        /// The regular header fields, in order, as received (HTTP/2 lowercases names).
        package var headers: [(name: String, value: String)]
        /// The body as text.
        package var body: String
        /// Streams open on its connection when it arrived, itself included.
        package var openStreams: Int
        /// What the stand-in's independent check (PyJWT) said of its provider token: `valid`, why not, or `nil`
        /// when the script configured no key for its route.
        package var jwt: String? = nil
        /// When the whole request had arrived, by the wall clock (seconds since 1970).
        package var receivedAt: Double? = nil

        /// The first value of a header.
        package func header(_ name: String) -> String? {
            headers.first { $0.name == name }?.value
        }
    }

    /// The port on 127.0.0.1.
    package let port: Int
    /// The test authority's certificate, for `CurlPushTransport.Options.caFile`.
    package let caFile: String
    /// `https://127.0.0.1:<port>`.
    package var baseURL: String { "https://127.0.0.1:\(port)" }
    private let process: ChildProcess
    private let logFile: String

    /// Whether a test must fail rather than skip when the stand-in cannot run.
    package static var isRequired: Bool { ProcessInfo.processInfo.environment["WAVE_REQUIRE_PUSHSERVER"] == "1" }

    /// Why the stand-in cannot run here, or `nil` when it can.
    package static let unavailableReason: String? = {
        guard FileManager.default.isExecutableFile(atPath: python) else { return "\(python) is not installed" }
        guard run(python, ["-c", "import h2"]) else {
            return "Python's h2 is not installed (Debian: apt-get install python3-h2)"
        }
        guard run(python, ["-c", "import jwt, cryptography"]) else {
            return "PyJWT is not installed (Debian: apt-get install python3-jwt python3-cryptography)"
        }
        guard run("/usr/bin/openssl", ["version"]) else { return "openssl is not installed" }
        return nil
    }()

    /// Starts a stand-in for one test in a fresh directory named for it, or says why it cannot: `nil` after printing
    /// the reason (the test skips), or a thrown error when ``isRequired`` (CI installs the packages and sets
    /// `WAVE_REQUIRE_PUSHSERVER=1`, so these tests never pass by skipping there).
    ///
    /// - Parameters:
    ///   - script: The answers, as ``init(script:in:)`` takes them.
    ///   - name: The test's name, for the directory and the message.
    /// - Returns: The stand-in and its directory (remove it when done), or `nil`.
    /// - Throws: ``StandInError`` when the stand-in is required and cannot run, or does not start.
    package static func startForTest(
        script: String = "{}", _ name: String = #function
    ) async throws -> (PushStandIn, TemporaryDirectory)? {
        // Read off the pool: the first read runs the checks' programs.
        if let reason = await offThePool({ unavailableReason }) {
            guard !isRequired else {
                throw StandInError(
                    "the push stand-in is required (WAVE_REQUIRE_PUSHSERVER=1) but cannot run: \(reason)")
            }
            print("\(name): skipped: the push stand-in cannot run: \(reason)")
            return nil
        }
        let directory = try TemporaryDirectory(name)
        return (try await PushStandIn(script: script, in: directory.url), directory)
    }

    /// Debian's Python, where python3-h2 installs (not a PATH python3 that may lack it).
    static let python = "/usr/bin/python3"

    /// Starts a stand-in in `directory`, answering as `script` says (the JSON object the script documents).
    ///
    /// - Parameters:
    ///   - script: The script's JSON text: `{"answers": {"<token>": [{"status": 400, "reason": "..."}]}}`.
    ///   - directory: Where its certificates, script and log go.
    /// - Throws: When the certificates cannot be made or the process does not start.
    package init(script: String = "{}", in directory: URL) async throws {
        let certificates = try await Self.makeCertificates(in: directory)
        let scriptFile = directory.appendingPathComponent("standin-script.json").path
        try script.write(toFile: scriptFile, atomically: true, encoding: .utf8)
        logFile = directory.appendingPathComponent("standin-log.jsonl").path
        _ = FileManager.default.createFile(atPath: logFile, contents: nil)
        guard let fixtures = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
            throw StandInError("TestSupport's fixtures are missing")
        }
        let program = fixtures.appendingPathComponent("PushStandIn/push-standin.py")
        process = try ChildProcess(
            URL(fileURLWithPath: Self.python),
            arguments: [
                program.path, "--cert", certificates.certificate, "--key", certificates.key, "--script", scriptFile,
                "--log", logFile,
            ])
        guard let line = await process.nextLine(), line.hasPrefix("port "), let port = Int(line.dropFirst(5)) else {
            process.terminate()
            throw StandInError("the stand-in did not start")
        }
        self.port = port
        caFile = certificates.authority
    }

    deinit {
        process.terminate()
    }

    /// Every request received so far, in the order they arrived.
    package func received() throws -> [Received] {
        let text = try String(contentsOfFile: logFile, encoding: .utf8)
        return try text.split(separator: "\n").compactMap { line -> Received? in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let stream = object["stream"] as? Int
            else { return nil }
            let pairs = (object["headers"] as? [[String]]) ?? []
            return Received(
                connection: object["connection"] as? Int ?? 0, stream: stream, alpn: object["alpn"] as? String ?? "",
                method: object["method"] as? String ?? "", path: object["path"] as? String ?? "",
                authority: object["authority"] as? String ?? "",
                headers: pairs.map { (name: $0[0], value: $0[1]) }, body: object["body"] as? String ?? "",
                openStreams: object["open_streams"] as? Int ?? 0, jwt: object["jwt"] as? String,
                receivedAt: object["received_at"] as? Double)
        }
    }

    /// How many connections the stand-in accepted, refused ones (no HTTP/2) included.
    package func connectionCount() throws -> Int {
        let text = try String(contentsOfFile: logFile, encoding: .utf8)
        return Set(
            text.split(separator: "\n").compactMap { line in
                (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["connection"] as? Int
            }
        ).count
    }

    /// A throwaway certificate authority and a server certificate it signed for 127.0.0.1 (P-256 keys).
    package static func makeCertificates(
        in directory: URL
    ) async throws -> (authority: String, certificate: String, key: String) {
        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
        try "subjectAltName=IP:127.0.0.1,DNS:localhost\n".write(
            toFile: path("standin-ext.cnf"), atomically: true, encoding: .utf8)
        let steps: [[String]] = [
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout",
                path("standin-ca.key"), "-out", path("standin-ca.pem"), "-days", "2", "-subj", "/CN=Wave test CA",
            ],
            [
                "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout",
                path("standin-server.key"), "-out", path("standin-server.csr"), "-subj", "/CN=127.0.0.1",
            ],
            [
                "x509", "-req", "-in", path("standin-server.csr"), "-CA", path("standin-ca.pem"), "-CAkey",
                path("standin-ca.key"), "-CAcreateserial", "-out", path("standin-server.pem"), "-days", "2",
                "-extfile", path("standin-ext.cnf"),
            ],
        ]
        for step in steps {
            let run = try await ToolRun.run("/usr/bin/openssl", step)
            guard run.status == 0 else { throw StandInError("openssl \(step[0]) failed: \(run.output)") }
        }
        return (path("standin-ca.pem"), path("standin-server.pem"), path("standin-server.key"))
    }

    /// Whether the program ran and exited 0 (for ``unavailableReason``, computed once off the pool).
    private static func run(_ program: String, _ arguments: [String]) -> Bool {
        (try? ToolRun.runBlocking(program, arguments))?.status == 0
    }
}

/// Why the stand-in could not be set up.
package struct StandInError: Error, CustomStringConvertible {
    package var description: String

    init(_ description: String) {
        self.description = description
    }
}
