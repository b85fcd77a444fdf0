import Foundation
import HydracatNotifications
import Testing
import WaveNotifications
import WaveNotificationsTesting

/// The testing library's one loop (``DeviceRunLoop``, through ``ServiceDeviceRun`` and ``ServiceRunApp``) driving
/// Hydracat's service on the simulated Android phone and iPhone, public API only: what a user misses after a reboot or
/// beyond the iPhone's pending limit, and how an app run before the instant saves it.
struct ServiceDeviceRunTests {
    private static let zone = TimeZone(identifier: "Europe/Berlin")!

    private static func local(_ text: String) -> Date {
        zone.instant(for: try! LocalDateTime(parsing: text))
    }

    private static let start = local("2026-03-10T07:00")
    private static let end = local("2026-03-10T21:00")
    /// Luna's 08:00 and 20:00 reminders.
    private static let morning = "u1|p1|s1|2026-03-10T08:00|reminder"
    private static let evening = "u1|p1|s1|2026-03-10T20:00|reminder"

    /// A day of Luna's medication (08:00 and 20:00) on a phone built over the run's clock.
    private static func run(
        on phone: (ManualWaveClock) -> any SimulatedDevice,
        actions: [ServiceDeviceRun<HydracatNotificationService>.Action]
    ) async throws -> ServiceRunRecord {
        let clock = ManualWaveClock(now: start)
        let center = phone(clock)
        let service = HydracatNotificationService(settings: HydracatServiceTests.settings, start: start, center: center)
        let run = ServiceDeviceRun(service: service, center: center, clock: clock, timeZone: zone)
        return try await run.record(until: end, actions: actions)
    }

    /// Whether the user saw a notification, and when.
    private static func shownAt(_ identifier: String, in record: ServiceRunRecord) -> [Date] {
        record.delivered.filter { $0.request.identifier == identifier }.map(\.at)
    }

    @Test func androidRebootWithoutABootReceiverLosesTheMorningReminderAtItsInstant() async throws {
        let record = try await Self.run(
            on: { SimulatedAndroidCenter(hasBootReceiver: false, clock: $0) },
            actions: [.init(at: Self.local("2026-03-10T07:30"), kind: .reboot)])

        let lost = record.lost.filter { $0.request.identifier == Self.morning }
        #expect(lost.map(\.reason) == [.reboot])
        let lostAt = record.deviceFacts.compactMap { entry -> Date? in
            guard case .lost(let request, _) = entry.fact, request.identifier == Self.morning else { return nil }
            return entry.at
        }
        #expect(lostAt == [Self.local("2026-03-10T08:00")])
        #expect(Self.shownAt(Self.morning, in: record).isEmpty)
        // The reboot cancelled what was pending, and nothing of the app ran until the end (no boot run, no own
        // moment): the evening reminder is lost too.
        let removed = record.deviceFacts.compactMap { entry -> [String]? in
            guard case .removedByReboot(let requests) = entry.fact else { return nil }
            return requests.map(\.identifier)
        }
        #expect(removed.first?.contains(Self.morning) == true)
        #expect(record.lost.map(\.request.identifier).contains(Self.evening))
        #expect(!record.runs.contains { $0.cause == .boot })
    }

    @Test func androidLaunchAfterTheRebootSavesTheMorningReminder() async throws {
        let record = try await Self.run(
            on: { SimulatedAndroidCenter(hasBootReceiver: false, clock: $0) },
            actions: [
                .init(at: Self.local("2026-03-10T07:30"), kind: .reboot),
                .init(at: Self.local("2026-03-10T07:45"), kind: .launch),
            ])

        #expect(record.lost.isEmpty)
        #expect(Self.shownAt(Self.morning, in: record) == [Self.local("2026-03-10T08:00")])
        #expect(Self.shownAt(Self.evening, in: record) == [Self.local("2026-03-10T20:00")])
        #expect(record.runs.map(\.cause) == [.start, .action])
    }

    @Test func androidBootReceiverRunsTheAppAtTheRebootAndLosesNothing() async throws {
        let record = try await Self.run(
            on: { SimulatedAndroidCenter(clock: $0) },
            actions: [.init(at: Self.local("2026-03-10T07:30"), kind: .reboot)])

        #expect(record.lost.isEmpty)
        #expect(Self.shownAt(Self.morning, in: record) == [Self.local("2026-03-10T08:00")])
        #expect(record.runs.map(\.cause) == [.start, .boot])
        #expect(record.runs.last?.at == Self.local("2026-03-10T07:30"))
    }

    @Test func iPhoneKeepsItsPendingRequestsThroughARebootAndShowsThemWhileTheAppIsClosed() async throws {
        let record = try await Self.run(
            on: { SimulatedIOSCenter(clock: $0) }, actions: [.init(at: Self.local("2026-03-10T07:30"), kind: .reboot)])

        #expect(record.lost.isEmpty)
        #expect(Self.shownAt(Self.morning, in: record) == [Self.local("2026-03-10T08:00")])
        // The system showed it: the service never ran after the start, so it reported no delivery itself.
        #expect(!record.events.contains { $0.identifier == Self.morning })
        #expect(record.runs.map(\.cause) == [.start])
    }

    /// An iPhone that holds two: the morning reminder and its follow-up; the evening reminder is lost at 20:00 unless
    /// an app run before it hands it over again.
    @Test(arguments: [false, true])
    func iPhoneBeyondItsLimitLosesTheEveningReminderUnlessALaunchComesFirst(launches: Bool) async throws {
        let launch = Self.local("2026-03-10T12:00")
        let record = try await Self.run(
            on: { SimulatedIOSCenter(limit: 2, clock: $0) }, actions: launches ? [.init(at: launch, kind: .launch)] : []
        )

        let evening = record.lost.filter { $0.request.identifier == Self.evening }
        if launches {
            #expect(evening.isEmpty)
            #expect(Self.shownAt(Self.evening, in: record) == [Self.local("2026-03-10T20:00")])
        } else {
            #expect(evening.map(\.reason) == [.pendingLimit])
            #expect(Self.shownAt(Self.evening, in: record).isEmpty)
        }
        #expect(Self.shownAt(Self.morning, in: record) == [Self.local("2026-03-10T08:00")])
    }

    /// The loop driven directly, with the app side a test builds: a test's own action runs at its instant with the
    /// device's state then, and is an app run on Android (its report follows).
    @Test func theLoopRunsATestsOwnActionAsAnAppRun() async throws {
        let clock = ManualWaveClock(now: Self.start)
        let phone = SimulatedAndroidCenter(clock: clock)
        let service = HydracatNotificationService(
            settings: HydracatServiceTests.settings, start: Self.start, center: phone)
        let app = ServiceRunApp(service: service)
        let seen = WaveLock<[Date]>([])
        let at = Self.local("2026-03-10T09:00")
        var loop = DeviceRunLoop(
            device: phone, app: app, start: DeviceState(now: Self.start, timeZone: Self.zone),
            actions: [.init(at: at, name: "look") { device in seen.withLock { $0.append(device.now) } }],
            until: Self.end)
        try await loop.run()

        #expect(seen.withLock { $0 } == [at])
        #expect(app.record.runs.map(\.cause) == [.start, .action])
    }

    /// Without an end, the loop stops once nothing remains, though the zone's offset still changes twice a year: the
    /// Paris wave's notifications shown, it stops at the last one (it went on through every change of Paris' offset,
    /// reconciling at each, for as long as the calendar has them).
    @Test(arguments: [DevicePlatform.android, .ios])
    func withoutAnEndTheLoopStopsWhenNothingRemainsInAZoneWithDaylightSavingTime(platform: DevicePlatform) async throws
    {
        let paris = TimeZone(identifier: "Europe/Paris")!
        let now = paris.instant(for: try LocalDateTime(parsing: "2026-06-21T09:00"))
        let waveStart = paris.instant(for: try LocalDateTime(parsing: "2026-06-21T18:00"))
        let clock = ManualWaveClock(now: now)
        let phone = try #require(platform.simulatedPhone(limit: 64, timeZone: paris, clock: clock))
        let wave = WaveEventRecord(
            id: "paris-solstice", name: "Paris Solstice Wave", location: "Paris", startDate: waveStart,
            endDate: waveStart.addingTimeInterval(40 * 60), timeZone: paris)
        let service = WorldWideWavesNotificationService(
            events: [wave], start: now, manager: NotificationManagerBridge(center: phone, clock: clock),
            favorites: InMemoryFavoriteEventsStore(favoriteIDs: ["paris-solstice"]), clock: clock)
        let app = ServiceRunApp(service: service)
        var loop = DeviceRunLoop(
            device: phone, app: app, start: DeviceState(now: now, timeZone: paris), actions: [], until: nil)
        try await loop.run()

        let delivered = app.record.delivered
        #expect(delivered.count == 6)
        #expect(loop.state.now == delivered.last?.at)
        #expect(loop.state.now < now.addingTimeInterval(24 * 3600))
    }
}
