// Shown in docs/conformers.md, "Testing your app on a simulated iPhone or Android phone"; run by
// SimulatedPhonesExampleTests.
// example-begin
import Foundation
import HydracatNotifications
import WaveNotifications
import WaveNotificationsTesting

/// What the user saw and lost in a week, by request identifier.
struct WeekOnAPhone {
    var delivered: [String] = []
    var lost: [String] = []
    /// The shortest time the app could have stayed closed without a loss, after any of its runs.
    var shortestRunwayMinutes = Int.max
}

/// A week of Hydracat on an iPhone (64 pending), the app running at launch and then every `hours` (background
/// refreshes), or never again when `nil`.
func weekOnIPhone(
    settings: HydracatSettings, start: Date, zone: TimeZone, runningEvery hours: Int?
) async throws -> WeekOnAPhone {
    let clock = ManualWaveClock(now: start)
    let iPhone = SimulatedIOSCenter(clock: clock)
    let service = HydracatNotificationService(settings: settings, start: start, center: iPhone)
    let end = start.addingTimeInterval(7 * 24 * 3600)
    var week = WeekOnAPhone()
    var shownWhileClosed: [NotificationRequest] = []
    var run: Date? = start
    while let now = run {
        // Until the app runs, only the system acts: it shows what it holds and loses what it dropped.
        for fact in await iPhone.advance(to: now) {
            switch fact {
            case .due(let request):
                week.delivered.append(request.identifier)
                shownWhileClosed.append(request)
            case .lost(let request, _): week.lost.append(request.identifier)
            case .shownLate, .notShown: break  // only a phone with conditions shows late or holds back
            }
        }
        // One app run: iOS decides what it keeps of the hand-over when the run ends.
        let device = DeviceState(now: now, timeZone: zone)
        await iPhone.beginRun()
        for request in shownWhileClosed {
            try await service.notificationShownWhileClosed(request, shownAt: request.fireAt, device: device)
        }
        shownWhileClosed = []
        try await service.withdrawExpired(device: device)
        try await service.reconcile(device: device, cause: now == start ? .launch : .backgroundRefresh)
        await iPhone.endRun()
        week.shortestRunwayMinutes = min(week.shortestRunwayMinutes, await iPhone.runReport().runwayMinutes(from: now))
        run = hours.map { now.addingTimeInterval(TimeInterval($0 * 3600)) }.flatMap { $0 <= end ? $0 : nil }
    }
    for fact in await iPhone.advance(to: end) {
        switch fact {
        case .due(let request): week.delivered.append(request.identifier)
        case .lost(let request, _): week.lost.append(request.identifier)
        case .shownLate, .notShown: break
        }
    }
    return week
}

/// The same week on an Android phone (500 alarms) that restarts at `reboot`: each notification wakes the app, which
/// also runs at launch and every `hours`; after the restart it runs at once with a boot receiver, else at its next run.
func weekOnAndroid(
    settings: HydracatSettings, start: Date, zone: TimeZone, runningEvery hours: Int, reboot: Date,
    bootReceiver: Bool
) async throws -> WeekOnAPhone {
    let clock = ManualWaveClock(now: start)
    let phone = SimulatedAndroidCenter(hasBootReceiver: bootReceiver, clock: clock)
    let service = HydracatNotificationService(settings: settings, start: start, center: phone)
    let end = start.addingTimeInterval(7 * 24 * 3600)
    var week = WeekOnAPhone()
    // One app run: what woke it, then what it still wants (a request the reboot removed is lost only if wanted).
    func runApp(at now: Date, cause: ReconcileCause?, shown: NotificationRequest? = nil) async throws {
        let device = DeviceState(now: now, timeZone: zone)
        await phone.beginRun()
        if let shown { try await service.notificationShown(shown, device: device) }
        if let cause { try await service.reconcile(device: device, cause: cause) }
        await phone.endRun(stillWanting: try await service.desiredRequests(device: device))
        week.shortestRunwayMinutes = min(week.shortestRunwayMinutes, await phone.runReport().runwayMinutes(from: now))
    }
    var runs = Array(stride(from: start, through: end, by: TimeInterval(hours * 3600)))
    var rebooted = false
    var now = start
    while now < end {
        // Time passes notification by notification: each one shown wakes the app.
        let next = [runs.first, rebooted ? nil : reboot].compactMap { $0 }.min() ?? end
        now = max(now, min(await phone.nextFireDate ?? next, next))
        for fact in await phone.advance(to: now) {
            switch fact {
            case .due(let request):
                week.delivered.append(request.identifier)
                try await runApp(at: now, cause: nil, shown: request)
            case .lost(let request, _): week.lost.append(request.identifier)
            case .shownLate, .notShown: break
            }
        }
        if now == reboot, !rebooted {
            rebooted = true
            await phone.reboot()
            if bootReceiver { try await runApp(at: now, cause: .boot) }
        } else if now == runs.first {
            runs.removeFirst()
            try await runApp(at: now, cause: now == start ? .launch : .backgroundRefresh)
        }
    }
    return week
}
// example-end
