import Foundation
import TestSupport
import Testing
import WavePush

#if canImport(Glibc)
    import Glibc
#endif

/// The well-known files served by a real nginx on loopback pass the check; a misconfigured server fails it.
///
/// Skipped, saying so, when nginx is not installed, unless `WAVE_REQUIRE_NGINX=1` (CI sets it after installing
/// Debian's `nginx-light`), so CI can never pass with this test quietly skipped.
struct NginxWellKnownTests {
    static var nginx: String? {
        ["/usr/sbin/nginx", "/usr/bin/nginx", "/usr/local/sbin/nginx"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    static var isRequired: Bool { ProcessInfo.processInfo.environment["WAVE_REQUIRE_NGINX"] == "1" }

    @Test
    func theCheckPassesOnNginxAndRefusesARedirectAndAWrongType() async throws {
        guard let nginx = Self.nginx else {
            if Self.isRequired {
                Issue.record("nginx is required (WAVE_REQUIRE_NGINX=1) but not installed: apt-get install nginx-light")
            } else {
                print("NginxWellKnownTests: skipped: nginx is not installed (Debian: apt-get install nginx-light)")
            }
            return
        }
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let site = directory.appendingPathComponent("site")
        let written = await Fixtures.run(["well-known", Fixtures.path("well-known.json"), "--out", site.path])
        #expect(written.status == 0, "\(written.errors)")

        let good = try Self.freeLoopbackPort()
        let bad = try Self.freeLoopbackPort()
        let configuration = directory.appendingPathComponent("nginx.conf")
        try Self.configuration(directory: directory, site: site, good: good, bad: bad)
            .write(to: configuration, atomically: true, encoding: .utf8)
        let server = try ChildProcess(
            URL(fileURLWithPath: nginx),
            arguments: [
                "-p", directory.path, "-c", configuration.path, "-e",
                directory.appendingPathComponent("error.log").path,
            ],
            capturesOutput: false)
        defer { server.terminate() }
        try #require(
            Self.waitUntilListening(good) && Self.waitUntilListening(bad), "nginx did not start: \(Self.log(directory))"
        )

        for environment in ["production", "staging"] {
            let run = await Fixtures.run([
                "check-well-known", Fixtures.path("well-known.json"), "--environment", environment, "--url",
                "http://127.0.0.1:\(good)",
            ])
            #expect(run.status == 0, "\(environment): \(run.output) \(run.errors)")
            #expect(run.output.split(separator: "\n").allSatisfy { $0.hasPrefix("ok ") })
        }
        // Production's files under staging's name: the content check refuses them.
        let swapped = await Fixtures.run([
            "check-well-known", Fixtures.path("well-known.json"), "--environment", "production", "--url",
            "http://127.0.0.1:\(good)", "--host", "staging.growbro.app",
        ])
        #expect(swapped.status == 1)
        #expect(swapped.output.contains("the body is not the expected file"))

        let misconfigured = await Fixtures.run([
            "check-well-known", Fixtures.path("well-known.json"), "--environment", "production", "--url",
            "http://127.0.0.1:\(bad)",
        ])
        #expect(misconfigured.status == 1)
        #expect(
            misconfigured.output.contains(
                "problem growbro.app/.well-known/apple-app-site-association: redirects (301) to https://www.growbro.app/.well-known/apple-app-site-association"
            ))
        #expect(
            misconfigured.output.contains(
                "problem growbro.app/.well-known/assetlinks.json: Content-Type is 'text/plain'; expected application/json"
            ))
    }

    static func configuration(directory: URL, site: URL, good: UInt16, bad: UInt16) -> String {
        let temp = directory.path
        func served(_ domain: String) -> String {
            """
                server {
                    listen 127.0.0.1:\(good);
                    server_name \(domain);
                    root \(site.path)/\(domain);
                    location = /.well-known/apple-app-site-association { types { } default_type application/json; }
                    location = /.well-known/assetlinks.json { types { } default_type application/json; }
                }

            """
        }
        return """
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
            \(served("growbro.app"))\(served("staging.growbro.app"))
                server {
                    listen 127.0.0.1:\(bad);
                    server_name growbro.app;
                    root \(site.path)/growbro.app;
                    location = /.well-known/apple-app-site-association {
                        return 301 https://www.growbro.app/.well-known/apple-app-site-association;
                    }
                    location = /.well-known/assetlinks.json { types { } default_type text/plain; }
                }
            }

            """
    }

    static func log(_ directory: URL) -> String {
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

    /// Whether something accepts connections on the port, trying for up to 10 seconds (a start-up wait, not a
    /// timed assertion).
    static func waitUntilListening(_ port: UInt16) -> Bool {
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
