import Foundation
import GoNowNotifications
import GrowBroNotifications
import HydracatNotifications
import ShadowNotifications
import Testing
import WaveNotifications
import WaveNotificationsTesting

/// All five apps driven the same way, through ``AppNotificationService`` alone, over one outside conformer: the
/// same loop plays two days of each (app runs, deliveries, own moments, expiries), asks what each wants pending and
/// what an iPhone would keep of it, answers a notification, and saves and restores each one's state.
struct FiveAppsOneContractTests {
    private static let zone = TimeZone(identifier: "Europe/Berlin")!

    private static func local(_ text: String) -> Date {
        zone.instant(for: try! LocalDateTime(parsing: text))
    }

    private static let start = local("2026-06-01T06:00")

    /// What one app did in two days, as the contract reported it.
    private struct Outcome {
        var delivered: [String] = []
        var withdrawn: [String] = []
        var facts = 0
        var desiredAtEnd: [NotificationRequest] = []
        var stateRoundTrips = false
    }

    /// The one loop every app goes through: the app starts, then at every instant something is due the platform
    /// shows what came due, expiries are withdrawn and the app's own moments run; a launch each morning at 09:00.
    private static func run<Service: AppNotificationService>(
        _ service: Service, on center: OutsideCenter, hours: Int = 48,
        movingClock clock: ManualWaveClock? = nil
    ) async throws -> Outcome {
        var outcome = Outcome()
        func note(_ report: ServiceReport<Service.Fact>) {
            for event in report.events {
                switch event {
                case .delivered(let request, _, _): outcome.delivered.append(request.identifier)
                case .withdrawn(let identifier, _, _): outcome.withdrawn.append(identifier)
                case .suppressed, .cancelled: break
                }
            }
            outcome.facts += report.facts.count
        }
        let end = start.addingTimeInterval(TimeInterval(hours * 3600))
        var now = start
        note(try await service.reconcile(device: DeviceState(now: now, timeZone: zone), cause: .start))
        var launches = (1...hours / 24).map { local("2026-06-0\($0)T09:00") }
        while true {
            let due = await center.pendingRequests().first?.fireAt
            let candidates = [
                due, await service.nextExpiry, await service.nextOwnMoment(after: now, in: zone), launches.first,
            ]
            guard let next = candidates.compactMap({ $0 }).min(), next <= end else { break }
            now = max(now, next)
            await clock?.advance(to: now)
            let device = DeviceState(now: now, timeZone: zone)
            for request in await center.fire(until: now) {
                note(try await service.notificationShown(request, device: device))
            }
            note(try await service.withdrawExpired(device: device))
            if let launch = launches.first, launch <= now {
                launches.removeFirst()
                note(try await service.reconcile(device: device, cause: .launch))
            }
            if await service.nextOwnMoment(after: now.addingTimeInterval(-1), in: zone) == now {
                note(try await service.reconcile(device: device, cause: .ownMoment))
            }
        }
        let device = DeviceState(now: now, timeZone: zone)
        if let last = outcome.delivered.last {
            note(try await service.respond(to: last, actionID: NotificationAction.defaultActionID, device: device))
        }
        outcome.desiredAtEnd = try await service.desiredRequests(device: device)
        let saved = await service.savedState
        let decoded = try JSONDecoder().decode(Service.SavedState.self, from: try JSONEncoder().encode(saved))
        outcome.stateRoundTrips = decoded == saved
        return outcome
    }

    /// What every app's outcome must show: deliveries, wanted requests ahead and soonest first, a runway an iOS app
    /// can use, a state that survives a process.
    private static func check(_ outcome: Outcome, wantsMoreAfterTwoDays: Bool = true) {
        #expect(!outcome.delivered.isEmpty)
        #expect(outcome.stateRoundTrips)
        let instants = outcome.desiredAtEnd.map(\.fireAt)
        #expect(instants == instants.sorted())
        if wantsMoreAfterTwoDays {
            #expect(!outcome.desiredAtEnd.isEmpty)
        }
        let runway = NotificationRunway(desired: outcome.desiredAtEnd, limit: 64)
        #expect(runway.held.count == min(64, outcome.desiredAtEnd.count))
    }

    @Test func worldWideWaves() async throws {
        let center = OutsideCenter()
        let clock = ManualWaveClock(now: Self.start)
        let event = WaveEventRecord(
            id: "berlin", name: "Berlin Wave", location: "Berlin", startDate: Self.local("2026-06-02T18:00"),
            endDate: Self.local("2026-06-02T18:30"), timeZone: Self.zone)
        let later = WaveEventRecord(
            id: "paris", name: "Paris Wave", location: "Paris", startDate: Self.local("2026-06-05T18:00"),
            endDate: Self.local("2026-06-05T18:30"), timeZone: Self.zone)
        let service = WorldWideWavesNotificationService(
            events: [event, later], waveHits: ["berlin": Self.local("2026-06-02T18:10")], start: Self.start,
            manager: NotificationManagerBridge(center: center, clock: clock),
            favorites: InMemoryFavoriteEventsStore(favoriteIDs: ["berlin", "paris"]), clock: clock)
        // The scheduler reads its clock: the loop moves it to every instant it gives the service.
        let outcome = try await Self.run(service, on: center, movingClock: clock)
        Self.check(outcome)
        #expect(outcome.delivered.contains("event_berlin_wave_hit"))
        #expect(outcome.delivered.contains("event_berlin_start_60m"))
        #expect(outcome.desiredAtEnd.allSatisfy { $0.threadID == "event_paris" })
    }

    @Test func goNow() async throws {
        let center = OutsideCenter()
        let service = GoNowNotificationService(
            settings: GoNowSettings(enabledModes: [.swimSolo]), center: center)
        let hours = (0..<48).map { hour in
            GoNowForecastHour(
                start: Self.start.addingTimeInterval(TimeInterval(hour * 3600)),
                scores: [.swimSolo: (8...10).contains(hour % 24) ? 90 : 40])
        }
        try await service.receiveForecast(
            GoNowForecast(fetchedAt: Self.start, hours: hours),
            device: DeviceState(now: Self.start, timeZone: Self.zone))
        Self.check(try await Self.run(service, on: center), wantsMoreAfterTwoDays: false)
    }

    @Test func hydracat() async throws {
        let center = OutsideCenter()
        let settings = HydracatSettings(
            userID: "u1",
            pets: [
                HydracatPet(
                    id: "p1", name: "Luna",
                    schedules: [
                        TreatmentSchedule(
                            id: "s1", kind: .medication, medicationName: "Benazepril", dose: "2.5 mg",
                            times: [try LocalTime(parsing: "08:00"), try LocalTime(parsing: "20:00")])
                    ])
            ])
        let service = HydracatNotificationService(settings: settings, start: Self.start, center: center)
        let outcome = try await Self.run(service, on: center)
        Self.check(outcome)
        #expect(outcome.delivered.contains("u1|p1|s1|2026-06-01T08:00|reminder"))
        // The midnight cleanup, one of Hydracat's own moments, withdrew yesterday's.
        #expect(outcome.withdrawn.contains("u1|p1|s1|2026-06-01T08:00|reminder"))
    }

    @Test func shadow() async throws {
        let center = OutsideCenter()
        let service = ShadowNotificationService(
            settings: ShadowSettings(categories: [.vitals: try ShadowCategorySettings(enabled: true)]), center: center)
        let outcome = try await Self.run(service, on: center)
        Self.check(outcome)
        // Shadow's check-ins expire an hour after they are shown.
        #expect(outcome.withdrawn.contains("shadow_vitals_2026-06-01_07:00"))
    }

    @Test func growBro() async throws {
        let center = OutsideCenter()
        let settings = GrowBroSettings(tasks: [
            GrowBroTask(id: "water", title: "Water the plants", due: try LocalDateTime(parsing: "2026-06-01T18:00")),
            GrowBroTask(id: "feed", title: "Feed", due: try LocalDateTime(parsing: "2026-06-04T18:00")),
        ])
        let service = GrowBroNotificationService(settings: settings, center: center)
        let outcome = try await Self.run(service, on: center)
        Self.check(outcome)
        #expect(outcome.delivered.contains("task_water"))
        // The tap on the last one opened its link through GrowBro's router.
        #expect(outcome.facts == 1)
    }
}

/// WorldWideWaves' saved state brings its favorites back in a new process.
struct WorldWideWavesRestoreTests {
    @Test func aRestoredServiceKeepsItsFavoritesAndWaveHits() async throws {
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        let clock = ManualWaveClock(now: start)
        let event = WaveEventRecord(
            id: "paris", name: "Paris Wave", location: "Paris", startDate: start.addingTimeInterval(7200),
            endDate: start.addingTimeInterval(9000))
        let first = WorldWideWavesNotificationService(
            events: [event], start: start, manager: NotificationManagerBridge(center: OutsideCenter(), clock: clock),
            clock: clock)
        let device = DeviceState(now: start, timeZone: TimeZone(identifier: "UTC")!)
        await first.favorite("paris", device: device)
        let saved = try JSONDecoder().decode(
            WorldWideWavesNotificationService.SavedState.self, from: JSONEncoder().encode(await first.savedState))

        let center = OutsideCenter()
        let second = WorldWideWavesNotificationService(
            events: [event], start: start, manager: NotificationManagerBridge(center: center, clock: clock),
            clock: clock, restoring: saved)
        try await second.reconcile(device: device, cause: .launch)
        #expect(saved.favoriteIDs == ["paris"])
        #expect(await center.pendingIdentifiers.contains("event_paris_start_60m"))
    }
}
