import Foundation
import WaveNotifications

/// A platform written outside the module, as an app's iOS or Android bridge would be: it holds pending requests,
/// shows them when a test moves its clock, and records what is on screen.
///
/// The app services drive it through `NotificationRequestCenter` only; the test plays the system, calling
/// ``fire(until:)`` to get the requests that came due and handing each to the service, as the platform's
/// delegate would.
actor OutsideCenter: NotificationRequestCenter {
    /// Pending requests, in the order added.
    private(set) var pending: [NotificationRequest] = []
    /// What is on screen now, as shown, in the order shown.
    private(set) var shown: [NotificationRequest] = []
    /// Identifiers on screen now.
    var onScreen: [String] { shown.map(\.identifier) }
    /// Every call, as a short text, in order.
    private(set) var calls: [String] = []

    func add(_ requests: [NotificationRequest]) {
        calls.append("add \(requests.map(\.identifier).joined(separator: ","))")
        for request in requests {
            pending.removeAll { $0.identifier == request.identifier }
            pending.append(request)
        }
    }

    func removePending(identifiers: [String], reason: NotificationReason) {
        calls.append("remove \(identifiers.joined(separator: ",")) \(reason)")
        pending.removeAll { identifiers.contains($0.identifier) }
    }

    func removePending(threadID: String, reason: NotificationReason) {
        calls.append("remove thread \(threadID) \(reason)")
        pending.removeAll { $0.threadID == threadID }
    }

    func pendingRequests() -> [NotificationRequest] {
        pending.enumerated().sorted { ($0.element.fireAt, $0.offset) < ($1.element.fireAt, $1.offset) }.map(\.element)
    }

    func show(_ request: NotificationRequest) {
        calls.append("show \(request.identifier)")
        shown.removeAll { $0.identifier == request.identifier }
        shown.append(request)
    }

    func withdrawShown(identifiers: [String], reason: NotificationReason) {
        calls.append("withdraw \(identifiers.joined(separator: ",")) \(reason)")
        shown.removeAll { identifiers.contains($0.identifier) }
    }

    /// Shows and returns, soonest first, every pending request due at or before `instant`.
    ///
    /// - Parameter instant: The new current instant.
    /// - Returns: The requests shown.
    func fire(until instant: Date) -> [NotificationRequest] {
        let due = pendingRequests().filter { $0.fireAt <= instant }
        for request in due {
            pending.removeAll { $0.identifier == request.identifier }
            shown.removeAll { $0.identifier == request.identifier }
            shown.append(request)
        }
        return due
    }

    /// The identifiers pending, soonest first.
    var pendingIdentifiers: [String] { pendingRequests().map(\.identifier) }
}
