import Foundation
import TestSupport
import Testing

/// Debian's `chromium`, run headless on a page file: the DOM it rendered, what it logged to its console, and a
/// screenshot, for the browser checks of the HTML pages (`docs/wavesim.md`, Pictures).
///
/// Console messages are read from Chromium's own log: with `--enable-logging=stderr --v=0` every message a page
/// logs is a standard-error line holding `:CONSOLE` (`[…:INFO:CONSOLE:1] "message", source: file:///… (1)`);
/// the pages have no script, so any such line (a script error, a blocked load the console reports) is a failure.
/// Each run gets a profile folder of its own, and the network is mapped to nowhere, so a page that tried to fetch
/// anything could not.
enum HeadlessChromium {
    /// The browser, if installed.
    static var executable: String? {
        ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/local/bin/chromium"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// The browser, or `nil` after saying why the test does not run: it skips unless `WAVE_REQUIRE_CHROMIUM` is
    /// set, when a missing browser fails it (`.ci/run` sets it).
    static func required() -> String? {
        if let executable { return executable }
        if ProcessInfo.processInfo.environment["WAVE_REQUIRE_CHROMIUM"] != nil {
            Issue.record("chromium is not installed, and WAVE_REQUIRE_CHROMIUM is set (apt-get install chromium)")
        } else {
            print("HeadlessChromium: skipped: chromium is not installed (apt-get install chromium)")
        }
        return nil
    }

    /// What one page rendered to.
    struct Rendering {
        /// The document after rendering (`--dump-dom`).
        var dom: String
        /// The lines of Chromium's log that are console messages.
        var consoleLines: [String]
        /// The status Chromium exited with.
        var status: Int32
    }

    /// Renders a page and returns its DOM and console messages.
    static func render(_ page: URL, executable: String) async throws -> Rendering {
        let result = try await run(executable, ["--enable-logging=stderr", "--v=0", "--dump-dom", page.absoluteString])
        let console = result.errors.split(separator: "\n").filter { $0.contains(":CONSOLE") }.map(String.init)
        return Rendering(dom: result.output, consoleLines: console, status: result.status)
    }

    /// Takes a screenshot of a page's top and returns its status.
    static func screenshot(
        _ page: URL, to png: URL, width: Int = 1200, height: Int = 900, executable: String
    ) async throws
        -> Int32
    {
        try await run(
            executable,
            ["--hide-scrollbars", "--window-size=\(width),\(height)", "--screenshot=\(png.path)", page.absoluteString]
        ).status
    }

    /// A screenshot's size, distinct colours and luminance deviation, read by `scripts/png-stats.py` (zlib).
    struct PictureStatistics: Decodable {
        var width: Int
        var height: Int
        var colours: Int
        var deviation: Double
    }

    /// Decodes a PNG file and measures it.
    static func statistics(of png: URL) async throws -> PictureStatistics {
        let script = Fixture.repositoryRoot.appendingPathComponent("scripts/png-stats.py").path
        let result = try await run("/usr/bin/python3", [script, png.path], browser: false)
        guard result.status == 0 else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: result.errors])
        }
        return try JSONDecoder().decode(PictureStatistics.self, from: Data(result.output.utf8))
    }

    /// Runs a program to its end off Swift's cooperative threads (a browser takes seconds).
    private static func run(
        _ executable: String, _ arguments: [String], browser: Bool = true
    ) async throws -> (
        status: Int32, output: String, errors: String
    ) {
        try await offThePool { try blockingRun(executable, arguments, browser: browser) }
    }

    private static func blockingRun(
        _ executable: String, _ arguments: [String], browser: Bool
    ) throws -> (
        status: Int32, output: String, errors: String
    ) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outputFile = folder.appendingPathComponent("stdout")
        let errorFile = folder.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments =
            (browser
                ? [
                    "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
                    "--user-data-dir=\(folder.appendingPathComponent("profile").path)",
                    "--host-resolver-rules=MAP * ~NOTFOUND",
                ] : []) + arguments
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": folder.path]
        // Files, not pipes: Chromium's log can be long, and nothing reads a pipe while it runs.
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: try Data(contentsOf: outputFile), as: UTF8.self),
            String(decoding: try Data(contentsOf: errorFile), as: UTF8.self)
        )
    }
}
