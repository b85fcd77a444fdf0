internal import GrowBroServer
internal import WaveCommandLine
internal import WaveJSON
internal import WavePushAPI

#if canImport(Glibc)
    internal import Glibc
#endif

/// What `wavepush serve` reads from the dispatch configuration file (docs/growbro-server.md, "The HTTP API"): its
/// `database` and server `configuration`, and the `serve` object (where to listen, the key file, the limits). The
/// providers' sections are `dispatch`'s and are not read here, so one file serves both.
struct ServeConfiguration: Sendable {
    var database: String?
    var server = GrowBroServerConfiguration()
    var keyFile = ""
    var http = HTTPServer.Options()
    var limits = PushAPI.Limits()
    var stopGrace: Duration = .seconds(10)

    static let serveKeys = [
        "listen", "keyFile", "maximumBodyBytes", "maximumDepth", "requestsPerSecond", "burst", "threads",
        "connectionLimit", "idleTimeoutSeconds", "stopGraceSeconds",
    ]

    /// Reads a configuration file's bytes; every problem is listed with its JSON path.
    static func decode(_ bytes: [UInt8], file: String) throws(ScenarioError) -> ServeConfiguration {
        try decoder.decodeDocument(bytes, file: file, document: "configuration")
    }

    private static let decoder = ValueDecoder<ServeConfiguration>.object(keys: DispatchConfiguration.keys) {
        object, diagnostics in
        var configuration = object.decode(.required("serve", serve), &diagnostics) ?? ServeConfiguration()
        configuration.database = object.decode(.optional("database", .string), &diagnostics)
        configuration.server =
            object.decode(.optional("configuration", ServerScenario.configuration, default: .init()), &diagnostics)
            ?? .init()
        return configuration
    }

    private static let serve = ValueDecoder<ServeConfiguration>.object(keys: serveKeys) { object, diagnostics in
        var configuration = ServeConfiguration()
        if let listen = object.decode(.optional("listen", listen), &diagnostics) {
            (configuration.http.address, configuration.http.port) = listen
        }
        configuration.keyFile = object.decode(.required("keyFile", .string), &diagnostics) ?? ""
        if let bytes = object.decode(.optional("maximumBodyBytes", .integer(in: 256...16_777_216)), &diagnostics) {
            configuration.http.maximumBodyBytes = bytes
            configuration.limits.maximumBodyBytes = bytes
        }
        if let depth = object.decode(.optional("maximumDepth", .integer(in: 2...64)), &diagnostics) {
            configuration.limits.maximumDepth = depth
        }
        if let rate = object.decode(.optional("requestsPerSecond", .number(in: 0.001...1_000_000)), &diagnostics) {
            configuration.limits.requestsPerSecond = rate
        }
        if let burst = object.decode(.optional("burst", .integer(in: 1...1_000_000)), &diagnostics) {
            configuration.limits.burst = Double(burst)
        }
        if let threads = object.decode(.optional("threads", .integer(in: 1...256)), &diagnostics) {
            configuration.http.threads = threads
        }
        if let limit = object.decode(.optional("connectionLimit", .integer(in: 1...100_000)), &diagnostics) {
            configuration.http.connectionLimit = limit
        }
        if let seconds = object.decode(.optional("idleTimeoutSeconds", .integer(in: 1...3600)), &diagnostics) {
            configuration.http.idleTimeoutSeconds = seconds
        }
        if let seconds = object.decode(.optional("stopGraceSeconds", .number(in: 0...3600)), &diagnostics) {
            configuration.stopGrace = .milliseconds(Int64(seconds * 1000))
        }
        return configuration
    }

    /// `"ADDRESS:PORT"`: an IPv4 address, or an IPv6 one in brackets (`[::1]:8080`, `[::]:8080` for both families),
    /// and a port (0: the kernel's choice).
    private static let listen = ValueDecoder<String>.string.map { text throws(DecodingMessage) -> (String, UInt16) in
        let problem = DecodingMessage(
            "'\(text)' is not ADDRESS:PORT; expected like 127.0.0.1:8080 or [::1]:8080 (port 0: any free port)")
        guard let colon = text.lastIndex(of: ":"), let port = UInt16(text[text.index(after: colon)...]) else {
            throw problem
        }
        var host = String(text[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") {
            host = String(host.dropFirst().dropLast())
            var address = in6_addr()
            guard inet_pton(AF_INET6, host, &address) == 1 else { throw problem }
        } else {
            var address = in_addr()
            guard inet_pton(AF_INET, host, &address) == 1 else { throw problem }
        }
        return (host, port)
    }
}
