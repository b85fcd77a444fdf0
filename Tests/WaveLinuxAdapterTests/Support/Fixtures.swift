import Foundation
import WaveNotifications

/// Shared values for the adapter's tests.
enum Fixtures {
    /// 2026-06-21T12:00:00Z, where every manual clock starts.
    static let start = Date(timeIntervalSince1970: 1_782_043_200)

    static func content(
        _ eventID: String, body: String = "notification_1h_before", args: [String] = ["Paris"]
    )
        -> NotificationContent
    {
        NotificationContent(
            titleKey: "notification_event_starting", bodyKey: body, bodyArgs: args,
            deepLink: "worldwidewaves://event?id=\(eventID)")
    }

    static func identifier(_ eventID: String, _ trigger: NotificationTrigger) -> NotificationIdentifier {
        try! NotificationIdentifier(eventID: eventID, trigger: trigger)
    }

    /// The directory of the test target's fixture files.
    static var directory: URL {
        Bundle.module.url(forResource: "Fixtures", withExtension: nil)!
    }
}
