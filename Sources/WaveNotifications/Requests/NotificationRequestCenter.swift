/// The request-level platform seam: what one platform conformer does for every app built on the core.
///
/// Implement this once per platform (iOS's `UNUserNotificationCenter`, an Android bridge, `WaveLinuxAdapter`'s
/// manager). ``NotificationManagerBridge`` serves the WorldWideWaves ``NotificationManager`` over the same conformer.
///
/// Implementation requirements:
/// - ``add(_:)`` adds each request, or replaces the pending request with the same identifier (never a second
///   one). A request whose ``NotificationRequest/fireAt`` is not in the future is shown at once.
/// - Pending requests are never lost: a platform with a limit on pending requests (iOS: 64) keeps the soonest
///   armed and arms the rest as others fire or are removed.
/// - ``pendingRequests()`` lists every pending request exactly as it was added, soonest first.
/// - Removing or withdrawing an identifier that is not pending (or not shown) is not an error.
/// - ``show(_:)`` shows a request now without touching pending ones; ``withdrawShown(identifiers:reason:)``
///   removes shown notifications from the screen or notification center.
/// - Titles and bodies are ``LocalizedText``: resolve them in the user's language when showing, not before.
/// - Throw when a call could not be carried out (storage failure, platform refusal); never fail silently.
/// - Be safe to call from many tasks at once; calls take effect in the order they are made.
public protocol NotificationRequestCenter: Sendable {
    /// Adds the requests, each replacing a pending request with the same identifier.
    ///
    /// - Parameter requests: The requests, in any order.
    /// - Throws: When the requests could not be stored or scheduled.
    func add(_ requests: [NotificationRequest]) async throws

    /// Removes pending requests by identifier.
    ///
    /// - Parameters:
    ///   - identifiers: The identifiers to remove; unknown ones are ignored.
    ///   - reason: Why they are removed, for observers and logs.
    /// - Throws: When the removal could not be carried out.
    func removePending(identifiers: [String], reason: NotificationReason) async throws

    /// Removes every pending request of a thread.
    ///
    /// - Parameters:
    ///   - threadID: The thread (group) id.
    ///   - reason: Why they are removed, for observers and logs.
    /// - Throws: When the removal could not be carried out.
    func removePending(threadID: String, reason: NotificationReason) async throws

    /// Lists every pending request, soonest first (ties in the order they were added).
    ///
    /// - Returns: The pending requests, as added.
    /// - Throws: When the pending requests could not be read.
    func pendingRequests() async throws -> [NotificationRequest]

    /// Shows a request now, leaving pending requests as they are.
    ///
    /// - Parameter request: The request; its ``NotificationRequest/fireAt`` is ignored.
    /// - Throws: When it could not be shown.
    func show(_ request: NotificationRequest) async throws

    /// Withdraws shown notifications from the screen and the notification center.
    ///
    /// - Parameters:
    ///   - identifiers: The identifiers of shown notifications; ones not shown are ignored.
    ///   - reason: Why they are withdrawn (`expired`, `responded`, `snoozed`, `collapsed`, …).
    /// - Throws: When the withdrawal could not be carried out.
    func withdrawShown(identifiers: [String], reason: NotificationReason) async throws
}
