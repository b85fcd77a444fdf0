import Foundation
import GoNowNotifications
import Testing
import WaveNotifications

private typealias F = GoNowFixtures

struct GoNowPlannerTests {
    private static let day = "2026-06-01"
    private static let beforeDawn = "2026-06-01T05:00"

    private func windows(_ hours: [GoNowForecastHour], mode: GoNowMode = .swimSolo) -> [LocalDate: [GoNowWindow]] {
        GoNowPlanner.windows(
            for: mode, in: GoNowForecast(fetchedAt: F.local(Self.beforeDawn), hours: hours), timeZone: F.zone)
    }

    // MARK: Windows

    @Test func scoreOfExactlySeventyCountsAndSixtyNineDoesNot() throws {
        let found = windows(F.hours(from: "2026-06-01T07:00", [69, 70, 70, 69]))
        let window = try #require(found[try LocalDate(parsing: Self.day)]?.first)
        #expect(found.values.joined().count == 1)
        #expect(window.start == F.local("2026-06-01T08:00"))
        #expect(window.end == F.local("2026-06-01T10:00"))
        #expect(window.scores == [70, 70])
        #expect(window.average == 70)
    }

    @Test func oneQualifyingHourIsAWindowEndingAnHourLater() throws {
        let found = windows(F.hours(from: "2026-06-01T07:00", [50, 90, 50]))
        let window = try #require(found.values.first?.first)
        #expect(window.start == F.local("2026-06-01T08:00"))
        #expect(window.end == F.local("2026-06-01T09:00"))
    }

    @Test func windowsRankByAverageThenEarlierStart() throws {
        // 07:00 [80, 80], 10:00 [80], 13:00 [90, 70] (avg 80), 16:00 [91].
        let scores = [80, 80, 0, 80, 0, 0, 90, 70, 0, 91]
        let ranked = try #require(windows(F.hours(from: "2026-06-01T07:00", scores)).values.first)
        #expect(ranked.map(\.start) == ["16:00", "07:00", "10:00", "13:00"].map { F.local("\(Self.day)T\($0)") })
    }

    @Test func heatGatedHourSplitsARun() throws {
        let hours = F.hours(from: "2026-06-01T07:00", [80, 95, 80], mode: .runDog, heatGated: [1])
        let ranked = try #require(windows(hours, mode: .runDog).values.first)
        #expect(ranked.map(\.scores) == [[80], [80]])
    }

    @Test func missingHourAndLocalMidnightEndARun() throws {
        var hours = F.hours(from: "2026-06-01T07:00", [80, 80, 80])
        hours.remove(at: 1)
        hours += F.hours(from: "2026-06-01T22:00", Array(repeating: 75, count: 10))
        let found = windows(hours)
        #expect(found[try LocalDate(parsing: Self.day)]?.map(\.scores) == [[80], [80], [75, 75]])
        #expect(found[try LocalDate(parsing: "2026-06-02")]?.map(\.scores) == [Array(repeating: 75, count: 8)])
    }

    @Test func onlyWindowsEndingAfterHalfPastSixTakePart() throws {
        let early = windows(F.hours(from: "2026-06-01T04:00", [80, 80, 0, 80]))
        #expect(early.values.joined().map(\.end) == [F.local("2026-06-01T08:00")])
        let spanning = windows(F.hours(from: "2026-06-01T04:00", [80, 80, 80]))
        #expect(spanning.values.joined().map(\.end) == [F.local("2026-06-01T07:00")])
    }

    // MARK: Candidates and fire instants

    @Test func bestAndMorningBackupFireAtHalfPastSix() {
        let hours = F.hours(from: "2026-06-01T07:00", [90, 0, 80])
        let plan = F.plan(F.settings(), hours: hours, now: "2026-05-31T05:00")
        #expect(plan.desired("swim_solo_2026-06-01_best")?.fireAt == F.local("2026-06-01T06:30"))
        #expect(plan.desired("swim_solo_2026-06-01_backup")?.fireAt == F.local("2026-06-01T06:30"))
        #expect(plan.desired("swim_solo_2026-06-01_tomorrow")?.fireAt == F.local("2026-05-31T06:30"))
        #expect(plan.desired.count == 3)
    }

    @Test(arguments: [("11:00", "2026-06-01T06:30"), ("12:00", "2026-06-01T12:00"), ("17:00", "2026-06-01T12:00")])
    func backupFiresAtNoonWhenItStartsAtOrAfterNoon(start: String, fire: String) {
        // The best window is 08:00 at 95; the backup (80) starts at `start`.
        let hours = F.merge(F.hours(from: "2026-06-01T08:00", [95]), F.hours(from: "2026-06-01T\(start)", [80]))
        let plan = F.plan(F.settings(), hours: hours, now: Self.beforeDawn)
        #expect(plan.desired("swim_solo_2026-06-01_backup")?.fireAt == F.local(fire))
        #expect(plan.desired("swim_solo_2026-06-01_best")?.fireAt == F.local("2026-06-01T06:30"))
    }

    @Test func heatWarningForRunDogOnADateWithoutWindowButWithAGatedHour() {
        let hours =
            F.hours(from: "2026-06-01T07:00", [60, 95, 60], mode: .runDog, heatGated: [1])
            + F.hours(from: "2026-06-02T07:00", [80], mode: .runDog, heatGated: [])
            + F.hours(from: "2026-06-02T12:00", [95], mode: .runDog, heatGated: [0])
        let plan = F.plan(F.settings([.runDog], dogName: "Luna"), hours: hours, now: "2026-06-01T05:00")
        let heat = plan.desired("run_dog_2026-06-01_heat")
        #expect(heat?.fireAt == F.local("2026-06-01T06:30"))
        #expect(heat?.deepLink == "gonow://today?mode=run_dog")
        #expect(plan.desired("run_dog_2026-06-02_heat") == nil)
        #expect(plan.desired("run_dog_2026-06-02_best") != nil)
    }

    @Test func heatWarningOnlyForRunDog() {
        let hours = F.hours(from: "2026-06-01T07:00", [95], mode: .swimDog, heatGated: [0])
        let plan = F.plan(F.settings([.swimDog]), hours: hours, now: Self.beforeDawn)
        #expect(plan.desired.isEmpty)
        #expect(plan.suppressed.isEmpty)
    }

    @Test func requestCarriesChannelDeepLinkThreadAndMetadata() throws {
        let plan = F.plan(
            F.settings([.swimDog]), hours: F.hours(from: "2026-06-01T07:00", [90, 80], mode: .swimDog),
            now: Self.beforeDawn)
        let request = try #require(plan.desired("swim_dog_2026-06-01_best"))
        #expect(request.channel.id == "swim_dog")
        #expect(request.channel.categoryID == "activity_window")
        #expect(request.channel.importance == .default)
        #expect(request.interruptionLevel == .active)
        #expect(request.threadID == "swim_dog")
        #expect(request.deepLink == "gonow://today?hour=2026-06-01T07:00&mode=swim_dog")
        #expect(request.metadata["window_start"] == "2026-06-01T07:00+03:00")
        #expect(request.metadata["window_end"] == "2026-06-01T09:00+03:00")
        #expect(request.metadata["avg_score"] == "85")
        #expect(request.metadata["dedupe_key"] == "swim_dog@2026-06-01T04:00Z")
    }

    // MARK: Quiet hours

    @Test func halfPastSixInsideQuietHoursMovesToTheQuietEnd() {
        let hours = F.hours(from: "2026-06-01T08:00", [90, 0, 0, 0, 0, 80])
        let plan = F.plan(F.settings(quiet: ("22:00", "07:00")), hours: hours, now: "2026-05-31T05:00")
        #expect(plan.desired("swim_solo_2026-06-01_best")?.fireAt == F.local("2026-06-01T07:00"))
        #expect(plan.desired("swim_solo_2026-06-01_tomorrow")?.fireAt == F.local("2026-05-31T07:00"))
        #expect(plan.desired("swim_solo_2026-06-01_backup")?.fireAt == F.local("2026-06-01T12:00"))
    }

    @Test func noonBackupInsideQuietHoursIsSuppressed() {
        let hours = F.hours(from: "2026-06-01T08:00", [90, 0, 0, 0, 0, 80])
        let plan = F.plan(F.settings(quiet: ("11:30", "13:00")), hours: hours, now: Self.beforeDawn)
        #expect(plan.reason("swim_solo_2026-06-01_backup") == .quietHours)
        #expect(plan.suppressed.first?.fireAt == F.local("2026-06-01T12:00"))
        #expect(plan.desired("swim_solo_2026-06-01_best")?.fireAt == F.local("2026-06-01T06:30"))
    }

    @Test func quietMovePastTheWindowEndIsWindowPassed() {
        let hours = F.hours(from: "2026-06-01T06:00", [90])
        let plan = F.plan(F.settings(quiet: ("22:00", "08:00")), hours: hours, now: Self.beforeDawn)
        #expect(plan.reason("swim_solo_2026-06-01_best") == .windowPassed)
        #expect(plan.suppressed.first?.fireAt == F.local("2026-06-01T08:00"))
        #expect(plan.desired.isEmpty)
    }

    @Test func fireInstantNotAfterTheReconcileInstantIsDiscardedWithoutOutput() {
        let hours = F.hours(from: "2026-06-01T08:00", [90])
        for now in ["2026-06-01T06:30", "2026-06-01T07:00"] {
            let plan = F.plan(F.settings(), hours: hours, now: now)
            #expect(plan.desired.isEmpty)
            #expect(plan.suppressed.isEmpty)
        }
        #expect(F.plan(F.settings(), hours: hours, now: "2026-06-01T06:29").desiredIDs == ["swim_solo_2026-06-01_best"])
    }

    // MARK: No re-notify

    @Test func shownTomorrowHeadsUpMakesTheBestOfThatWindowAlreadyNotified() throws {
        let hours = F.hours(from: "2026-06-01T08:00", [90])
        let before = F.plan(F.settings(), hours: hours, now: "2026-05-31T05:00")
        let tomorrow = try #require(before.desired("swim_solo_2026-06-01_tomorrow"))
        let history = [GoNowShownNotification(request: tomorrow, shownAt: F.local("2026-05-31T06:30"))]
        let plan = F.plan(F.settings(), hours: hours, now: "2026-05-31T20:00", history: history)
        #expect(plan.reason("swim_solo_2026-06-01_best") == .alreadyNotified)
        #expect(plan.desired.isEmpty)
    }

    @Test(arguments: [("06:00", false), ("06:00:01", true), ("06:29:59", true), ("06:30", false)])
    func capKeyBlocksOnlyInsideTheHalfHourBeforeTheFireInstant(shown: String, blocked: Bool) {
        let shownAt = F.instant("2026-06-01T\(shown.count == 5 ? shown + ":00" : shown)+03:00")
        let history = [
            GoNowShownNotification(identifier: "x", dedupeKey: "other", capKey: "swim_solo", shownAt: shownAt),
            GoNowShownNotification(
                identifier: "y", dedupeKey: "run", capKey: "run_solo", shownAt: F.local("2026-06-01T06:15")),
        ]
        let plan = F.plan(
            F.settings(), hours: F.hours(from: "2026-06-01T08:00", [90]), now: Self.beforeDawn,
            history: history)
        #expect((plan.reason("swim_solo_2026-06-01_best") == .alreadyNotified) == blocked)
        #expect(plan.desired.isEmpty == blocked)
    }

    // MARK: Daily caps

    @Test(arguments: [3, 4])
    func perModeCapKeepsBestAndBackupOverTomorrowWithManyModes(modeCount: Int) {
        let modes = Array(GoNowMode.allCases.prefix(modeCount))
        // Each mode: best 08:00 (95), backup 11:00 (80) on 06-01, and a window on 06-02 (tomorrow fires on 06-01).
        let hours = F.merge(
            modes.map { mode in
                F.hours(from: "2026-06-01T08:00", [95, 0, 0, 80], mode: mode)
                    + F.hours(from: "2026-06-02T08:00", [90], mode: mode)
            }.joined().map { $0 })
        let plan = F.plan(F.settings(Set(modes)), hours: hours, now: "2026-06-01T05:00")
        let onFirst = plan.desired.filter { $0.identifier.contains("2026-06-01") }
        #expect(onFirst.count == 2 * modeCount)
        for mode in modes {
            #expect(plan.reason("\(mode.rawValue)_2026-06-02_tomorrow") == .dailyCap)
            #expect(plan.desired("\(mode.rawValue)_2026-06-01_best") != nil)
            #expect(plan.desired("\(mode.rawValue)_2026-06-01_backup") != nil)
        }
        #expect(plan.suppressed.count == modeCount)
    }

    @Test func capCountsOnlyCandidatesStillKept() {
        let hours = F.hours(from: "2026-06-01T08:00", [95, 0, 0, 80]) + F.hours(from: "2026-06-02T08:00", [90])
        let shownBest = GoNowShownNotification(
            identifier: "swim_solo_2026-06-01_best", dedupeKey: "swim_solo@2026-06-01T05:00Z", capKey: "swim_solo",
            shownAt: F.local("2026-05-31T06:30"))
        let capped = F.plan(F.settings(), hours: hours, now: Self.beforeDawn)
        #expect(capped.reason("swim_solo_2026-06-02_tomorrow") == .dailyCap)
        let plan = F.plan(F.settings(), hours: hours, now: Self.beforeDawn, history: [shownBest])
        #expect(plan.reason("swim_solo_2026-06-01_best") == .alreadyNotified)
        #expect(
            Set(plan.desiredIDs)
                == ["swim_solo_2026-06-01_backup", "swim_solo_2026-06-02_tomorrow", "swim_solo_2026-06-02_best"])
    }

    // MARK: Gates

    @Test(arguments: [
        (PermissionStatus.denied, true, NotificationReason.permissionDenied),
        (.notDetermined, true, .permissionDenied), (.denied, false, .permissionDenied),
        (.authorized, false, .userDisabled), (.provisional, false, .userDisabled),
    ])
    func closedGateDropsEveryCandidateAndRemovesEveryPending(
        permission: PermissionStatus, enabled: Bool, reason: NotificationReason
    ) throws {
        let hours = F.hours(from: "2026-06-01T08:00", [95, 0, 0, 80])
        let open = F.plan(F.settings(), hours: hours, now: Self.beforeDawn)
        let plan = F.plan(
            F.settings(enabled: enabled), hours: hours, now: Self.beforeDawn, permission: permission,
            pending: open.desired)
        #expect(plan.desired.isEmpty)
        #expect(plan.suppressed.count == 2)
        #expect(plan.suppressed.allSatisfy { $0.reason == reason })
        #expect(plan.removalReasons == Dictionary(uniqueKeysWithValues: open.desiredIDs.map { ($0, reason) }))
    }

    @Test func modeSwitchedOffRemovesItsPendingWithoutComputingCandidates() {
        let hours = F.merge(
            F.hours(from: "2026-06-01T08:00", [95]), F.hours(from: "2026-06-01T08:00", [90], mode: .runSolo))
        let both = F.plan(F.settings([.swimSolo, .runSolo]), hours: hours, now: Self.beforeDawn)
        let plan = F.plan(F.settings([.runSolo]), hours: hours, now: Self.beforeDawn, pending: both.desired)
        #expect(plan.desiredIDs == ["run_solo_2026-06-01_best"])
        #expect(plan.removalReasons == ["swim_solo_2026-06-01_best": .userDisabled])
        #expect(plan.suppressed.isEmpty)
    }

    @Test func provisionalPermissionLowersToPassive() {
        let plan = F.plan(
            F.settings(), hours: F.hours(from: "2026-06-01T08:00", [95]), now: Self.beforeDawn,
            permission: .provisional)
        #expect(plan.desired.map(\.interruptionLevel) == [.passive])
    }

    @Test func pendingNoLongerWantedIsRemovedWithItsCandidatesReasonOrReschedule() {
        let first = F.plan(
            F.settings(), hours: F.hours(from: "2026-06-01T08:00", [95, 0, 0, 80]), now: Self.beforeDawn)
        let plan = F.plan(
            F.settings(quiet: ("11:00", "12:30")), hours: F.hours(from: "2026-06-01T12:00", [95, 0, 80]),
            now: Self.beforeDawn, pending: first.desired)
        #expect(plan.reason("swim_solo_2026-06-01_backup") == .quietHours)
        #expect(plan.removalReasons == ["swim_solo_2026-06-01_backup": .quietHours])
        #expect(plan.desired("swim_solo_2026-06-01_best")?.deepLink.contains("T12:00") == true)
        let gone = F.plan(F.settings(), hours: [], now: Self.beforeDawn, pending: first.desired)
        #expect(gone.removalReasons.values.allSatisfy { $0 == .reschedule } && gone.removalReasons.count == 2)
    }

    // MARK: Staleness

    @Test func dataAtMostThreeHoursOldIsFresh() {
        let plan = F.plan(
            F.settings(), hours: F.hours(from: "2026-06-01T08:00", [95]), now: "2026-06-01T05:00",
            fetchedAt: "2026-06-01T02:00")
        #expect(plan.desiredIDs == ["swim_solo_2026-06-01_best"])
    }

    @Test(arguments: [GoNowPlanner.Moment.foreground, .background])
    func olderThanThreeHoursKeepsPendingAsTheyAreAndDropsNewCandidates(moment: GoNowPlanner.Moment) throws {
        let old = F.plan(F.settings(), hours: F.hours(from: "2026-06-01T08:00", [95]), now: "2026-05-31T22:00")
        let pending = try #require(old.desired.first)
        // A newer computation would change the pending one (new window) and add a backup.
        let hours = F.hours(from: "2026-06-01T09:00", [96, 0, 0, 80])
        let plan = F.plan(
            F.settings(), hours: hours, now: "2026-06-01T05:00", fetchedAt: "2026-06-01T01:59",
            moment: moment, pending: [pending])
        #expect(plan.desired == [pending])
        #expect(plan.suppressed.map(\.identifier) == ["swim_solo_2026-06-01_backup"])
        #expect(plan.reason("swim_solo_2026-06-01_backup") == .staleData)
        #expect(plan.removalReasons.isEmpty)
    }

    @Test func olderThanSixHoursAtAForegroundMomentRemovesEverything() throws {
        let old = F.plan(
            F.settings(), hours: F.hours(from: "2026-06-01T08:00", [95, 0, 0, 80]), now: "2026-05-31T22:00")
        let plan = F.plan(
            F.settings(), hours: F.hours(from: "2026-06-01T08:00", [95, 0, 0, 80]),
            now: "2026-06-01T05:00", fetchedAt: "2026-05-31T22:59", moment: .foreground, pending: old.desired)
        #expect(plan.desired.isEmpty)
        #expect(plan.suppressed.count == 2 && plan.suppressed.allSatisfy { $0.reason == .staleData })
        #expect(plan.removalReasons == Dictionary(uniqueKeysWithValues: old.desiredIDs.map { ($0, .staleData) }))

        let background = F.plan(
            F.settings(), hours: F.hours(from: "2026-06-01T08:00", [95, 0, 0, 80]),
            now: "2026-06-01T05:00", fetchedAt: "2026-05-31T22:59", moment: .background, pending: old.desired)
        #expect(background.desired == old.desired)
        #expect(background.removalReasons.isEmpty)
    }

    @Test func gatesComeBeforeStaleness() {
        let old = F.plan(F.settings(), hours: F.hours(from: "2026-06-01T08:00", [95]), now: "2026-05-31T22:00")
        let plan = F.plan(
            F.settings(enabled: false), hours: F.hours(from: "2026-06-01T08:00", [95]),
            now: "2026-06-01T05:00", fetchedAt: "2026-05-31T20:00", pending: old.desired)
        #expect(plan.removalReasons == ["swim_solo_2026-06-01_best": .userDisabled])
        #expect(plan.reason("swim_solo_2026-06-01_best") == .userDisabled)
    }

    // MARK: DST in Asia/Jerusalem (2026: +02→+03 on Fri 03-27 at 02:00, +03→+02 on Sun 10-25 at 02:00)

    @Test func springForwardFireInstantsUseTheNewOffset() throws {
        // Hours 00:00…10:00 local on 03-27 in absolute steps; 01:00 (+02) and 03:00 (+03) are consecutive.
        let hours = F.hours(from: "2026-03-27T00:00", [0, 0, 0, 0, 0, 0, 0, 90, 90, 0])
        #expect(hours[2].start == F.instant("2026-03-27T03:00:00+03:00"))
        let plan = F.plan(F.settings(), hours: hours, now: "2026-03-26T05:00")
        let best = try #require(plan.desired("swim_solo_2026-03-27_best"))
        #expect(best.fireAt == F.instant("2026-03-27T03:30:00Z"))  // 06:30 +03:00 (zoneinfo)
        #expect(plan.desired("swim_solo_2026-03-27_tomorrow")?.fireAt == F.instant("2026-03-26T04:30:00Z"))
        #expect(best.deepLink == "gonow://today?hour=2026-03-27T08:00&mode=swim_solo")
        #expect(best.body.arguments == ["08:00", "10:00"])
    }

    @Test func fallBackRepeatedHourIsConsecutiveAndFireInstantsUseTheNewOffset() throws {
        // From 00:00 (+03) nine absolute hours: 00, 01 (+03), 01 (+02), 02 … 07 (+02).
        let hours = F.hours(from: "2026-10-25T00:00", Array(repeating: 80, count: 9))
        let plan = F.plan(F.settings(), hours: hours, now: "2026-10-24T05:00")
        let best = try #require(plan.desired("swim_solo_2026-10-25_best"))
        #expect(best.fireAt == F.instant("2026-10-25T04:30:00Z"))  // 06:30 +02:00 (zoneinfo)
        #expect(best.body.arguments == ["00:00", "08:00"])
        #expect(plan.desired("swim_solo_2026-10-25_tomorrow")?.fireAt == F.instant("2026-10-24T03:30:00Z"))
        let window = try #require(
            GoNowPlanner.windows(
                for: .swimSolo, in: GoNowForecast(fetchedAt: .distantPast, hours: hours), timeZone: F.zone
            )
            .values.first?.first)
        #expect(window.scores.count == 9)
    }

    @Test func quietEndOnTheSpringForwardDayIsInTheNewOffset() {
        let hours = F.hours(from: "2026-03-27T08:00", [90])
        let plan = F.plan(F.settings(quiet: ("22:00", "07:00")), hours: hours, now: "2026-03-27T00:00")
        #expect(plan.desired("swim_solo_2026-03-27_best")?.fireAt == F.instant("2026-03-27T04:00:00Z"))
    }
}
