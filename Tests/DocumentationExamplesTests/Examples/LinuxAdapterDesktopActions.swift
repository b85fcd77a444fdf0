// Shown in docs/linux-adapter.md, "Seeing a real desktop notification".
// example-begin
import WaveLinuxAdapter
import WaveNotifications

/// What the app does when the user picks an action on a desktop notification.
struct Actions: DesktopActionHandler {
    let manager: LinuxNotificationManager
    func handle(_ action: DesktopAction) async {
        switch action.actionID {
        case "snooze":  // take it off the screen, then add the snoozed request
            try? await manager.withdrawShown(identifiers: [action.identifier], reason: .snoozed)
        case "log":
            try? await manager.withdrawShown(identifiers: [action.identifier], reason: .responded)
        default:
            break  // open action.request.deepLink
        }
    }
}
// example-end
