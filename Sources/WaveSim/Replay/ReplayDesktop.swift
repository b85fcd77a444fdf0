internal import Foundation
internal import WaveLinuxAdapter
internal import WaveNotifications

/// The desktop beside the replay's output (`--sink desktop`): every notification delivered is shown through the Linux
/// adapter's ``DesktopSink`` with its actions in the replay's language, and every one withdrawn is closed.
struct ReplayDesktop: Sendable {
    /// The notification server's sink.
    let sink: DesktopSink
    /// Renders titles, bodies and action titles in the replay's language.
    let renderer: any NotificationTextRenderer

    /// Mirrors one event on the desktop.
    ///
    /// - Parameter event: A delivery (shown), a withdrawal (closed); other events change nothing on screen.
    /// - Returns: `false` when the notification server refused.
    func show(_ event: NotificationEvent) async -> Bool {
        do {
            switch event {
            case .delivered(let request, let at, let late):
                try await sink.deliver(
                    NotificationDelivery(
                        request: request, text: renderer.render(request), scheduledFor: request.fireAt,
                        deliveredAt: at, isLate: late))
            case .withdrawn(let identifier, let reason, _):
                try await sink.withdraw(identifiers: [identifier], threadID: nil, reason: reason)
            case .suppressed, .cancelled:
                break
            }
            return true
        } catch {
            return false
        }
    }
}
