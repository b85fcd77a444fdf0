// Shown in docs/linux-adapter.md, "Using it in a Linux program" (the delivery gate).
// example-begin
import Foundation
import GrowBroNotifications
import WaveLinuxAdapter
import WaveNotifications
import WaveStrings

/// Asks GrowBro's rules, at each request's due instant, whether to show it.
struct GrowBroGate: NotificationDeliveryGate {
    let settings: GrowBroSettings, permission: PermissionStatus, zone: TimeZone
    func suppressionReason(for request: NotificationRequest, at instant: Date) async -> NotificationReason? {
        GrowBroDeliveryRules.decideAtFire(
            request, at: instant, settings: settings, permission: permission, timeZone: zone
        ).suppression?.reason
    }
}

/// GrowBro's manager: what the gate holds back lands in the inbox.
func makeGrowBroManager(
    directory: URL, settings: GrowBroSettings, zone: TimeZone, clock: any AlarmClock = SystemAlarmClock(),
    sink: any NotificationSink = DesktopSink()
) throws -> LinuxNotificationManager {
    try LinuxNotificationManager(
        configuration: .init(stateDirectory: directory), clock: clock, sink: sink,
        renderer: LocalizedStringResolver(), inbox: InMemoryInboxStore(),
        gate: GrowBroGate(settings: settings, permission: .authorized, zone: zone))
}
// example-end
