import Foundation
import GoNowNotifications
import Testing
import WaveNotifications

/// A day of GoNow as the app runs it: the service over an outside platform conformer, public API only.
struct GoNowServiceTests {
    private static let zone = TimeZone(identifier: "Asia/Jerusalem")!
    private static let newYork = TimeZone(identifier: "America/New_York")!

    /// The instant of a local `YYYY-MM-DDTHH:MM` in Jerusalem.
    private static func local(_ text: String) -> Date {
        zone.instant(for: try! LocalDateTime(parsing: text))
    }

    private static func device(_ text: String, _ permission: PermissionStatus = .authorized) -> DeviceState {
        DeviceState(now: local(text), timeZone: zone, permission: permission)
    }

    /// Swimming alone and running with the dog are on; quiet hours are off.
    private static let settings = GoNowSettings(enabledModes: [.swimSolo, .runDog], dogName: "Luna")

    /// One forecast hour starting at a local Jerusalem time.
    private static func hour(
        _ text: String, _ scores: [GoNowMode: Int], heatGated: Set<GoNowMode> = []
    ) -> GoNowForecastHour {
        GoNowForecastHour(start: local(text), scores: scores, heatGated: heatGated)
    }

    /// Hands every request due by `text` to the service, as the platform's delegate would, and returns the reports.
    private static func fire(
        until text: String, on center: OutsideCenter, service: GoNowNotificationService
    ) async throws -> [GoNowReport.Entry] {
        var entries: [GoNowReport.Entry] = []
        for request in await center.fire(until: local(text)) {
            entries += try await service.notificationShown(request, device: device(text)).entries
        }
        return entries
    }

    /// An analytics event in short: its name and its fields as `name=value`.
    private static func describe(_ event: GoNowAnalyticsEvent) -> String {
        ([event.name.rawValue] + event.fields.map { "\($0.name)=\($0.value)" }).joined(separator: " ")
    }

    @Test func aDayOfWindowsScheduledShownRescheduledAndSwitchedOff() async throws {
        let center = OutsideCenter()
        let service = GoNowNotificationService(settings: Self.settings, center: center)

        // 05:00: the first run knows no forecast yet: nothing to plan.
        #expect(try await service.reconcile(device: Self.device("2026-06-01T05:00"), cause: .start).entries.isEmpty)

        // 05:00: a forecast. Swimming today 14:00-16:00 (best) and 17:00-18:00 (backup, at noon), tomorrow
        // 09:00-10:00; a heat-gated hour today and no run: the heat warning. Three swims fire today, so tomorrow's
        // heads-up, the lowest rank, is held back by the daily cap.
        let morning = GoNowForecast(
            fetchedAt: Self.local("2026-06-01T04:50"),
            hours: [
                Self.hour("2026-06-01T14:00", [.swimSolo: 90], heatGated: [.runDog]),
                Self.hour("2026-06-01T15:00", [.swimSolo: 80]), Self.hour("2026-06-01T17:00", [.swimSolo: 75]),
                Self.hour("2026-06-02T09:00", [.swimSolo: 80]),
            ])
        let received = try await service.receiveForecast(morning, device: Self.device("2026-06-01T05:00"))
        #expect(
            received.events == [
                .suppressed(
                    Suppression(
                        identifier: "swim_solo_2026-06-02_tomorrow", fireAt: Self.local("2026-06-01T06:30"),
                        reason: .dailyCap),
                    at: Self.local("2026-06-01T05:00"))
            ])
        #expect(
            received.analytics.map(Self.describe) == [
                "notif_scheduled mode=run_dog window_start=2026-06-01T00:00+03:00 window_end=2026-06-02T00:00+03:00"
                    + " avg_score= scoring_version=v1 fire_time=2026-06-01T06:30+03:00",
                "notif_scheduled mode=swim_solo window_start=2026-06-01T14:00+03:00 window_end=2026-06-01T16:00+03:00"
                    + " avg_score=85.0 scoring_version=v1 fire_time=2026-06-01T06:30+03:00",
                "notif_scheduled mode=swim_solo window_start=2026-06-01T17:00+03:00 window_end=2026-06-01T18:00+03:00"
                    + " avg_score=75.0 scoring_version=v1 fire_time=2026-06-01T12:00+03:00",
                "notif_scheduled mode=swim_solo window_start=2026-06-02T09:00+03:00 window_end=2026-06-02T10:00+03:00"
                    + " avg_score=80.0 scoring_version=v1 fire_time=2026-06-02T06:30+03:00",
            ])
        #expect(received.analytics.allSatisfy { $0.timestamp == Self.local("2026-06-01T05:00") })
        #expect(
            await center.calls == [
                "add run_dog_2026-06-01_heat,swim_solo_2026-06-01_best,swim_solo_2026-06-01_backup,"
                    + "swim_solo_2026-06-02_best"
            ])
        // The suppression is told once: the same forecast again reports nothing and calls nothing.
        #expect(try await service.receiveForecast(morning, device: Self.device("2026-06-01T05:00")).entries.isEmpty)
        #expect(await center.calls.count == 1)

        // 06:30: the heat warning and today's best show; each delivery is followed by its `notif_fired`.
        let shown = try await Self.fire(until: "2026-06-01T06:30", on: center, service: service)
        let shownAt = Self.local("2026-06-01T06:30")
        let heat = try #require(await service.savedState.log.onScreen["run_dog_2026-06-01_heat"])
        let best = try #require(await service.savedState.log.onScreen["swim_solo_2026-06-01_best"])
        #expect(
            shown == [
                .notification(.delivered(heat, at: shownAt, late: false)),
                .fact(
                    GoNowAnalyticsEvent(
                        name: .fired, timestamp: shownAt,
                        fields: [
                            ("mode", .string("run_dog")), ("window_start", .string("2026-06-01T00:00+03:00")),
                            ("notification_id", .integer(Int(heat.numericID))),
                        ])),
                .notification(.delivered(best, at: shownAt, late: false)),
                .fact(
                    GoNowAnalyticsEvent(
                        name: .fired, timestamp: shownAt,
                        fields: [
                            ("mode", .string("swim_solo")), ("window_start", .string("2026-06-01T14:00+03:00")),
                            ("notification_id", .integer(Int(best.numericID))),
                        ])),
            ])
        #expect(best.deepLink == "gonow://today?hour=2026-06-01T14:00&mode=swim_solo")
        #expect(
            await service.savedState.log.history.records.map(\.dedupeKey) == [
                "run_dog@2026-06-01_heat", "swim_solo@2026-06-01T11:00Z",
            ])

        // 09:00: a launch with data more than 3 hours old keeps what is pending exactly as it is.
        #expect(try await service.reconcile(device: Self.device("2026-06-01T09:00"), cause: .launch).entries.isEmpty)
        #expect(await center.calls.count == 1)

        // 11:00: a new forecast. The evening window is gone (its noon backup is cancelled), tomorrow's window moved
        // to 07:00-09:00 (its best is replaced).
        let lateMorning = GoNowForecast(
            fetchedAt: Self.local("2026-06-01T10:55"),
            hours: [
                Self.hour("2026-06-01T14:00", [.swimSolo: 90]), Self.hour("2026-06-01T15:00", [.swimSolo: 80]),
                Self.hour("2026-06-02T07:00", [.swimSolo: 90]), Self.hour("2026-06-02T08:00", [.swimSolo: 90]),
            ])
        let replaced = try await service.receiveForecast(lateMorning, device: Self.device("2026-06-01T11:00"))
        #expect(
            replaced.events == [
                .cancelled(
                    identifier: "swim_solo_2026-06-01_backup", reason: .reschedule, at: Self.local("2026-06-01T11:00"))
            ])
        #expect(
            replaced.analytics.map(Self.describe) == [
                "notif_cancelled mode=swim_solo reason=reschedule",
                "notif_scheduled mode=swim_solo window_start=2026-06-02T07:00+03:00 window_end=2026-06-02T09:00+03:00"
                    + " avg_score=90.0 scoring_version=v1 fire_time=2026-06-02T06:30+03:00",
            ])
        #expect(
            await center.calls.suffix(2) == [
                "remove swim_solo_2026-06-01_backup reschedule", "add swim_solo_2026-06-02_best",
            ])
        #expect(await service.forecast == lateMorning)

        // 13:00: swimming is switched off: its pending request goes, and analytics log `user_disabled`.
        await service.replaceSettings(GoNowSettings(enabledModes: [.runDog], dogName: "Luna"))
        let switchedOff = try await service.reconcile(device: Self.device("2026-06-01T13:00"), cause: .settings)
        #expect(
            switchedOff.entries == [
                .notification(
                    .cancelled(
                        identifier: "swim_solo_2026-06-02_best", reason: .userDisabled,
                        at: Self.local("2026-06-01T13:00"))),
                .fact(
                    GoNowAnalyticsEvent(
                        name: .cancelled, timestamp: Self.local("2026-06-01T13:00"),
                        fields: [("mode", .string("swim_solo")), ("reason", .string("user_disabled"))])),
            ])
        #expect(await center.pendingIdentifiers.isEmpty)
    }

    @Test func aSlotShownBeforeAMoveWestIsNotScheduledAgain() async throws {
        let center = OutsideCenter()
        let service = GoNowNotificationService(settings: Self.settings, center: center)
        // Swimming 14:00-16:00 in Jerusalem: 07:00-09:00 in New York, the same day.
        let forecast = GoNowForecast(
            fetchedAt: Self.local("2026-06-01T04:50"),
            hours: [Self.hour("2026-06-01T14:00", [.swimSolo: 90]), Self.hour("2026-06-01T15:00", [.swimSolo: 80])])
        try await service.receiveForecast(forecast, device: Self.device("2026-06-01T05:00"))
        #expect(await center.pendingIdentifiers == ["swim_solo_2026-06-01_best"])
        let shown = try await Self.fire(until: "2026-06-01T06:30", on: center, service: service)
        #expect(shown.count == 2)

        // 07:00 in Jerusalem, the device is in New York (00:00 there): the window's 06:30 slot is ahead again, but
        // the window was notified (the history carries GoNow's keys), so nothing is scheduled.
        let moved = DeviceState(now: Self.local("2026-06-01T07:00"), timeZone: Self.newYork)
        let report = try await service.reconcile(device: moved, cause: .timeZone)
        #expect(
            report.entries == [
                .notification(
                    .suppressed(
                        Suppression(
                            identifier: "swim_solo_2026-06-01_best",
                            fireAt: Self.newYork.instant(for: try LocalDateTime(parsing: "2026-06-01T06:30")),
                            reason: .alreadyNotified),
                        at: moved.now))
            ])
        #expect(await center.pendingIdentifiers.isEmpty)
        #expect(await center.calls.count == 1)
    }

    @Test func anOffsetChangeLogsTheRescheduleBetweenWhatIsHeldBackAndWhatIsCancelled() async throws {
        let center = OutsideCenter()
        let service = GoNowNotificationService(settings: Self.settings, center: center)
        // Jerusalem springs forward at 02:00 on 27 March 2026 (+02:00 to +03:00). Swimming 08:00-10:00 (best at
        // 06:30) and 15:00-16:00 (backup at 12:00).
        let forecast = GoNowForecast(
            fetchedAt: Self.local("2026-03-27T00:50"),
            hours: [
                Self.hour("2026-03-27T08:00", [.swimSolo: 90]), Self.hour("2026-03-27T09:00", [.swimSolo: 90]),
                Self.hour("2026-03-27T15:00", [.swimSolo: 75]),
            ])
        try await service.receiveForecast(forecast, device: Self.device("2026-03-27T01:00"))
        #expect(await center.pendingIdentifiers == ["swim_solo_2026-03-27_best", "swim_solo_2026-03-27_backup"])

        // Quiet hours 11:00-13:00 are set; the next reconcile is the background check at the offset change. The noon
        // backup is held back and its pending request cancelled (`quiet_hours`, logged as `reschedule`), and the
        // offset change is logged between the two, counting the two requests pending before.
        await service.replaceSettings(
            GoNowSettings(
                enabledModes: [.swimSolo, .runDog],
                quietHours: QuietHoursSetting(
                    enabled: true, start: try LocalTime(hour: 11, minute: 0), end: try LocalTime(hour: 13, minute: 0)),
                dogName: "Luna"))
        let change = Self.local("2026-03-27T03:00")
        #expect(change == (try Date("2026-03-27T00:00:00Z", strategy: .iso8601)))
        let report = try await service.reconcile(
            device: DeviceState(now: change, timeZone: Self.zone),
            cause: .offsetChange(oldOffset: 7200, newOffset: 10800))
        #expect(
            report.entries == [
                .notification(
                    .suppressed(
                        Suppression(
                            identifier: "swim_solo_2026-03-27_backup", fireAt: Self.local("2026-03-27T12:00"),
                            reason: .quietHours),
                        at: change)),
                .fact(
                    GoNowAnalyticsEvent(
                        name: .dstReschedule, timestamp: change,
                        fields: [
                            ("old_offset", .string("+02:00")), ("new_offset", .string("+03:00")),
                            ("count_rescheduled", .integer(2)),
                        ])),
                .notification(.cancelled(identifier: "swim_solo_2026-03-27_backup", reason: .quietHours, at: change)),
                .fact(
                    GoNowAnalyticsEvent(
                        name: .cancelled, timestamp: change,
                        fields: [("mode", .string("swim_solo")), ("reason", .string("reschedule"))])),
            ])

        // The best still shows at 06:30 local, now +03:00.
        _ = try await Self.fire(until: "2026-03-27T06:30", on: center, service: service)
        #expect(
            await service.savedState.log.lastShownAt["swim_solo_2026-03-27_best"]
                == (try Date("2026-03-27T03:30:00Z", strategy: .iso8601)))
    }
}
