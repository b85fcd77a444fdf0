import Foundation
import HydracatNotifications
import Testing
import WaveNotifications
import WaveNotificationsTesting

/// What an app test asks of the testing library's phones with conditions, public API only (issue 53): which reminders
/// a force stop loses, how late and why a reminder was shown, when an iPhone user was told, and a `device` change that
/// merges key by key. Luna's 08:00 and 20:00 reminders in Berlin (``ServiceDeviceRunTests``).
struct ServiceDeviceRunConditionsTests {
    private static let zone = TimeZone(identifier: "Europe/Berlin")!

    private static func local(_ text: String) -> Date {
        zone.instant(for: try! LocalDateTime(parsing: text))
    }

    private static func window(_ from: String, _ to: String) -> LocalTimeWindow {
        LocalTimeWindow(start: try! LocalTime(parsing: from), end: try! LocalTime(parsing: to))
    }

    private static let start = local("2026-03-10T07:00")
    private static let end = local("2026-03-10T21:00")
    private static let morning = "u1|p1|s1|2026-03-10T08:00|reminder"
    private static let evening = "u1|p1|s1|2026-03-10T20:00|reminder"

    private static func run(
        on phone: (ManualWaveClock) -> any SimulatedDevice,
        actions: [ServiceDeviceRun<HydracatNotificationService>.Action] = []
    ) async throws -> ServiceRunRecord {
        let clock = ManualWaveClock(now: start)
        let center = phone(clock)
        let service = HydracatNotificationService(settings: HydracatServiceTests.settings, start: start, center: center)
        let run = ServiceDeviceRun(service: service, center: center, clock: clock, timeZone: zone)
        return try await run.record(until: end, actions: actions)
    }

    /// The phone dozes from 07:30 on battery and the app hands its reminders over as WorkManager work.
    private static var dozing: DeviceConditions {
        var conditions = DeviceConditions(idle: [.init(window("07:30", "09:00"))])
        conditions.android.scheduleMode = .work
        return conditions
    }

    @Test func aForceStopOnAndroidLosesWhatComesBeforeTheNextLaunch() async throws {
        let record = try await Self.run(
            on: { SimulatedAndroidCenter(clock: $0) },
            actions: [
                .init(at: Self.local("2026-03-10T07:30"), kind: .forceStop),
                .init(at: Self.local("2026-03-10T20:30"), kind: .launch),
            ])
        let lost = record.lost.map(\.request.identifier)
        #expect(lost.contains(Self.morning) && lost.contains(Self.evening))
        #expect(record.lost.allSatisfy { $0.reason == .forceStop })
        let cancelled = record.deviceFacts.compactMap { entry -> [String]? in
            guard case .forceStopped(let cancelled, _) = entry.fact else { return nil }
            return cancelled.map(\.identifier)
        }
        #expect(cancelled.first?.contains(Self.morning) == true)
        // Nothing is shown while the app is stopped; the launch shows the evening one late (Hydracat's grace).
        #expect(record.delivered.map(\.at) == [Self.local("2026-03-10T20:30")])
    }

    @Test func anIPhoneKeepsItsRemindersThroughAForceQuit() async throws {
        let record = try await Self.run(
            on: { SimulatedIOSCenter(clock: $0) },
            actions: [.init(at: Self.local("2026-03-10T07:30"), kind: .forceStop)])
        #expect(record.lost.isEmpty)
        let shown = record.delivered.map(\.request.identifier)
        #expect(shown.contains(Self.morning) && shown.contains(Self.evening))
    }

    @Test func theRecordKeepsHowLateAndWhy() async throws {
        // Light Doze from 07:31: idle until 07:36, 07:37-07:47, 07:48-08:03.
        let record = try await Self.run(on: { SimulatedAndroidCenter(conditions: Self.dozing, clock: $0) })
        let delivery = record.deliveries.first { $0.request.identifier == Self.morning }
        #expect(delivery?.shownAt == Self.local("2026-03-10T08:03"))
        #expect(delivery?.delay == DeliveryDelay(dueAt: Self.local("2026-03-10T08:00"), cause: .dozeLight))
    }

    @Test func theToldInstantOfAnIPhoneInFocusIsInTheRecordAndItsWindowsAreTheRunsZone() async throws {
        // The phone is made without a zone: its Focus is read in the run's (Berlin).
        let focus = DeviceConditions(
            ios: .init(focus: [.init(Self.window("07:30", "09:00"), allowsTimeSensitive: false)]))
        let record = try await Self.run(on: { SimulatedIOSCenter(conditions: focus, clock: $0) })
        let delivery = record.deliveries.first { $0.request.identifier == Self.morning }
        #expect(delivery?.shownAt == Self.local("2026-03-10T08:00"))
        #expect(delivery?.toldAt == Self.local("2026-03-10T09:00"))
        #expect(delivery?.quiet?.reason == .focus)
    }

    @Test func aDeviceChangeMergesKeyByKey() async throws {
        var revoke = DeviceConditionsChange()
        revoke.exactAlarmsAllowed = false
        let merged = try await Self.run(
            on: { SimulatedAndroidCenter(conditions: Self.dozing, clock: $0) },
            actions: [.init(at: Self.local("2026-03-10T07:10"), kind: .deviceChange(revoke))])
        // The idle window stays: the morning reminder still waits for light Doze.
        #expect(merged.deliveries.first { $0.request.identifier == Self.morning }?.delay?.cause == .dozeLight)

        var replaced = DeviceConditions()
        replaced.android.exactAlarmsAllowed = false
        replaced.android.scheduleMode = .work
        let whole = try await Self.run(
            on: { SimulatedAndroidCenter(conditions: Self.dozing, clock: $0) },
            actions: [.init(at: Self.local("2026-03-10T07:10"), kind: .device(replaced))])
        #expect(whole.deliveries.first { $0.request.identifier == Self.morning }?.delay == nil)
    }

    @Test func aTestsPushIsSkippedWhileTheAppIsForceStopped() async throws {
        let push = ServiceRunAction.push("msg_1", .high) { _ in }
        let refresh = ServiceRunAction.push("msg_2", .background) { _ in }
        let record = try await Self.run(
            on: { SimulatedAndroidCenter(clock: $0) },
            actions: [
                .init(at: Self.local("2026-03-10T07:30"), kind: .forceStop),
                .init(at: Self.local("2026-03-10T07:40"), kind: .app(push)),
                .init(at: Self.local("2026-03-10T09:00"), kind: .launch),
                .init(at: Self.local("2026-03-10T09:10"), kind: .app(refresh)),
            ])
        let skipped = record.deviceFacts.compactMap { entry -> String? in
            guard case .skippedPush(let cause, let identifier) = entry.fact else { return nil }
            return "\(cause) \(identifier)"
        }
        #expect(skipped == ["force_stopped msg_1"])
        #expect(record.runs.map(\.cause) == [.start, .action, .backgroundPush])
    }
}
