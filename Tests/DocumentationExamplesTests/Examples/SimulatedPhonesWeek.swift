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

    /// What the loop recorded: every notification shown (on iOS mostly by the system while the app was closed),
    /// every one lost, and each app run's report.
    init(_ record: ServiceRunRecord) {
        delivered = record.delivered.map(\.request.identifier)
        lost = record.lost.map(\.request.identifier)
        shortestRunwayMinutes = record.runs.map { $0.report.runwayMinutes(from: $0.at) }.min() ?? .max
    }
}

/// The system lets the app run every `hours` after the start (background refreshes), up to `end`.
func refreshes(
    every hours: Int, from start: Date, to end: Date
) -> [ServiceDeviceRun<HydracatNotificationService>.Action] {
    stride(from: start, through: end, by: TimeInterval(hours * 3600)).dropFirst()
        .map { DeviceRunAction(at: $0, kind: .backgroundRefresh) }
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
    // The library's loop (wavesim's too) plays the phone: the app runs at the start and at each refresh; between
    // runs iOS shows what it holds and loses what it dropped.
    let week = ServiceDeviceRun(service: service, center: iPhone, clock: clock, timeZone: zone)
    return WeekOnAPhone(
        try await week.record(until: end, actions: hours.map { refreshes(every: $0, from: start, to: end) } ?? []))
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
    let week = ServiceDeviceRun(service: service, center: phone, clock: clock, timeZone: zone)
    let actions = refreshes(every: hours, from: start, to: end) + [.init(at: reboot, kind: .reboot)]
    return WeekOnAPhone(try await week.record(until: end, actions: actions))
}
// example-end
