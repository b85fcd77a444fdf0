public import Foundation
import WaveNotifications

// Stand-ins with the shape of UserNotifications' types, so the iOS examples of docs/conformers.md compile and run on
// Linux: an example file imports UserNotifications on iOS and this module elsewhere, outside its example markers.

/// `UNMutableNotificationContent`'s fields the examples set. A class, as on iOS; only the wrapper's actor touches one
/// before it is handed over, and the stand-in center copies what it keeps.
public final class UNMutableNotificationContent: @unchecked Sendable {
    // Every stored property is behind `lock`.
    private let lock = WaveLock<
        (thread: String, category: String, userInfo: [String: String], title: String, body: String)
    >(
        ("", "", [:], "", ""))

    public init() {}

    public var title: String {
        get { lock.withLock { $0.title } }
        set { lock.withLock { $0.title = newValue } }
    }
    public var body: String {
        get { lock.withLock { $0.body } }
        set { lock.withLock { $0.body = newValue } }
    }

    public var threadIdentifier: String {
        get { lock.withLock { $0.thread } }
        set { lock.withLock { $0.thread = newValue } }
    }
    public var categoryIdentifier: String {
        get { lock.withLock { $0.category } }
        set { lock.withLock { $0.category = newValue } }
    }
    /// iOS's is `[AnyHashable: Any]`; the examples read it with `as? String`.
    public var userInfo: [AnyHashable: Any] {
        get { lock.withLock { $0.userInfo } }
        set { lock.withLock { $0.userInfo = newValue.reduce(into: [:]) { $0["\($1.key)"] = $1.value as? String } } }
    }
}

/// `UNTimeIntervalNotificationTrigger`: fires `timeInterval` seconds after it is added.
public struct UNTimeIntervalNotificationTrigger: Sendable {
    public let timeInterval: TimeInterval
    public let repeats: Bool

    public init(timeInterval: TimeInterval, repeats: Bool) {
        self.timeInterval = timeInterval
        self.repeats = repeats
    }
}

/// `UNNotificationRequest`.
public struct UNNotificationRequest: Sendable {
    public let identifier: String
    public let content: UNMutableNotificationContent
    public let trigger: UNTimeIntervalNotificationTrigger?

    public init(
        identifier: String, content: UNMutableNotificationContent, trigger: UNTimeIntervalNotificationTrigger?
    ) {
        self.identifier = identifier
        self.content = content
        self.trigger = trigger
    }
}

/// `UNNotification`: a delivered request.
public struct UNNotification: Sendable {
    public let request: UNNotificationRequest
}

/// `UNUserNotificationCenter` as far as the examples go: a request with the identifier of a pending one replaces
/// it, one without a trigger is delivered at once, and it keeps the 64 soonest-firing pending requests. No time
/// passes for it (the conformance check cannot move an iPhone's clock), so it orders by the trigger's interval.
public final class UNUserNotificationCenter: Sendable {
    private struct State {
        var pending: [UNNotificationRequest] = []
        var delivered: [UNNotification] = []
    }

    private static let shared = UNUserNotificationCenter()
    private let state = WaveLock(State())

    /// The app's center, as on iOS.
    public static func current() -> UNUserNotificationCenter { shared }

    /// Stand-in only (iOS has `current()` alone): a center of its own for a test that runs beside others.
    public init() {}

    public func add(_ request: UNNotificationRequest) async throws {
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

    public func pendingNotificationRequests() async -> [UNNotificationRequest] {
        state.withLock { $0.pending }
    }

    public func removePendingNotificationRequests(withIdentifiers identifiers: [String]) {
        state.withLock { state in state.pending.removeAll { identifiers.contains($0.identifier) } }
    }

    public func removeAllPendingNotificationRequests() {
        state.withLock { $0.pending.removeAll() }
    }

    public func deliveredNotifications() async -> [UNNotification] {
        state.withLock { $0.delivered }
    }

    public func removeDeliveredNotifications(withIdentifiers identifiers: [String]) {
        state.withLock { state in state.delivered.removeAll { identifiers.contains($0.request.identifier) } }
    }

    public func removeAllDeliveredNotifications() {
        state.withLock { $0.delivered.removeAll() }
    }
}

extension NSString {
    /// iOS resolves the key in the user's language when it shows the notification; the stand-in keeps the key.
    public class func localizedUserNotificationString(forKey key: String, arguments: [Any]?) -> String {
        key
    }
}
