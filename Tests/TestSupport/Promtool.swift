import Foundation

/// Prometheus' own linter for a metrics page, `promtool check metrics` (Debian's `prometheus`), run on text.
public enum Promtool {
    /// Where Debian installs it.
    public static let path = "/usr/bin/promtool"

    /// What is wrong with a page, as a test records it: what `promtool check metrics` said when it refused the page
    /// (exit status other than 0, or anything printed), or that it is missing while `WAVE_REQUIRE_PROMETHEUS` is
    /// set (as `.ci/run` sets it). Without `promtool` and without that variable the check is skipped: `nil`.
    ///
    /// - Parameter text: The page as served.
    /// - Returns: The problem, or `nil` when the page is accepted (or the check skipped).
    public static func problem(in text: String) async -> String? {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            guard ProcessInfo.processInfo.environment["WAVE_REQUIRE_PROMETHEUS"] != nil else { return nil }
            return "promtool is not installed, and WAVE_REQUIRE_PROMETHEUS is set (apt-get install prometheus)"
        }
        let check: ToolRun
        do {
            check = try await ToolRun.run(path, ["check", "metrics"], input: Data(text.utf8))
        } catch {
            return "promtool could not run: \(error)"
        }
        guard check.status == 0, check.output.isEmpty else {
            return "promtool check metrics: exit \(check.status)\n\(check.output)"
        }
        return nil
    }
}
