internal import Foundation
import WaveCommandLine
internal import WaveSim

/// The `fleet` case (issue 47): `wavesim fleet FILE --format json --quiet` in this process over a generated fleet of
/// N Hydracat users on Android, 30 days each (the population of `Examples/fleet-hydracat-android.json`: three zones,
/// nightly idle windows, exact alarms denied for 30%, every standby bucket, launches and background refreshes), one
/// user per core at a time. Its operations are simulated user-days; the answer is checked to count every user.
enum FleetWorkload {
    /// The days each user is replayed.
    static let days = 30

    /// The fleet file of `users` users.
    static func fleet(users: Int) -> String {
        """
        {"users": \(users), "seed": 2026, "start": "2026-03-02", "days": \(days),
         "scenario": {"app": "hydracat", "hydracat": {"userId": "u1", "pets": [{"id": "p1", "name": "Luna",
           "schedules": [{"id": "s1", "kind": "medication", "medicationName": "Benazepril", "dose": "2.5 mg",
             "times": ["08:00", "20:00"]}]}]}},
         "population": {"platform": {"android": 1},
           "timeZone": {"Europe/Berlin": 0.4, "America/New_York": 0.35, "Asia/Tokyo": 0.25},
           "sleep": {"from": ["22:00", "01:00"], "hours": [6, 9], "charging": 0.6},
           "launchesPerDay": 2.5, "backgroundRefreshesPerDay": 1,
           "android": {"exactAlarmsDenied": 0.3,
             "bucket": {"active": 0.55, "working_set": 0.25, "frequent": 0.12, "rare": 0.06, "restricted": 0.02}}}}
        """
    }

    /// Runs the fleet of `users` users.
    ///
    /// - Parameters:
    /// - Parameter users: How many users.
    /// - Returns: The metrics: `operations` are user-days.
    /// - Throws: ``WorkloadFailure`` when the command fails or its answer does not count every user.
    static func run(users: Int) async throws -> [String: Double] {
        // Written before the clock starts.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "wavebench-fleet-\(ProcessInfo.processInfo.processIdentifier)-\(users).json")
        try Data(fleet(users: users).utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let output = OutputChannel.capture()
        let errors = OutputChannel.capture()
        let startCPU = ProcessCPU.seconds()
        let start = ContinuousClock.now
        let status = await WaveSimCommand.run(
            arguments: ["fleet", file.path, "--format", "json", "--quiet"], environment: [:], standardOutput: output,
            standardError: errors)
        let seconds = (ContinuousClock.now - start).seconds
        let cpuSeconds = ProcessCPU.seconds() - startCPU
        try WorkloadFailure.check(status == 0, "wavesim fleet exited \(status): \(errors.captured)")
        let answer = output.captured
        let userDays = users * days
        try WorkloadFailure.check(
            answer.contains("\"users\":\(users),") && answer.contains("\"userDays\":\(userDays),")
                && answer.contains("\"channel\":\"treatment_reminders\""),
            "the answer does not count \(users) users: \(answer.prefix(300))")
        return [
            "seconds": seconds,
            "cpuSeconds": cpuSeconds,
            "operations": Double(userDays),
            "users": Double(users),
            "userDaysPerSecond": Double(userDays) / seconds,
            "threads": Double(ProcessInfo.processInfo.activeProcessorCount),
        ]
    }
}
