internal import Foundation
internal import WaveSim

/// Workload 4f for GoNow: the year scenario of 4c (``GoNowYearScenario``: all four modes, a forecast every 8 hours
/// covering today and tomorrow, Asia/Jerusalem) over one year and over four, on `linux` and on `ios`.
///
/// The parent writes the scenario file before the child starts (``writeGoNowScenario(days:in:)``: 4.4 MB a year),
/// so that generating it is not in the child's peak; the replay still reads and decodes it, which grows with the
/// years as any input does. The deliveries must be exactly ``GoNowYearScenario/expectedDeliveries()`` in number
/// (worked out after the replay, from the same seeded data), none lost.
extension YearsReplayWorkload {
    /// Writes the scenario of `days` days into a directory.
    ///
    /// - Parameters:
    ///   - days: How many days.
    ///   - directory: Where.
    /// - Returns: The file's path.
    /// - Throws: When the file cannot be written.
    static func writeGoNowScenario(days: Int, in directory: URL) throws -> String {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("gonow-years-\(days).json")
        try GoNowYearScenario(days: days).write(to: file)
        return file.path
    }

    /// Replays `days` days of GoNow on a platform from the scenario file the parent wrote.
    ///
    /// - Parameters:
    ///   - days: How many days (365 and 1,460 in the full run).
    ///   - platform: `linux` or `ios`.
    ///   - scenarioPath: The file ``writeGoNowScenario(days:in:)`` wrote for `days`.
    /// - Returns: The metrics, with `savedStateBytes`.
    /// - Throws: ``WorkloadFailure`` when the replay fails, delivers other than expected, or loses a notification.
    static func runGoNow(days: Int, platform: String, scenarioPath: String) async throws -> [String: Double] {
        let (metrics, summary) = try await replay(scenarioPath, platform: platform)
        let expected = GoNowYearScenario(days: days).expectedDeliveries().count
        try WorkloadFailure.check(
            summary.delivered == expected, "\(summary.delivered) delivered, expected \(expected): \(summary)")
        try WorkloadFailure.check(summary.lost == 0, "lost notifications: \(summary)")
        return metrics
    }
}
