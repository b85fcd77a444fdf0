import Foundation
import Testing
import WaveNotifications
import WaveNotificationsTesting

/// Focus, Scheduled Summary and Low Power Mode (`docs/scenario-format.md`, Device conditions), in UTC.
struct IOSPresentationTests {
    static func at(_ text: String) -> Date { AndroidAlarmTimingTests.at(text) }

    static func window(_ from: String, _ to: String) -> LocalTimeWindow {
        try! LocalTimeWindow(start: LocalTime(parsing: from), end: LocalTime(parsing: to))
    }

    static func presentation(
        focus: [DeviceConditions.FocusWindow] = [], summary: [String]? = nil
    ) -> IOSPresentation {
        IOSPresentation(
            conditions: .init(
                focus: focus, scheduledSummary: summary.map { $0.map { try! LocalTime(parsing: $0) } },
                lowPower: [window("09:00", "17:00")]),
            timeZone: AndroidAlarmTimingTests.utc)
    }

    @Test(
        arguments: [
            (NotificationChannel.InterruptionLevel.active, true, "2026-03-11T07:00:00"),
            (.passive, true, "2026-03-11T07:00:00"),
            (.timeSensitive, true, nil),
            (.timeSensitive, false, "2026-03-11T07:00:00"),
            (.critical, false, nil),
        ] as [(NotificationChannel.InterruptionLevel, Bool, String?)])
    func focusTellsTheUserWhenItEnds(level: NotificationChannel.InterruptionLevel, allows: Bool, told: String?) {
        let presentation = Self.presentation(focus: [.init(Self.window("22:00", "07:00"), allowsTimeSensitive: allows)])
        let quiet = presentation.quiet(shownAt: Self.at("2026-03-10T23:00:00"), level: level)
        #expect(quiet?.toldAt == told.map(Self.at))
        #expect(quiet.map(\.reason) == (told == nil ? nil : .focus))
        #expect(presentation.quiet(shownAt: Self.at("2026-03-11T07:00:00"), level: level) == nil)
    }

    @Test func focusWindowsThatFollowEachOtherAreOneFocus() {
        let presentation = Self.presentation(focus: [
            .init(Self.window("22:00", "07:00")), .init(Self.window("07:00", "08:30")),
        ])
        let quiet = presentation.quiet(shownAt: Self.at("2026-03-10T23:00:00"), level: .active)
        #expect(quiet?.toldAt == Self.at("2026-03-11T08:30:00"))
    }

    @Test func theSummaryHoldsPassiveAndActiveForItsNextTime() {
        let presentation = Self.presentation(summary: ["08:00", "18:00"])
        let active = presentation.quiet(shownAt: Self.at("2026-03-11T09:00:00"), level: .active)
        #expect(active == QuietDelivery(toldAt: Self.at("2026-03-11T18:00:00"), reason: .scheduledSummary))
        let passive = presentation.quiet(shownAt: Self.at("2026-03-11T19:00:00"), level: .passive)
        #expect(passive == QuietDelivery(toldAt: Self.at("2026-03-12T08:00:00"), reason: .scheduledSummary))
        #expect(presentation.quiet(shownAt: Self.at("2026-03-11T09:00:00"), level: .timeSensitive) == nil)
        #expect(presentation.quiet(shownAt: Self.at("2026-03-11T09:00:00"), level: .critical) == nil)
    }

    @Test func aSummaryInAFocusTellsAtTheFocusEnd() {
        let presentation = Self.presentation(focus: [.init(Self.window("07:00", "09:00"))], summary: ["08:00"])
        let quiet = presentation.quiet(shownAt: Self.at("2026-03-11T07:30:00"), level: .active)
        #expect(quiet == QuietDelivery(toldAt: Self.at("2026-03-11T09:00:00"), reason: .scheduledSummary))
    }

    @Test func lowPowerModeIsOnInItsWindows() {
        let presentation = Self.presentation()
        #expect(presentation.isLowPower(at: Self.at("2026-03-11T09:00:00")))
        #expect(!presentation.isLowPower(at: Self.at("2026-03-11T17:00:00")))
    }
}
