import Foundation
import HydracatNotifications
import Testing
import WaveNotifications
import WaveNotificationsTesting

/// What a Hydracat user loses on an iPhone, which keeps 64 pending requests and runs the app only when it is
/// opened or refreshed: the app's own service on the testing library's iOS center, public API only.
struct HydracatWeekOnIOSTests {
    private static let zone = TimeZone(identifier: "Europe/Berlin")!
    private static let start = zone.instant(for: try! LocalDateTime(parsing: "2026-03-09T07:00"))

    /// Five cats, each treated four times a day: more reminders and follow-ups than an iPhone holds for two days.
    private static let settings = HydracatSettings(
        userID: "u1", isWeeklySummaryEnabled: false,
        pets: ["Luna", "Milo", "Nala", "Simba", "Coco"].enumerated().map { index, name in
            HydracatPet(
                id: "p\(index + 1)", name: name,
                schedules: [
                    TreatmentSchedule(
                        id: "s1", kind: .fluid, medicationName: "Lactated Ringer's", dose: "100 ml",
                        times: ["08:00", "12:00", "16:00", "20:00"].map { try! LocalTime(parsing: $0) })
                ])
        })

    /// What the user saw and lost in a week when the app runs every `hours` (at launch, then background refreshes).
    private static func week(runningEvery hours: Int?) async throws -> (delivered: [String], lost: [String]) {
        let clock = ManualWaveClock(now: start)
        let iPhone = SimulatedIOSCenter(clock: clock)
        let service = HydracatNotificationService(settings: settings, start: start, center: iPhone)
        let end = start.addingTimeInterval(7 * 24 * 3600)
        var delivered: [String] = []
        var lost: [String] = []
        var shownWhileClosed: [NotificationRequest] = []
        var run: Date? = start
        while let now = run {
            // Until the app runs, only the system acts: it shows what it holds and loses what it discarded.
            for fact in await iPhone.advance(to: now) {
                switch fact {
                case .due(let request):
                    delivered.append(request.identifier)
                    shownWhileClosed.append(request)
                case .lost(let request, _):
                    lost.append(request.identifier)
                }
            }
            let device = DeviceState(now: now, timeZone: zone)
            await iPhone.beginRun()
            for request in shownWhileClosed {
                try await service.notificationShownWhileClosed(request, shownAt: request.fireAt, device: device)
            }
            shownWhileClosed = []
            try await service.withdrawExpired(device: device)
            try await service.reconcile(device: device, cause: now == start ? .launch : .backgroundRefresh)
            await iPhone.endRun()
            run = hours.map { now.addingTimeInterval(TimeInterval($0 * 3600)) }.flatMap { $0 <= end ? $0 : nil }
        }
        for fact in await iPhone.advance(to: end) {
            switch fact {
            case .due(let request): delivered.append(request.identifier)
            case .lost(let request, _): lost.append(request.identifier)
            }
        }
        return (delivered, lost)
    }

    @Test func launchedOnceTheUserLosesWhatTheIPhoneCouldNotHold() async throws {
        let once = try await Self.week(runningEvery: nil)
        // 5 cats x 4 treatments x (reminder, follow-up) for today and tomorrow: 80 wanted, 64 held, 16 lost.
        #expect(once.lost.count == 16, "\(once.lost)")
        #expect(once.delivered.count == 64)
        #expect(once.lost.allSatisfy { $0.hasPrefix("u1|p") && $0.contains("2026-03-10") })
    }

    @Test func refreshedEverySixHoursTheUserLosesNothing() async throws {
        let refreshed = try await Self.week(runningEvery: 6)
        #expect(refreshed.lost.isEmpty, "\(refreshed.lost)")
        // Every reminder and follow-up of the week, none logged.
        #expect(refreshed.delivered.filter { $0.hasSuffix("|reminder") }.count == 5 * 4 * 7)
    }
}
