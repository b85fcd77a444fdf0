public import WaveNotifications

/// A request center that holds the first `add` it gets until the test lets it go (``hold``); every call, the held
/// one once let go, goes to a ``RecordingRequestCenter``.
///
/// It lets a test make a second call to an app service arrive while the first waits on the platform, without
/// waiting for time: await ``FirstCallHold/firstHeld()`` on ``hold``, make the other call, then
/// ``FirstCallHold/release()``.
public final class HoldingRequestCenter: NotificationRequestCenter {
    /// Where every call goes.
    public let recorder = RecordingRequestCenter()
    /// Holds the first `add`.
    public let hold = FirstCallHold()

    /// Creates a center that holds its first `add`.
    public init() {}

    public func add(_ requests: [NotificationRequest]) async throws {
        await hold.passThrough()
        try await recorder.add(requests)
    }

    public func removePending(identifiers: [String], reason: NotificationReason) async throws {
        try await recorder.removePending(identifiers: identifiers, reason: reason)
    }

    public func removePending(threadID: String, reason: NotificationReason) async throws {
        try await recorder.removePending(threadID: threadID, reason: reason)
    }

    public func pendingRequests() async throws -> [NotificationRequest] {
        try await recorder.pendingRequests()
    }

    public func show(_ request: NotificationRequest) async throws {
        try await recorder.show(request)
    }

    public func withdrawShown(identifiers: [String], reason: NotificationReason) async throws {
        try await recorder.withdrawShown(identifiers: identifiers, reason: reason)
    }
}
