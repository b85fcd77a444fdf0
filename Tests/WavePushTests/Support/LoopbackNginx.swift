import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A real nginx for one test, on loopback, in the test's directory: the configuration's frame (no daemon, one worker,
/// every path in the directory) written once around the test's `server` blocks, started as a child and waited for
/// until each of its ports answers.
///
/// Tests skip, saying so, when nginx is not installed, unless `WAVE_REQUIRE_NGINX=1` (CI sets it after installing
/// Debian's `nginx-light`), so CI can never pass with them quietly skipped.
struct LoopbackNginx {
    /// Where nginx is installed, or `nil`.
    static var executable: String? {
        ["/usr/sbin/nginx", "/usr/bin/nginx", "/usr/local/sbin/nginx"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// Whether a test must fail rather than skip without nginx.
    static var isRequired: Bool { ProcessInfo.processInfo.environment["WAVE_REQUIRE_NGINX"] == "1" }

    /// The running server; terminate it when done (``terminate()`` is safe in a `defer`).
    let process: ChildProcess
    /// The directory its configuration, pid, temporary files and error log are in.
    let directory: URL

    /// Writes `nginx.conf` around `servers` and starts nginx, returning once every port in `ports` accepts a
    /// connection (waited for off the cooperative pool).
    ///
    /// - Parameters:
    ///   - executable: nginx.
    ///   - directory: The test's directory.
    ///   - servers: The `server { … }` blocks, the text inside `http { … }` after the temporary paths.
    ///   - ports: The loopback ports the blocks listen on.
    /// - Throws: When nginx does not start or a port never answers, with nginx's error log.
    init(executable: String, directory: URL, servers: String, ports: [UInt16]) async throws {
        let temp = directory.path
        let configuration = """
            daemon off;
            master_process off;
            worker_processes 1;
            pid \(temp)/nginx.pid;
            error_log \(temp)/error.log;
            events { worker_connections 64; }
            http {
                access_log off;
                client_body_temp_path \(temp)/body;
                proxy_temp_path \(temp)/proxy;
                fastcgi_temp_path \(temp)/fastcgi;
                uwsgi_temp_path \(temp)/uwsgi;
                scgi_temp_path \(temp)/scgi;
            \(servers)
            }

            """
        let file = directory.appendingPathComponent("nginx.conf").path
        try configuration.write(toFile: file, atomically: true, encoding: .utf8)
        process = try ChildProcess(
            URL(fileURLWithPath: executable), arguments: ["-p", temp, "-c", file, "-e", "\(temp)/error.log"],
            capturesOutput: false)
        self.directory = directory
        let listening = await offThePool { ports.allSatisfy(Self.waitUntilListening) }
        guard listening else {
            process.terminate()
            throw NginxDidNotStart(log: Self.log(directory))
        }
    }

    /// Stops nginx and waits for it.
    func terminate() {
        process.terminate()
    }

    /// nginx's error log, for a failure's message.
    var log: String { Self.log(directory) }

    private static func log(_ directory: URL) -> String {
        (try? String(contentsOf: directory.appendingPathComponent("error.log"), encoding: .utf8)) ?? "(no log)"
    }

    /// A port the kernel just gave and took back: free unless another process takes it in between.
    static func freeLoopbackPort() throws -> UInt16 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(descriptor, socketAddress, length) == 0 && getsockname(descriptor, socketAddress, &length) == 0
            }
        }
        try #require(bound)
        return UInt16(bigEndian: address.sin_port)
    }

    /// Whether a connection to the port succeeds within 10 s (blocks: call it off the pool).
    private static func waitUntilListening(_ port: UInt16) -> Bool {
        for _ in 0..<200 {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
            address.sin_port = port.bigEndian
            let connected = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                }
            }
            close(descriptor)
            if connected { return true }
            usleep(50_000)
        }
        return false
    }
}

/// nginx did not answer on its ports; its error log says why.
struct NginxDidNotStart: Error, CustomStringConvertible {
    var log: String
    var description: String { "nginx did not start: \(log)" }
}
