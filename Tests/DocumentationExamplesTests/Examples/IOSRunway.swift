// Shown in docs/conformers.md, "The 64 limit and the runway".
// example-begin
import Foundation
import WaveNotifications

/// What an iPhone keeps of the requests an app wants, and how long the app may stay closed without a loss.
func iPhoneRunway(
    wanted: [NotificationRequest],  // the requests, in hand-over order
    now: Date
) -> (kept: [NotificationRequest], dropped: [NotificationRequest], refreshBy: Date?, minutesClosed: Int) {
    let runway = NotificationRunway(desired: wanted, limit: 64)
    return (
        runway.held,  // the soonest 64 (ties in hand-over order), what iOS keeps
        runway.notHeld,  // what iOS would drop, soonest first
        runway.refreshDeadline,  // the first request not held, else the last one held; nil when nothing is wanted
        runway.minutes(from: now)  // whole minutes the app may stay closed without a loss
    )
}
// example-end
