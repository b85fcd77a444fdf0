public import Foundation
public import WaveNotifications

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
/// it, one without a trigger is delivered at once, a trigger's interval must be positive (iOS raises an exception
/// otherwise; here a precondition), and it keeps the 64 soonest-firing pending requests. Time passes for it only
/// when a test gives it a clock (stand-in only: the conformance check cannot move an iPhone's clock) and calls
/// ``deliverDue()``; without one it orders by the trigger's interval.
public final class UNUserNotificationCenter: Sendable {
    private struct State {
        /// Pending requests, soonest first, each with the instant it fires (its interval from its hand-over).
        var pending: [(request: UNNotificationRequest, fireAt: Date)] = []
        var delivered: [UNNotification] = []
    }

    private static let shared = UNUserNotificationCenter()
    private let state = WaveLock(State())
    /// The clock its time is read from; without one, no time passes.
    private let clock: (any WaveClock)?

    /// The app's center, as on iOS.
    public static func current() -> UNUserNotificationCenter { shared }

    /// Stand-in only (iOS has `current()` alone): a center of its own for a test that runs beside others, on a clock
    /// the test moves (then ``deliverDue()`` delivers what came due), or on none.
    public init(clock: (any WaveClock)? = nil) {
        self.clock = clock
    }

    private var now: Date { clock?.now ?? Date(timeIntervalSinceReferenceDate: 0) }

    public func add(_ request: UNNotificationRequest) async throws {
        let now = now
        state.withLock { state in
            state.pending.removeAll { $0.request.identifier == request.identifier }
            guard let trigger = request.trigger else {
                state.delivered.removeAll { $0.request.identifier == request.identifier }
                state.delivered.append(UNNotification(request: request))
                return
            }
            precondition(trigger.timeInterval > 0, "time interval must be greater than 0")
            let fireAt = now.addingTimeInterval(trigger.timeInterval)
            let position = state.pending.firstIndex { $0.fireAt > fireAt }
            state.pending.insert((request, fireAt), at: position ?? state.pending.count)
            if state.pending.count > 64 { state.pending.removeLast() }
        }
    }

    /// Stand-in only: delivers, soonest first, every pending request whose instant the clock has reached, as iOS does
    /// at each one's instant.
    public func deliverDue() {
        let now = now
        state.withLock { state in
            while let first = state.pending.first, first.fireAt <= now {
                state.pending.removeFirst()
                state.delivered.removeAll { $0.request.identifier == first.request.identifier }
                state.delivered.append(UNNotification(request: first.request))
            }
        }
    }

    public func pendingNotificationRequests() async -> [UNNotificationRequest] {
        state.withLock { $0.pending.map(\.request) }
    }

    public func removePendingNotificationRequests(withIdentifiers identifiers: [String]) {
        state.withLock { state in state.pending.removeAll { identifiers.contains($0.request.identifier) } }
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
