import Foundation
import Synchronization
import Testing
// CONFORMERS-EXAMPLE-BEGIN
import WaveNotifications
import WaveNotificationsTesting
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

    /// The request identifier of a delivered notification.
    static func requestIdentifier(ofDelivered identifier: String) -> String {
        identifier.hasPrefix("shown.") ? String(identifier.dropFirst("shown.".count)) : identifier
    }

    func add(_ requests: [NotificationRequest]) async throws {
        for request in requests {
            let seconds = max(1, request.fireAt.timeIntervalSince(clock.now))
            try await center.add(
                UNNotificationRequest(
                    identifier: request.identifier, content: try content(of: request),
                    trigger: UNTimeIntervalNotificationTrigger(timeInterval: seconds, repeats: false)))
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

    func pendingRequests() async throws -> [NotificationRequest] {
        let decoder = JSONDecoder()
        return try await center.pendingNotificationRequests()
            .map { pending -> (request: NotificationRequest, order: Int) in
                let json = Data((pending.content.userInfo["request"] as? String ?? "").utf8)
                return (
                    try decoder.decode(NotificationRequest.self, from: json),
                    Int(pending.content.userInfo["order"] as? String ?? "") ?? 0
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
                    await center.deliveredNotifications()
                        .map { UserNotificationCenter.requestIdentifier(ofDelivered: $0.request.identifier) }
                })
        }
        XCTAssertEqual(report.failures, [], "\(report)")
        // The check cannot move an iPhone's time, and this center keeps no change counts.
        XCTAssertEqual(
            report.skippedRules,
            [
                .dueRequestsLeavePending, .showsWhenDue, .showsWhatItLists, .changeCountsMoveAndNeverRepeat,
                .changeCountsMoveWhenDue,
            ])
    }
}
// CONFORMERS-EXAMPLE-END

// MARK: - Stand-ins with the shape of UserNotifications' types, so the example compiles and runs on Linux

/// `UNMutableNotificationContent`'s fields the example sets. A class, as on iOS; only the wrapper's actor touches one
/// before it is handed over, and the stand-in center copies what it keeps.
final class UNMutableNotificationContent: @unchecked Sendable {
    // Every stored property is behind `lock`.
    private let lock = Mutex<(thread: String, category: String, userInfo: [String: String])>(("", "", [:]))

    var threadIdentifier: String {
        get { lock.withLock { $0.thread } }
        set { lock.withLock { $0.thread = newValue } }
    }
    var categoryIdentifier: String {
        get { lock.withLock { $0.category } }
        set { lock.withLock { $0.category = newValue } }
    }
    /// iOS's is `[AnyHashable: Any]`; the example reads it with `as? String`.
    var userInfo: [AnyHashable: Any] {
        get { lock.withLock { $0.userInfo } }
        set { lock.withLock { $0.userInfo = newValue.reduce(into: [:]) { $0["\($1.key)"] = $1.value as? String } } }
    }
}

/// `UNTimeIntervalNotificationTrigger`: fires `timeInterval` seconds after it is added.
struct UNTimeIntervalNotificationTrigger: Sendable {
    let timeInterval: TimeInterval
    let repeats: Bool

    init(timeInterval: TimeInterval, repeats: Bool) {
        self.timeInterval = timeInterval
        self.repeats = repeats
    }
}

/// `UNNotificationRequest`.
struct UNNotificationRequest: Sendable {
    let identifier: String
    let content: UNMutableNotificationContent
    let trigger: UNTimeIntervalNotificationTrigger?

    init(identifier: String, content: UNMutableNotificationContent, trigger: UNTimeIntervalNotificationTrigger?) {
        self.identifier = identifier
        self.content = content
        self.trigger = trigger
    }
}

/// `UNNotification`: a delivered request.
struct UNNotification: Sendable {
    let request: UNNotificationRequest
}

/// `UNUserNotificationCenter` as far as the example goes: a request with the identifier of a pending one replaces
/// it, one without a trigger is delivered at once, and it keeps the 64 soonest-firing pending requests. No time
/// passes for it (the check cannot move an iPhone's clock), so it orders by the trigger's interval.
final class UNUserNotificationCenter: Sendable {
    private struct State {
        var pending: [UNNotificationRequest] = []
        var delivered: [UNNotification] = []
    }

    private static let shared = UNUserNotificationCenter()
    private let state = Mutex(State())

    static func current() -> UNUserNotificationCenter { shared }

    func add(_ request: UNNotificationRequest) async throws {
        state.withLock { state in
            state.pending.removeAll { $0.identifier == request.identifier }
            guard let trigger = request.trigger else {
                state.delivered.removeAll { $0.request.identifier == request.identifier }
                state.delivered.append(UNNotification(request: request))
                return
            }
            let position = state.pending.firstIndex { ($0.trigger?.timeInterval ?? 0) > trigger.timeInterval }
            state.pending.insert(request, at: position ?? state.pending.count)
            if state.pending.count > 64 { state.pending.removeLast() }
        }
    }

    func pendingNotificationRequests() async -> [UNNotificationRequest] {
        state.withLock { $0.pending }
    }

    func removePendingNotificationRequests(withIdentifiers identifiers: [String]) {
        state.withLock { state in state.pending.removeAll { identifiers.contains($0.identifier) } }
    }

    func removeAllPendingNotificationRequests() {
        state.withLock { $0.pending.removeAll() }
    }

    func deliveredNotifications() async -> [UNNotification] {
        state.withLock { $0.delivered }
    }

    func removeDeliveredNotifications(withIdentifiers identifiers: [String]) {
        state.withLock { state in state.delivered.removeAll { identifiers.contains($0.request.identifier) } }
    }

    func removeAllDeliveredNotifications() {
        state.withLock { $0.delivered.removeAll() }
    }
}

/// The example in `docs/conformers.md` is this file's, verbatim.
struct ConformersGuideExampleTests {
    @Test func theGuideShowsThisFilesExampleVerbatim() throws {
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let lines = source.components(separatedBy: "\n")
        let begin = try #require(lines.firstIndex(of: "// CONFORMERS-EXAMPLE-BEGIN"))
        let end = try #require(lines.firstIndex(of: "// CONFORMERS-EXAMPLE-END"))
        let block = "```swift\n" + lines[(begin + 1)..<end].joined(separator: "\n") + "\n```"
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let guide = try String(contentsOf: root.appendingPathComponent("docs/conformers.md"), encoding: .utf8)
        #expect(guide.contains(block), "docs/conformers.md must contain the example of this file verbatim")
    }
}
