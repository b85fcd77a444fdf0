// Shown in docs/conformers.md, "The 64 limit and the runway", over the BackgroundTasks stand-in here.
// example-begin
import Foundation
import WaveNotifications

/// Asks iOS to run the app again before the first request it will not keep, with a margin of two hours.
func askForRefresh(
    wanted: [NotificationRequest],  // the service's desiredRequests(device:)
    scheduler: BGTaskScheduler = .shared
) throws {
    let runway = NotificationRunway(desired: wanted, limit: 64)
    if let deadline = runway.refreshDeadline {
        let request = BGAppRefreshTaskRequest(identifier: "com.example.app.refresh")
        request.earliestBeginDate = deadline.addingTimeInterval(-2 * 3600)
        try scheduler.submit(request)
    }
}
// example-end

// On iOS the real framework; elsewhere its stand-in, with the same shape (after the example, so the block reads
// as iOS code: DocumentationBlockTests expects the block to show this import).
#if os(iOS)
    import BackgroundTasks
#else
    import IOSFrameworkStandIns  // BackgroundTasks' types, with the same shape
#endif
