internal import Foundation

/// The parent side: runs every selected case at every size in child processes, then reports.
///
/// Method: per case and size, the warm-up runs first (discarded), then the measured repetitions, interleaved
/// across the sides compared (ours, Task, Dispatch, ours, Task, …) so a burst of load from other work on this
/// shared machine lands on every side alike and the ratios stay fair. The report shows medians.
struct BenchmarkSuite {
    let options: BenchOptions

    /// A warm-up longer than this is followed by a single measured run instead of the usual repetitions.
    static let longRun = Duration.seconds(60)

    /// Cases compared with each other, run interleaved.
    static let groups: [[BenchCase]] = [
        [.idle],
        [.queuePlan, .queueOurs, .queueOursBudget, .queueOursBatch, .queueOursRequests, .queueTask, .queueDispatch],
        [.deliveryOurs, .deliveryTask, .deliveryDispatch],
        [.deliveryContended],
        [.syncRecording, .syncLinux, .syncDiscarding, .syncReconcileLinux],
        [.recurrenceNext],
        [.recurrenceYear],
        [.replay],
        [.replayShadowYear],
        [.replayGoNowYear],
        [.replayShadowRefreshLinux, .replayShadowRefreshIOS],
        [.replayWaveRefreshLinux, .replayWaveRefreshIOS],
        [.replayAndroidIdle, .replayAndroidPlain],
        [.replayShadowConditionsAndroid, .replayShadowPlainAndroid, .replayShadowConditionsIOS, .replayShadowPlainIOS],
        [.fleet],
        [.replayYearsShadowLinux, .replayYearsShadowIOS, .replayYearsHydracatLinux, .replayYearsHydracatIOS],
        [.replayYearsGoNowLinux, .replayYearsGoNowIOS],
        [.replayYearsGrowBroLinux, .replayYearsGrowBroIOS],
        [.localizationLoad],
        [.localizationParse, .localizationParseFoundation],
        [.localizationResolve, .localizationResolveFoundation],
        [.storeBatch, .storeSingle],
        [.inboxPage, .inboxUnread],
        [.pushFanOut, .pushFanOutBatched, .pushFanOutPostgres],
        [.pushDispatch, .pushDispatchBatched, .pushDispatchPostgres1, .pushDispatchPostgres2, .pushDispatchPostgres4],
        [.pushBroadcast, .pushBroadcastPostgres],
        [.pushStandInCeiling, .pushDispatchHTTP, .pushDispatchHTTP20, .pushDispatchHTTP20Serial],
        [.pushLatencyIdle, .pushLatencyIdlePostgres],
        [.pushLatencyBroadcast, .pushLatencyBroadcastPostgres],
        [.desktopGdbus, .desktopLibdbus],
        [.apiSend, .apiSendPostgres, .apiRegister, .apiRegisterPostgres],
        [.apiEventToProvider, .apiEventToProviderPostgres],
    ]

    func run() async -> Int32 {
        var machine = MachineFacts.collect()
        let started = ContinuousClock.now
        let workDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("wavebench-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: workDirectory) }

        var summaries: [CaseSummary] = []
        for group in Self.groups {
            let cases = group.filter(isSelected).filter(isRunnable)
            let sizes = Set(cases.flatMap { $0.sizes(quick: options.quick) }).sorted()
            for size in sizes {
                let members = cases.filter { $0.sizes(quick: options.quick).contains(size) }
                var input: String?
                if members.contains(.replay) {
                    input = prepareScenario(events: size, in: workDirectory)
                }
                if members.contains(.replayYearsGoNowLinux) || members.contains(.replayYearsGoNowIOS) {
                    input = prepareGoNowScenario(days: size, in: workDirectory)
                }
                summaries += runInterleaved(members, size: size, input: input)
                if let input { try? FileManager.default.removeItem(atPath: input) }
            }
        }
        machine.loadAverageAtEnd = MachineFacts.loadAverage()
        let report = Report(
            machine: machine, quick: options.quick, summaries: summaries,
            wallSeconds: (ContinuousClock.now - started).seconds, repetitionsOverride: options.repetitions)
        let text = options.json ? report.json() : report.table()
        FileHandle.standardOutput.write(Data(text.utf8))
        if let path = options.jsonFile {
            do {
                try Data(report.json().utf8).write(to: URL(fileURLWithPath: path))
            } catch {
                log("cannot write \(path): \(error)")
            }
        }
        let failures = summaries.filter { $0.failure != nil }
        for failure in failures {
            log("FAILED \(failure.caseName) at \(failure.size): \(failure.failure ?? "")")
        }
        return failures.isEmpty ? 0 : 1
    }

    /// Whether the machine has what the case needs: the desktop cases need the private desktop's tools (and
    /// `gdbus` for the old side), which `.ci/run` installs except `gdbus`. A case left out says so and is not
    /// reported.
    private func isRunnable(_ benchCase: BenchCase) -> Bool {
        let side: DesktopNotifyWorkload.Side
        switch benchCase {
        case .desktopLibdbus: side = .libdbus
        case .desktopGdbus: side = .gdbus
        default: return true
        }
        let missing = DesktopNotifyWorkload.missingTools(for: side)
        if !missing.isEmpty {
            log("\(benchCase.rawValue) not run: missing \(missing.joined(separator: ", "))")
        }
        return missing.isEmpty
    }

    private func isSelected(_ benchCase: BenchCase) -> Bool {
        // Net memory needs the idle child and the plan-only child whenever the queue runs.
        if options.only.isEmpty { return true }
        let wanted = options.only.contains { benchCase.rawValue.hasPrefix($0) }
        let queueWanted = BenchCase.allCases.contains {
            $0.rawValue.hasPrefix("queue-") && options.only.contains(where: $0.rawValue.hasPrefix)
        }
        return wanted || benchCase == .idle || (benchCase == .queuePlan && queueWanted)
    }

    private func runInterleaved(_ cases: [BenchCase], size: Int, input: String?) -> [CaseSummary] {
        let context = CaseContext(quick: options.quick, input: input)
        var summaries = cases.map {
            CaseSummary(caseName: $0.rawValue, size: size, warmUps: $0.runs(quick: options.quick).warmUps)
        }
        func repetitions(_ benchCase: BenchCase) -> Int {
            let planned = benchCase.runs(quick: options.quick).repetitions
            return benchCase == .idle || benchCase == .queuePlan ? planned : options.repetitions ?? planned
        }
        var isLong = Array(repeating: false, count: cases.count)
        for (index, benchCase) in cases.enumerated() {
            for warmUp in 0..<benchCase.runs(quick: options.quick).warmUps where summaries[index].failure == nil {
                let started = ContinuousClock.now
                let result = runChild(benchCase, size: size, context: context, label: "warm-up \(warmUp + 1)")
                summaries[index].failure = result.failure
                isLong[index] = ContinuousClock.now - started > Self.longRun
            }
        }
        func repetitions(at index: Int) -> Int {
            // A run that takes minutes is its own average over millions of operations; repeating it five
            // times would only multiply the wait (see `longRun`).
            isLong[index] ? 1 : repetitions(cases[index])
        }
        let rounds = cases.indices.map(repetitions(at:)).max() ?? 0
        for round in 0..<rounds {
            for (index, benchCase) in cases.enumerated()
            where round < repetitions(at: index) && summaries[index].failure == nil {
                let result = runChild(
                    benchCase, size: size, context: context, label: "run \(round + 1)/\(repetitions(at: index))")
                if let failure = result.failure {
                    summaries[index].failure = failure
                } else {
                    summaries[index].samples.append(result)
                }
            }
        }
        return summaries
    }

    private func runChild(_ benchCase: BenchCase, size: Int, context: CaseContext, label: String) -> CaseResult {
        let timeout: Duration = options.quick ? .seconds(120) : .seconds(1_800)
        let result = ChildProcess.run(benchCase, size: size, context: context, timeout: timeout)
        let detail: String
        if let failure = result.failure {
            detail = "FAILED: \(failure)"
        } else if let seconds = result.metrics["seconds"] {
            detail = Format.duration(seconds) + ", peak \(Format.bytes(Double(result.peakResidentBytes)))"
        } else {
            detail = "peak \(Format.bytes(Double(result.peakResidentBytes)))"
        }
        log("\(benchCase.rawValue) \(Format.count(size)) \(label): \(detail)")
        return result
    }

    private func prepareScenario(events: Int, in directory: URL) -> String? {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let url = directory.appendingPathComponent("scenario-\(events).json")
            try ScenarioGenerator.write(events: events, to: url)
            return url.path
        } catch {
            log("cannot write the replay scenario: \(error)")
            return nil
        }
    }

    private func prepareGoNowScenario(days: Int, in directory: URL) -> String? {
        do {
            return try YearsReplayWorkload.writeGoNowScenario(days: days, in: directory)
        } catch {
            log("cannot write GoNow's scenario: \(error)")
            return nil
        }
    }

    private func log(_ line: String) {
        FileHandle.standardError.write(Data("wavebench: \(line)\n".utf8))
    }
}
