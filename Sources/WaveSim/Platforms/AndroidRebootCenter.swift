internal import Foundation
internal import WaveNotifications

/// Android's alarms as WorldWideWaves' replay plays them: the Linux adapter (500 armed, the rest armed as others
/// fire) plus a reboot, which removes every pending request (`docs/scenario-format.md`, Platforms).
///
/// A request a reboot removed stays wanted until the app hands it over again or removes it; if its instant comes
/// first, ``lost(dueBy:)`` reports it, once. Every other call goes to the adapter unchanged.
actor AndroidRebootCenter: NotificationRequestCenter {
    /// The adapter holding the requests.
    let base: any NotificationRequestCenter
    /// Removed by a reboot and neither handed over again nor removed by the app since, by identifier.
    private var removedByReboot: [String: NotificationRequest] = [:]

    /// Wraps the adapter.
    ///
    /// - Parameter base: The adapter.
    init(base: any NotificationRequestCenter) {
        self.base = base
    }

    /// The device restarts: every pending request is removed (reason `reboot`) and remembered as wanted.
    ///
    /// - Throws: What the adapter throws.
    func reboot() async throws {
        let pending = try await base.pendingRequests()
        try await base.removePending(identifiers: pending.map(\.identifier), reason: .reboot)
        for request in pending { removedByReboot[request.identifier] = request }
    }

    /// The requests a reboot removed that the app still wants: it neither handed them over again nor removed them.
    var stillWanted: [NotificationRequest] { Array(removedByReboot.values) }

    /// The instant of the first request a reboot removed that the app still wants.
    var nextLossDate: Date? { removedByReboot.values.map(\.fireAt).min() }

    /// The requests a reboot removed whose instant has come by `instant`, soonest first; each is reported once.
    ///
    /// - Parameter instant: The current instant.
    /// - Returns: The lost requests.
    func lost(dueBy instant: Date) -> [NotificationRequest] {
        let due = removedByReboot.values.filter { $0.fireAt <= instant }
            .sorted { ($0.fireAt, $0.identifier) < ($1.fireAt, $1.identifier) }
        for request in due { removedByReboot.removeValue(forKey: request.identifier) }
        return due
    }

    func add(_ requests: [NotificationRequest]) async throws {
        try await base.add(requests)
        for request in requests { removedByReboot.removeValue(forKey: request.identifier) }
    }

    func removePending(identifiers: [String], reason: NotificationReason) async throws {
        try await base.removePending(identifiers: identifiers, reason: reason)
        for identifier in identifiers { removedByReboot.removeValue(forKey: identifier) }
    }

    func removePending(threadID: String, reason: NotificationReason) async throws {
        try await base.removePending(threadID: threadID, reason: reason)
        removedByReboot = removedByReboot.filter { $0.value.threadID != threadID }
    }

    func pendingRequests() async throws -> [NotificationRequest] {
        try await base.pendingRequests()
    }

    func show(_ request: NotificationRequest) async throws {
        try await base.show(request)
    }

    func withdrawShown(identifiers: [String], reason: NotificationReason) async throws {
        try await base.withdrawShown(identifiers: identifiers, reason: reason)
    }
}
