public import WaveNotifications

/// How a phone presents what the app shows at one moment of its own (a push it receives): how late it reached the
/// phone, and, on iOS under Focus or the Scheduled Summary, when the user is told of a notification of each
/// interruption level (`docs/scenario-format.md`, Device conditions: pushes are notifications like any other).
public struct DevicePresentation: Hashable, Sendable {
    /// How late it reached the phone, and why; `nil` at its instant.
    public var delay: DeliveryDelay?
    /// When the user is told of a notification shown now, by the level it is shown at; a level absent is told at
    /// once.
    public var quietByLevel: [NotificationChannel.InterruptionLevel: QuietDelivery]

    /// Creates a presentation.
    ///
    /// - Parameters:
    ///   - delay: How late it reached the phone (`nil`: at its instant).
    ///   - quietByLevel: When the user is told, by level (empty: at once).
    public init(
        delay: DeliveryDelay? = nil, quietByLevel: [NotificationChannel.InterruptionLevel: QuietDelivery] = [:]
    ) {
        self.delay = delay
        self.quietByLevel = quietByLevel
    }

    /// When the user is told of a notification shown at `level`, or `nil` when at once.
    ///
    /// - Parameter level: The level it is shown at (`passive` for everything while the permission is provisional).
    /// - Returns: The quiet delivery, or `nil`.
    public func quiet(at level: NotificationChannel.InterruptionLevel) -> QuietDelivery? {
        quietByLevel[level]
    }
}
