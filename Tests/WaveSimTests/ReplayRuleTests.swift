import Foundation
import Testing
import WaveCommandLine
import WaveSim

/// The replay rules, one by one, on small scenarios whose expectations were computed by hand.
struct ReplayRuleTests {
    @Test func startsWithALaunchAndDeliversEveryNotificationOnTime() async {
        let run = await ReplayRun.json("single-favorite.json")
        #expect(run.status == 0)
        #expect(
            run.deliveryLines == [
                "2026-06-21T15:00:00Z paris start_60m",
                "2026-06-21T15:30:00Z paris start_30m",
                "2026-06-21T15:50:00Z paris start_10m",
                "2026-06-21T15:55:00Z paris start_5m",
                "2026-06-21T15:59:00Z paris start_1m",
                "2026-06-21T16:10:00Z paris wave_hit",
                "2026-06-21T16:30:00Z paris finished",
            ])
        #expect(run.summary("scheduled") == 6)
        #expect(run.summary("cancelled") == 0)
        #expect(run.summary("delivered") == 7)
        #expect(run.summary("peakPending") == 6)
        #expect(run.summary["gated"] as? Bool == false)
    }

    @Test func defaultStartIsTwoHoursBeforeTheEarliestEvent() async {
        let run = await ReplayRun.json("default-start.json")
        #expect(run.deliveryLines.first == "2026-06-21T17:00:00Z early start_60m")
        #expect(run.deliveryLines.count == 12)
        #expect(run.deliveryLines.last == "2026-06-21T20:30:00Z late finished")
    }

    @Test func deliveriesComeBeforeActionsAtTheSameInstantAndActionsRunInFileOrder() async {
        let run = await ReplayRun.json("same-instant.json")
        #expect(
            run.deliveryLines == [
                "2026-06-21T15:00:00Z paris start_60m",
                // Due at 15:30 like the two actions: delivered first.
                "2026-06-21T15:30:00Z paris start_30m",
                // Unfavorite then favorite at 15:30, in file order: re-scheduled from 10m on.
                "2026-06-21T15:50:00Z paris start_10m",
                "2026-06-21T15:55:00Z paris start_5m",
                "2026-06-21T15:59:00Z paris start_1m",
                // The wave hit at 16:10 comes before the removal at 16:10; the removal cancels "finished".
                "2026-06-21T16:10:00Z paris wave_hit",
            ])
        #expect(run.summary("scheduled") == 10)
        #expect(run.summary("cancelled") == 5)
    }

    @Test func favoriteUnfavoriteUpdateRemoveAndLaunch() async {
        let run = await ReplayRun.json("actions.json")
        #expect(
            run.deliveryLines == [
                "2026-06-21T15:30:00Z fav-later start_30m",
                "2026-06-21T15:50:00Z fav-later start_10m",
                "2026-06-21T15:55:00Z fav-later start_5m",
                "2026-06-21T15:59:00Z fav-later start_1m",
                "2026-06-21T16:00:00Z moved start_60m",
                "2026-06-21T16:20:00Z fav-later finished",
                "2026-06-21T16:30:00Z moved start_30m",
                "2026-06-21T16:50:00Z moved start_10m",
                "2026-06-21T16:55:00Z moved start_5m",
                "2026-06-21T16:59:00Z moved start_1m",
                "2026-06-21T17:10:00Z moved finished",
            ])
        // Launch 17; update 6; launch again 6; favorite 5.
        #expect(run.summary("scheduled") == 34)
        // Unfavorite 6; update 5; remove 6; launch 6.
        #expect(run.summary("cancelled") == 23)
    }

    @Test func aWaveHitBeforeTheReplayStartsIsNotDelivered() async {
        // The event started before the replay, so it is not eligible either: nothing at all is delivered.
        let run = await ReplayRun.json("hit-before-start.json")
        #expect(run.status == 0)
        #expect(run.deliveryLines.isEmpty)
        #expect(run.summary("delivered") == 0)
    }

    @Test func aRemovedEventIgnoresLaterActionsAndItsWaveHit() async {
        let run = await ReplayRun.wavesim(["replay", Fixture.url("Scenarios/actions.json").path])
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("favorite gone: skipped, event 'gone' was removed"))
        #expect(!run.standardOutput.contains("wave_hit"))
    }

    @Test(arguments: [0, 10, 300])
    func anySpeedOtherThanOneGatesSchedulingButNotTheWaveHit(speed: Int) async {
        let run = await ReplayRun.json("single-favorite.json", ["--speed", "\(speed)"])
        #expect(run.status == 0)
        #expect(run.deliveryLines == ["2026-06-21T16:10:00Z paris wave_hit"])
        #expect(run.summary("scheduled") == 0)
        #expect(run.summary("speed") == speed)
        #expect(run.summary["gated"] as? Bool == true)
    }

    @Test func speedOneIsNotGated() async {
        let run = await ReplayRun.json("single-favorite.json", ["--speed", "1"])
        #expect(run.summary["gated"] as? Bool == false)
        #expect(run.summary("scheduled") == 6)
    }

    /// Every notification of 30 favorites starting a minute apart: 180 in all.
    private var manyPendingExpected: [String] {
        var lines: [(Date, String)] = []
        let base = instant("2026-06-21T16:00:00Z")
        for index in 0..<30 {
            let start = base.addingTimeInterval(TimeInterval(index * 60))
            let id = String(format: "e%02d", index)
            for (minutes, trigger) in [
                (60, "start_60m"), (30, "start_30m"), (10, "start_10m"), (5, "start_5m"), (1, "start_1m"),
            ] {
                lines.append((start.addingTimeInterval(TimeInterval(-minutes * 60)), "\(id) \(trigger)"))
            }
            lines.append((start.addingTimeInterval(30), "\(id) finished"))
        }
        let formatter = ISO8601DateFormatter()
        return lines.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }
            .map { "\(formatter.string(from: $0.element.0)) \($0.element.1)" }
    }

    /// The Linux adapter with a limit arms the rest as others fire (iOS loses them: `WorldWideWavesPlatformTests`).
    @Test(arguments: [
        (["--platform", "linux", "--pending-limit", "64"], 64),
        (["--platform", "linux", "--pending-limit", "10"], 10),
        (["--platform", "linux", "--pending-limit", "1"], 1),
        (["--platform", "android"], 500),
    ])
    func thePendingBudgetNeverLosesOrDelaysANotification(flags: [String], limit: Int) async {
        let run = await ReplayRun.json("many-pending.json", flags)
        #expect(run.status == 0)
        #expect(run.summary("pendingLimit") == limit)
        #expect(run.summary("peakPending") == min(limit, 180))
        #expect(run.summary("delivered") == 180)
        #expect(run.deliveryLines.count == 180)
        #expect(run.deliveryLines.sorted() == manyPendingExpected.sorted())
    }

    @Test func languageComesFromTheFlagThenTheEnvironment() async {
        let french = await ReplayRun.json("single-favorite.json", ["--lang", "fr"])
        #expect(french.deliveries.first?["locale"] as? String == "fr")
        let fromEnvironment = await ReplayRun.json("single-favorite.json", environment: ["LANG": "de_DE.UTF-8"])
        #expect(fromEnvironment.deliveries.first?["locale"] as? String == "de")
        let english = await ReplayRun.json("single-favorite.json")
        #expect(english.deliveries.first?["title"] as? String == "Wave starting soon")
        #expect(english.deliveries.first?["body"] as? String == "The wave in Paris starts in 1 hour")
    }

    @Test func anUnknownLanguageWarnsAndFallsBackToEnglish() async {
        let run = await ReplayRun.json("single-favorite.json", ["--lang", "xx"])
        #expect(run.status == 0)
        #expect(run.standardError.contains("--lang: no translation for 'xx'; using English"))
        #expect(run.deliveries.first?["locale"] as? String == "en")
    }
}

/// Colour and progress go only to terminals, and `NO_COLOR` always wins.
struct ReplayTerminalTests {
    private func run(terminal: Bool, environment: [String: String]) async -> String {
        let output = OutputChannel.capture(isTerminal: terminal)
        let errors = OutputChannel.capture()
        _ = await WaveSimCommand.run(
            arguments: ["replay", Fixture.url("Scenarios/single-favorite.json").path], environment: environment,
            standardOutput: output, standardError: errors)
        return output.captured
    }

    @Test func coloursOnlyATerminal() async {
        #expect(await run(terminal: true, environment: [:]).contains("\u{1B}[1m"))
        #expect(!(await run(terminal: false, environment: [:]).contains("\u{1B}[")))
    }

    @Test func noColorTurnsColourOff() async {
        #expect(!(await run(terminal: true, environment: ["NO_COLOR": "1"]).contains("\u{1B}[")))
    }
}
