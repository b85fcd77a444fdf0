// Shown in docs/linux-adapter.md, "Using it in a Linux program".
// example-begin
import Foundation
import WaveLinuxAdapter
import WaveNotifications
import WaveStrings

/// A small reminder program: one reminder five seconds from now, shown, then a clean stop.
/// Call it from your executable's `@main` (`try await runReminders()`).
func runReminders(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    clock: any AlarmClock = SystemAlarmClock(),  // the wall clock; SystemAlarmClock(origin:speed:) to fast-forward
    sink: any NotificationSink = DesktopSink()  // or ConsoleSink(), JSONLinesSink(fileHandle: .standardOutput)
) async throws {
    let deliveries = DeliveryWatcher()
    let manager = try LinuxNotificationManager(
        configuration: .init(
            pendingLimit: PendingLimit.iOS,  // or PendingLimit.android
            stateDirectory: LinuxNotificationManager.Configuration.defaultStateDirectory(environment: environment),
            gracePeriod: .seconds(30 * 60)),
        clock: clock, sink: sink,
        renderer: LocalizedStringResolver(environment: environment),  // LC_ALL / LC_MESSAGES / LANG, else English
        observer: deliveries)
    // Opens <dir>/notifications.sqlite and takes the directory's lock, imports a state.json of an earlier build
    // and restores what was pending.
    try await manager.start()

    try await manager.scheduleNotification(
        eventID: "paris-solstice", trigger: .eventStarting(.seconds(60)), delay: .seconds(5),
        content: NotificationContent(
            titleKey: "notification_event_starting", bodyKey: "notification_1m_before", bodyArgs: ["Paris"],
            deepLink: "worldwidewaves://event?id=paris-solstice"))
    await deliveries.firstDelivery()  // the manager's alarm fires on its own meanwhile
    await manager.stop()  // commits, closes the database, releases the lock
}

/// Watches the manager: it reports everything it does to a `NotificationManagerObserver`, and never prints.
struct DeliveryWatcher: NotificationManagerObserver {
    private let delivered = AsyncStream.makeStream(of: Void.self)

    func manager(didReport event: ManagerEvent) {
        if case .delivered = event { delivered.continuation.yield() }
    }

    /// Returns once the manager has shown a notification.
    func firstDelivery() async {
        for await _ in delivered.stream { return }
    }
}
// example-end
