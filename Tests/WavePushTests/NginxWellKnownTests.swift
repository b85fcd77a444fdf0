import Foundation
import TestSupport
import Testing
import WavePush

/// The well-known files served by a real nginx on loopback pass the check; a misconfigured server fails it.
///
/// Skipped, saying so, when nginx is not installed, unless `WAVE_REQUIRE_NGINX=1` (CI sets it after installing
/// Debian's `nginx-light`), so CI can never pass with this test quietly skipped.
struct NginxWellKnownTests {
    @Test
    func theCheckPassesOnNginxAndRefusesARedirectAndAWrongType() async throws {
        guard let nginx = LoopbackNginx.executable else {
            if LoopbackNginx.isRequired {
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

        let good = try LoopbackNginx.freeLoopbackPort()
        let bad = try LoopbackNginx.freeLoopbackPort()
        let server = try await LoopbackNginx(
            executable: nginx, directory: directory, servers: Self.servers(site: site, good: good, bad: bad),
            ports: [good, bad])
        defer { server.terminate() }

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

    /// The two sites on `good` and the misconfigured one on `bad`.
    static func servers(site: URL, good: UInt16, bad: UInt16) -> String {
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
            """
    }
}
