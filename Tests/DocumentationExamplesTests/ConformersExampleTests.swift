import Foundation
import Testing
import WaveNotifications
import WaveNotificationsTesting
import WaveStrings

/// Runs the examples of docs/conformers.md that are not tests themselves (the XCTest example is one; the simulated
/// phones have SimulatedPhonesExampleTests), the iOS ones over the stand-ins of IOSFrameworkStandIns.
struct ConformersExampleTests {
    fileprivate static func instant(_ text: String) throws -> Date {
        try Date(text, strategy: .iso8601)
    }

    private static let channel = NotificationChannel(
        id: "c", importance: .default, categoryID: "C", interruptionLevel: .active,
        name: LocalizedText(table: "T", key: "n"), channelDescription: LocalizedText(table: "T", key: "d"))

    /// `count` requests an hour apart from `start`, in hand-over order.
    fileprivate static func hourly(_ count: Int, from start: Date) -> [NotificationRequest] {
        (0..<count).map { hour in
            NotificationRequest(
                identifier: "r\(hour)", threadID: "t", channel: channel,
                fireAt: start.addingTimeInterval(TimeInterval(hour + 1) * 3600),
                title: LocalizedText(table: "T", key: "title"), body: LocalizedText(table: "T", key: "body"),
                deepLink: "app://r\(hour)")
        }
    }

    @Test func theLinuxManagerFollowsEveryRule() async {
        let report = await checkLinuxManager(renderer: LocalizedStringResolver(language: "en", environment: [:]))
        #expect(report.failures.isEmpty, "\(report)")
        // It keeps change counts and the check moves its clock: nothing is skipped.
        #expect(report.skipped.isEmpty, "\(report)")
    }

    @Test func theRequestWithEveryFieldSetsEveryFieldAndEveryReasonHasAKind() throws {
        let now = try Self.instant("2030-01-01T07:00:00Z")
        let request = requestWithEveryField(now: now)
        #expect(request.threadID != request.identifier)
        #expect(request.fireAt == now.addingTimeInterval(3_600))
        #expect(request.actions.map(\.isTextInput) == [false, true])
        #expect(request.expiresAfter != nil && request.collapseID != nil && !request.metadata.isEmpty)
        #expect(request.interruptionLevel == .timeSensitive)
        #expect(Set(NotificationReason.allCases.map(kind(of:))).count == 5)
    }

    @Test func theRunwayKeepsTheSoonest64AndEndsAtTheFirstDropped() throws {
        let now = try Self.instant("2026-06-01T10:00:00Z")
        let wanted = Self.hourly(80, from: now).reversed()
        let runway = iPhoneRunway(wanted: Array(wanted), now: now)
        #expect(runway.kept.map(\.identifier) == (0..<64).map { "r\($0)" })
        #expect(runway.dropped.map(\.identifier) == (64..<80).map { "r\($0)" })
        #expect(runway.refreshBy == now.addingTimeInterval(65 * 3600))
        #expect(runway.minutesClosed == 65 * 60)
    }
}

// The iOS examples over the stand-ins, which a test makes fresh (iOS has only `current()` and `shared`); on iOS the
// examples compile against the real frameworks, and these run in an app's tests only.
#if !os(iOS)
    import IOSFrameworkStandIns

    extension ConformersExampleTests {
        @Test func worldWideWavesOnTheIPhoneConformerHandsOverTheParisWave() async throws {
            let center = UNUserNotificationCenter()
            let clock = ManualWaveClock(now: try Self.instant("2026-06-21T12:00:00Z"))
            let service = try await launchWorldWideWavesOnIPhone(center: center, clock: clock)
            #expect(await service.savedState.favoriteIDs == ["paris-solstice"])
            let pending = await center.pendingNotificationRequests().map(\.identifier)
            #expect(pending.contains("event_paris-solstice_start_1m"), "\(pending)")
        }

        /// The iOS conformer of the docs, over a stand-in whose time the check moves (on an iPhone it cannot): every
        /// rule passes, those that need time included, but the two on change counts, which it does not keep.
        @Test func theIOSConformerPassesEveryRuleWhenTimePasses() async {
            let report = await NotificationCenterConformance.check { clock in
                let center = UNUserNotificationCenter(clock: clock)
                return ConformanceSubject(
                    center: UserNotificationCenter(center: center, clock: clock), limit: 64,
                    time: .advance { instant in
                        await clock.advance(to: instant)
                        center.deliverDue()
                    },
                    onScreen: {
                        try await center.deliveredNotifications()
                            .map { try UserNotificationCenter.request(in: $0.request.content.userInfo) }
                    })
            }
            #expect(report.failures.isEmpty, "\(report)")
            #expect(report.skippedRules == [.changeCountsMoveAndNeverRepeat, .changeCountsMoveWhenDue])
        }

        @Test func theRefreshIsAskedTwoHoursBeforeTheFirstRequestIOSDrops() async throws {
            let now = try Self.instant("2026-06-01T10:00:00Z")
            let scheduler = BGTaskScheduler()
            try askForRefresh(wanted: Self.hourly(80, from: now), scheduler: scheduler)
            let asked = await scheduler.pendingTaskRequests()
            #expect(asked.map(\.identifier) == ["com.example.app.refresh"])
            #expect(asked.first?.earliestBeginDate == now.addingTimeInterval(63 * 3600))
            // Nothing wanted: nothing to ask for.
            let idle = BGTaskScheduler()
            try askForRefresh(wanted: [], scheduler: idle)
            #expect(await idle.pendingTaskRequests().isEmpty)
        }
    }
#endif
