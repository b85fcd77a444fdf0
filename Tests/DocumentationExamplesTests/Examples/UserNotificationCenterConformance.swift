// Shown in docs/conformers.md, "Checking your conformer": the iOS conformer and its XCTest (on iOS, in the app's
// test target). Here the test runs on the UserNotifications stand-in of IOSFrameworkStandIns.
// example-begin
import WaveNotifications
import WaveNotificationsTesting
import WaveNotificationsTestingSupport
import XCTest

/// A `NotificationRequestCenter` over iOS's notification center. Each request travels whole, as JSON in `userInfo`,
/// so it is listed exactly as added; a shown one gets an identifier of its own, since iOS would let it replace a
/// pending request with the same identifier.
actor UserNotificationCenter: NotificationRequestCenter {
    let center: UNUserNotificationCenter
    let clock: any WaveClock
    /// Hand-over order, for listing equal instants in the order added.
    private var handedOver = 0

    init(center: UNUserNotificationCenter, clock: any WaveClock = SystemWaveClock()) {
        self.center = center
        self.clock = clock
    }

    /// The identifier a request shown now is delivered under.
    static func shownIdentifier(_ identifier: String) -> String { "shown." + identifier }

    func add(_ requests: [NotificationRequest]) async throws {
        for request in requests {
            let seconds = request.fireAt.timeIntervalSince(clock.now)
            // iOS takes only a positive interval. A request whose instant is not in the future is shown now (no
            // trigger), under its identifier, and leaves nothing pending: a pending one with its identifier goes too.
            let trigger = seconds > 0 ? UNTimeIntervalNotificationTrigger(timeInterval: seconds, repeats: false) : nil
            if trigger == nil { center.removePendingNotificationRequests(withIdentifiers: [request.identifier]) }
            try await center.add(
                UNNotificationRequest(
                    identifier: request.identifier, content: try content(of: request), trigger: trigger))
        }
    }

    func removePending(identifiers: [String], reason: NotificationReason) async throws {
        center.removePendingNotificationRequests(withIdentifiers: identifiers)
    }

    func removePending(threadID: String, reason: NotificationReason) async throws {
        let identifiers = await center.pendingNotificationRequests()
            .filter { $0.content.threadIdentifier == threadID }.map(\.identifier)
        center.removePendingNotificationRequests(withIdentifiers: identifiers)
    }

    /// The request a pending or delivered notification carries, whole.
    static func request(in userInfo: [AnyHashable: Any]) throws -> NotificationRequest {
        try JSONDecoder().decode(NotificationRequest.self, from: Data((userInfo["request"] as? String ?? "").utf8))
    }

    func pendingRequests() async throws -> [NotificationRequest] {
        try await center.pendingNotificationRequests()
            .map { pending in
                (
                    request: try Self.request(in: pending.content.userInfo),
                    order: Int(pending.content.userInfo["order"] as? String ?? "") ?? 0
                )
            }
            .sorted { ($0.request.fireAt, $0.order) < ($1.request.fireAt, $1.order) }
            .map(\.request)
    }

    func show(_ request: NotificationRequest) async throws {
        // No trigger: delivered at once.
        try await center.add(
            UNNotificationRequest(
                identifier: Self.shownIdentifier(request.identifier), content: try content(of: request), trigger: nil))
    }

    func withdrawShown(identifiers: [String], reason: NotificationReason) async throws {
        center.removeDeliveredNotifications(withIdentifiers: identifiers + identifiers.map(Self.shownIdentifier))
    }

    private func content(of request: NotificationRequest) throws -> UNMutableNotificationContent {
        handedOver += 1
        let content = UNMutableNotificationContent()
        // Keys, not text: iOS resolves them in the user's language when it shows the notification (the app's
        // Localizable.strings carries the package's keys).
        content.title = NSString.localizedUserNotificationString(
            forKey: request.title.key, arguments: request.title.arguments)
        content.body = NSString.localizedUserNotificationString(
            forKey: request.body.key, arguments: request.body.arguments)
        content.threadIdentifier = request.threadID
        content.categoryIdentifier = request.channel.categoryID
        content.userInfo = [
            "request": String(decoding: try JSONEncoder().encode(request), as: UTF8.self), "order": "\(handedOver)",
        ]
        return content
    }
}

final class UserNotificationCenterConformanceTests: XCTestCase {
    func testFollowsTheContract() async {
        let report = await NotificationCenterConformance.check { clock in
            let center = UNUserNotificationCenter.current()
            center.removeAllPendingNotificationRequests()
            center.removeAllDeliveredNotifications()
            return ConformanceSubject(
                center: UserNotificationCenter(center: center, clock: clock), limit: 64,
                onScreen: {
                    try await center.deliveredNotifications()
                        .map { try UserNotificationCenter.request(in: $0.request.content.userInfo) }
                })
        }
        // One XCTest failure per rule broken, naming the rule, what the check did and what differed. The check cannot
        // move an iPhone's time, and this center keeps no change counts: those rules are skipped, as expected.
        assertConforming(
            report,
            expectingSkipped: [
                .dueRequestsLeavePending, .showsWhenDue, .showsWhatItLists, .withdrawsWhatCameDue,
                .changeCountsMoveAndNeverRepeat, .changeCountsMoveWhenDue,
            ])
    }
}
// example-end

// On iOS the real framework; elsewhere its stand-in, with the same shape (after the example, so the block reads
// as iOS code: DocumentationBlockTests expects the block to show this import).
#if os(iOS)
    import UserNotifications
#else
    import Foundation  // on iOS, UserNotifications brings it
    import IOSFrameworkStandIns  // UserNotifications' types, with the same shape
#endif
