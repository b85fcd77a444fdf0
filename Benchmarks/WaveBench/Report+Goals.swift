internal import Foundation

// The project's performance goals, judged on this run's figures.
extension Report {
    /// One of the project's performance goals, judged on this run.
    struct Goal: Codable {
        var name: String
        var target: String
        var measured: String
        /// `nil` when this run did not measure it (for example in `--quick` mode).
        var met: Bool?
    }

    func goals() -> [Goal] {
        var goals: [Goal] = []
        let queueSize = 100_000
        if let ours = summary(.queueOurs, queueSize), let task = summary(.queueTask, queueSize) {
            let speed = ratio(ours.operationsPerSecond, task.operationsPerSecond)
            goals.append(
                Goal(
                    name: "timer queue at 100k: ops/s vs Task per notification", target: "≥ 10×",
                    measured: Format.ratio(speed), met: speed.map { $0 >= 10 }))
            if let batch = summary(.queueOursBatch, queueSize) {
                let batchSpeed = ratio(batch.operationsPerSecond, task.operationsPerSecond)
                goals.append(
                    Goal(
                        name: "timer queue at 100k through batch calls: ops/s vs Task per notification",
                        target: "≥ 50×", measured: Format.ratio(batchSpeed), met: batchSpeed.map { $0 >= 50 }))
            }
            let batchAgainstSingle = Report.queueSizes(in: summaries).compactMap { size -> Double? in
                guard let single = summary(.queueOurs, size), let batch = summary(.queueOursBatch, size) else {
                    return nil
                }
                return ratio(batch.operationsPerSecond, single.operationsPerSecond)
            }.min()
            goals.append(
                Goal(
                    name: "timer queue through batch calls against per call, slowest size", target: "≥ 1×",
                    measured: Format.ratio(batchAgainstSingle), met: batchAgainstSingle.map { $0 >= 1 }))
            let ourNet = netPerNotification(ours)
            goals.append(
                Goal(
                    name: "timer queue at 100k: net memory per pending notification", target: "≤ 150 B",
                    measured: ourNet.map { "\(Format.significant($0)) B" } ?? "–", met: ourNet.map { $0 <= 150 }))
        } else {
            goals.append(
                Goal(
                    name: "timer queue at 100k vs Task", target: "≥ 10× ops/s, far less memory",
                    measured: "not measured"))
        }
        if let fleet = summary(.fleet, 100_000), fleet.failure == nil {
            let seconds = fleet.median("seconds")
            let peak = fleet.peakResidentBytes
            goals.append(
                Goal(
                    name: "wavesim fleet: 100,000 Hydracat users × 30 days", target: "≤ 60 s, under 1 GB",
                    measured: "\(Format.duration(seconds)), \(Format.bytes(peak))",
                    met: seconds.map { $0 <= 60 && (peak ?? .infinity) < 1_000_000_000 }))
        } else {
            goals.append(
                Goal(
                    name: "wavesim fleet: 100,000 Hydracat users × 30 days", target: "≤ 60 s, under 1 GB",
                    measured: "not measured (wavebench --case fleet --size 100000)"))
        }
        if let delivery = summary(.deliveryOurs, 100_000), delivery.failure == nil {
            let p99 = delivery.median("latenessP99Milliseconds")
            let max = delivery.median("latenessMaxMilliseconds")
            goals.append(
                Goal(
                    name: "delivery lateness p99 (2,000 due, 100k pending)", target: "≤ 0.3 ms (kept)",
                    measured: "\(Format.milliseconds(p99)) ms", met: p99.map { $0 <= 0.3 }))
            goals.append(
                Goal(
                    name: "delivery lateness max (2,000 due, 100k pending)", target: "≤ 10 ms on an idle machine",
                    measured: "\(Format.milliseconds(max)) ms", met: max.map { $0 <= 10 }))
        } else {
            goals.append(
                Goal(
                    name: "delivery lateness at 100k pending", target: "p99 ≤ 0.3 ms, max ≤ 10 ms",
                    measured: "not measured"))
        }
        if let contended = summary(.deliveryContended, 7_000), contended.failure == nil {
            let p99 = contended.median("latenessP99Milliseconds")
            goals.append(
                Goal(
                    name: "delivery lateness p99 while 50 callers add, remove and list 7k pending",
                    target: "≤ 1 ms", measured: "\(Format.milliseconds(p99)) ms", met: p99.map { $0 <= 1 }))
        } else {
            goals.append(
                Goal(
                    name: "delivery lateness p99 while 50 callers add, remove and list 7k pending",
                    target: "≤ 1 ms", measured: "not measured"))
        }
        if let sync = summary(.syncLinux, 10_000), sync.failure == nil {
            let seconds = sync.median("firstSyncSeconds")
            goals.append(
                Goal(
                    name: "10k-event 003 sync into LinuxNotificationManager", target: "≤ 40 ms",
                    measured: Format.duration(seconds), met: seconds.map { $0 <= 0.040 }))
        } else {
            goals.append(
                Goal(name: "10k-event 003 sync into the Linux manager", target: "≤ 40 ms", measured: "not measured"))
        }
        if let sync = summary(.syncReconcileLinux, 10_000), sync.failure == nil {
            let seconds = sync.median("secondSyncSeconds")
            let calls = sync.median("secondSyncCalls")
            goals.append(
                Goal(
                    name: "10k-event reconciling sync, nothing changed", target: "0 calls, ≤ 5 ms",
                    measured: "\(Int(calls ?? -1)) calls, \(Format.duration(seconds))",
                    met: calls.flatMap { calls in seconds.map { calls == 0 && $0 <= 0.005 } }))
        } else {
            goals.append(Goal(name: "10k-event reconciling sync", target: "0 calls, ≤ 5 ms", measured: "not measured"))
        }
        if let replay = summary(.replay, 100_000), replay.failure == nil {
            let rate = replay.operationsPerSecond
            goals.append(
                Goal(
                    name: "replay of 100k events (600k deliveries)", target: "≥ 1M deliveries/s",
                    measured: Format.rate(rate), met: rate.map { $0 >= 1_000_000 }))
            let peak = replay.peakResidentBytes
            goals.append(
                Goal(
                    name: "replay of 100k events: peak memory", target: "≤ 100 MB",
                    measured: Format.bytes(peak), met: peak.map { $0 <= 100 * 1_048_576 }))
        } else {
            goals.append(
                Goal(name: "replay of 100k events", target: "≥ 1M deliveries/s, ≤ 100 MB", measured: "not measured"))
        }
        for (benchCase, name, limit) in [
            (BenchCase.replayShadowYear, "a year of Shadow, every category on", 0.030),
            (.replayGoNowYear, "a year of GoNow forecasts", 0.060),
        ] {
            if let year = summary(benchCase, AppReplayWorkload.days), year.failure == nil {
                let seconds = year.median("seconds")
                let peak = year.peakResidentBytes
                goals.append(
                    Goal(
                        name: "\(name): wall time", target: "≤ \(Int(limit * 1000)) ms",
                        measured: Format.duration(seconds), met: seconds.map { $0 <= limit }))
                goals.append(
                    Goal(
                        name: "\(name): peak memory", target: "≤ 100 MB", measured: Format.bytes(peak),
                        met: peak.map { $0 <= 100 * 1_048_576 }))
            } else {
                goals.append(
                    Goal(name: name, target: "≤ \(Int(limit * 1000)) ms, ≤ 100 MB", measured: "not measured"))
            }
        }
        if let pair = platformPairs().first(where: { $0.linux.size == AppReplayWorkload.days }),
            let ratio = platformRatio(linux: pair.linux, ios: pair.ios)
        {
            goals.append(
                Goal(
                    name: "replay on ios against linux, a year of Shadow", target: "within 10%",
                    measured: "\(Format.significant(ratio))×", met: ratio <= 1.1))
        } else {
            goals.append(Goal(name: "replay on ios against linux", target: "within 10%", measured: "not measured"))
        }
        if let pair = platformPairs(.replayWaveRefreshLinux, .replayWaveRefreshIOS).first(where: {
            $0.linux.size == AppReplayWorkload.waveRefreshDays
        }), let ratio = platformRatio(linux: pair.linux, ios: pair.ios) {
            goals.append(
                Goal(
                    name: "replay on ios against linux, WorldWideWaves refreshed", target: "within 10%",
                    measured: "\(Format.significant(ratio))×", met: ratio <= 1.1))
        }
        goals += yearsGoals()
        if let next = summary(.recurrenceNext, 1_000_000), next.failure == nil {
            let nanoseconds = next.nanosecondsPerOperation
            goals.append(
                Goal(
                    name: "recurrence: next(after:), hourly rule, Europe/Berlin", target: "≤ 1 µs",
                    measured: nanoseconds.map { "\(Format.significant($0)) ns" } ?? "–",
                    met: nanoseconds.map { $0 <= 1_000 }))
        } else {
            goals.append(Goal(name: "recurrence: next(after:)", target: "≤ 1 µs", measured: "not measured"))
        }
        if let year = summary(.recurrenceYear, 1_000), year.failure == nil {
            let perYear = year.nanosecondsPerOperation.map { $0 / 1e6 }
            goals.append(
                Goal(
                    name: "recurrence: a year of an hourly rule, Europe/Berlin", target: "≤ 5 ms",
                    measured: "\(Format.milliseconds(perYear)) ms", met: perYear.map { $0 <= 5 }))
        } else {
            goals.append(Goal(name: "recurrence: a year of an hourly rule", target: "≤ 5 ms", measured: "not measured"))
        }
        for (benchCase, name) in [
            (BenchCase.inboxPage, "inbox page of 50 at 100k, p99"), (.inboxUnread, "inbox unread count at 100k, p99"),
        ] {
            if let inbox = summary(benchCase, 100_000), inbox.failure == nil {
                let p99 = inbox.median("p99Milliseconds")
                goals.append(
                    Goal(
                        name: name, target: "≤ 5 ms", measured: "\(Format.milliseconds(p99)) ms",
                        met: p99.map { $0 <= 5 }))
            } else {
                goals.append(Goal(name: name, target: "≤ 5 ms", measured: "not measured"))
            }
        }
        if let load = summary(.localizationLoad, LocalizationWorkload.expectedTableCount), load.failure == nil {
            let seconds = load.median("seconds")
            goals.append(
                Goal(
                    name: "loading the 34 tables", target: "≤ 50 ms", measured: Format.duration(seconds),
                    met: seconds.map { $0 <= 0.050 }))
        } else {
            goals.append(Goal(name: "loading the 34 tables", target: "≤ 50 ms", measured: "not measured"))
        }
        return goals
    }

    /// The cases of 4f with their names: one year of an app and four.
    static let yearsCases: [(BenchCase, String)] = [
        (.replayYearsShadowLinux, "Shadow, linux"), (.replayYearsShadowIOS, "Shadow, ios"),
        (.replayYearsHydracatLinux, "Hydracat, linux"), (.replayYearsHydracatIOS, "Hydracat, ios"),
        (.replayYearsGoNowLinux, "GoNow, linux"), (.replayYearsGoNowIOS, "GoNow, ios"),
        (.replayYearsGrowBroLinux, "GrowBro, linux"), (.replayYearsGrowBroIOS, "GrowBro, ios"),
    ]

    /// Four years of Shadow and of Hydracat against one (4f): peak memory and the saved state within 10%, time
    /// linear (k ≤ 1.1 between the two sizes).
    private func yearsGoals() -> [Goal] {
        var goals: [Goal] = []
        let (one, four) = (AppReplayWorkload.days, 4 * AppReplayWorkload.days)
        for (benchCase, name) in Self.yearsCases {
            guard let small = summary(benchCase, one), let large = summary(benchCase, four), small.failure == nil,
                large.failure == nil
            else {
                goals.append(
                    Goal(
                        name: "four years vs one, \(name)",
                        target: "peak memory and saved state within 10%, time linear", measured: "not measured"))
                continue
            }
            let peak = ratio(large.peakResidentBytes, small.peakResidentBytes)
            goals.append(
                Goal(
                    name: "four years vs one, \(name): peak memory", target: "within 10%",
                    measured: "\(Format.bytes(large.peakResidentBytes)) vs \(Format.bytes(small.peakResidentBytes)): "
                        + Format.ratio(peak), met: peak.map { $0 <= 1.1 }))
            let time = ratio(large.median("seconds"), small.median("seconds"))
            let work = ratio(large.median("operations"), small.median("operations"))
            let exponent = time.flatMap { time in work.map { log(time) / log($0) } }
            goals.append(
                Goal(
                    name: "four years vs one, \(name): wall time", target: "linear (k ≤ 1.1)",
                    measured: "\(Format.ratio(time)), k \(exponent.map { Format.fixed($0, 2) } ?? "–")",
                    met: exponent.map { $0 <= 1.1 }))
            let saved = ratio(large.median("savedStateBytes"), small.median("savedStateBytes"))
            goals.append(
                Goal(
                    name: "state saved between launches, four years vs one, \(name)", target: "within 10% in bytes",
                    measured: "\(Format.bytes(large.median("savedStateBytes"))) vs "
                        + "\(Format.bytes(small.median("savedStateBytes"))): \(Format.ratio(saved))",
                    met: saved.map { $0 <= 1.1 }))
        }
        return goals
    }

    func goalsSection() -> String {
        var table = TextTable(["goal", "target", "measured", "verdict"], leftAligned: 4)
        for goal in goals() {
            let verdict = goal.met.map { $0 ? "met" : "MISSED" } ?? "not measured at these sizes"
            table.add([goal.name, goal.target, goal.measured, verdict])
        }
        return "\nGoals:\n" + table.render()
    }
}

extension Report {
    /// Every size the per-call queue case was measured at.
    fileprivate static func queueSizes(in summaries: [CaseSummary]) -> [Int] {
        Set(summaries.filter { $0.caseName == BenchCase.queueOurs.rawValue }.map(\.size)).sorted()
    }
}
