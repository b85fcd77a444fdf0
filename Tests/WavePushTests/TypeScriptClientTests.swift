import Foundation
import TestSupport
import Testing
import WavePush

/// Examples/typescript/growbro-push-client.ts, compiled with `tsc` and run with Node against a `wavepush serve`
/// child process: the client a Node backend would write from the OpenAPI document. Skipped, saying so, without
/// `tsc` or `node` unless `WAVE_REQUIRE_NODE=1` (CI sets it after installing Debian's node-typescript).
struct TypeScriptClientTests {
    private static func tool(_ name: String) -> URL? {
        ["/usr/bin/\(name)", "/usr/local/bin/\(name)"].first { FileManager.default.isExecutableFile(atPath: $0) }
            .map { URL(fileURLWithPath: $0) }
    }

    @Test func theExampleClientTalksToServe() async throws {
        guard let tsc = Self.tool("tsc"), let node = Self.tool("node") else {
            if ProcessInfo.processInfo.environment["WAVE_REQUIRE_NODE"] == "1" {
                Issue.record("tsc and node are required (WAVE_REQUIRE_NODE=1): apt-get install node-typescript")
            } else {
                print("TypeScriptClientTests: skipped: tsc or node is not installed (Debian: node-typescript)")
            }
            return
        }
        let directory = try TemporaryDirectory("typescript-client")
        defer { directory.remove() }
        let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/typescript")
        let build = directory.appending("build").path
        let compiler = try ChildProcess(
            tsc, arguments: ["-p", example.path, "--outDir", build, "--pretty", "false"])
        let diagnostics = await compiler.remainingLines()
        #expect(await compiler.waitForExit() == 0, "tsc: \(diagnostics)")

        let serve = try ChildProcess(
            DispatchCommandTests.program, arguments: ["serve", try ServeCommandTests.configuration(in: directory)])
        defer { serve.terminate() }
        _ = await serve.nextLine()
        let listening = try #require(await serve.nextLine())
        let port = try #require(
            listening.split(separator: ",").first { $0.hasPrefix(#""port":"#) }
                .flatMap { Int($0.dropFirst(7).trimmingCharacters(in: CharacterSet(charactersIn: "}"))) })

        let client = try ChildProcess(
            node,
            arguments: [
                directory.appending("build/growbro-push-client.js").path, "http://127.0.0.1:\(port)",
                ServeCommandTests.key,
            ])
        let output = await client.remainingLines()
        #expect(await client.waitForExit() == 0, "\(output)")
        #expect(
            output == [
                "health ok",
                "token phone-1 registered",
                "event m1 badge 1 sends 1",
                "inbox 1 unread 1 first Nice buds!",
                "read entries 1 unread 0",
                "opened recorded true",
                "report interactions sends 1 opened 0",
                "preferences likes false archiveDays 30",
                "like m2 sends 0 skipped category_disabled",
                "refused 400 invalid_field platform",
                "erased dropped 1 badge 0",
            ])
    }
}
