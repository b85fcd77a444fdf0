public import Foundation

/// Snooze: withdraw a shown notification and bring the same content back a fixed time later.
///
/// The snoozed request is the shown one with its identifier replaced by ``snoozedIdentifier`` and its fire instant
/// set to the snooze instant plus ``delay``. The identifier rule must be idempotent (a snoozed identifier maps to
/// itself), so snoozing the snoozed notification again replaces the pending one instead of adding a second.
public struct Snooze: Sendable {
    /// How long after the snooze the content comes back.
    public var delay: Duration
    /// The snoozed request's identifier, from the snoozed notification's; must map its own results to themselves.
    public var snoozedIdentifier: @Sendable (String) -> String

    /// Creates a snooze.
    ///
    /// - Parameters:
    ///   - delay: How long until the content comes back; 15 minutes by default.
    ///   - snoozedIdentifier: Derives the snoozed identifier (for example, one component of the identifier becomes `snooze`);
    ///     applying it to its own result must give the same identifier.
    public init(delay: Duration = .seconds(15 * 60), snoozedIdentifier: @escaping @Sendable (String) -> String) {
        self.delay = delay
        self.snoozedIdentifier = snoozedIdentifier
    }

    /// The request that brings a shown notification back.
    ///
    /// - Parameters:
    ///   - shown: The shown notification's request.
    ///   - instant: When the user snoozed.
    /// - Returns: The same content under the snoozed identifier, firing at `instant` + ``delay``.
    public func request(snoozing shown: NotificationRequest, at instant: Date) -> NotificationRequest {
        var snoozed = shown
        snoozed.identifier = snoozedIdentifier(shown.identifier)
        snoozed.fireAt = instant.addingTimeInterval(delay.timeInterval)
        return snoozed
    }

    /// Carries out a snooze: withdraws the shown notification (`snoozed`), then adds the snoozed request.
    ///
    /// - Parameters:
    ///   - shown: The shown notification's request.
    ///   - instant: When the user snoozed.
    ///   - center: The platform conformer.
    /// - Returns: The snoozed request that was added.
    /// - Throws: What the center throws; nothing is added when the withdrawal throws.
    @discardableResult
    public func snooze(
        _ shown: NotificationRequest, at instant: Date, in center: any NotificationRequestCenter
    ) async throws -> NotificationRequest {
        let snoozed = request(snoozing: shown, at: instant)
        try await center.withdrawShown(identifiers: [shown.identifier], reason: .snoozed)
        try await center.add([snoozed])
        return snoozed
    }
}
