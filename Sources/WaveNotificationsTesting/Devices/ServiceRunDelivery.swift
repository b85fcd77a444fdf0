public import Foundation
public import WaveNotifications

/// One notification a run of a service showed the user (``ServiceRunRecord/deliveries``): when the device showed it,
/// how late and why, and when the user was told.
public struct ServiceRunDelivery: Sendable {
    /// The request shown.
    public var request: NotificationRequest
    /// When the device showed it.
    public var shownAt: Date
    /// How late after the app's instant, and why (`doze`, `standby_bucket` …); `nil` when shown at its instant.
    public var delay: DeliveryDelay?
    /// iOS: when Focus or the Scheduled Summary kept it quiet, until when and why; `nil` when the user was told at once.
    public var quiet: QuietDelivery?

    /// Creates a delivery.
    ///
    /// - Parameters:
    ///   - request: The request shown.
    ///   - shownAt: When the device showed it.
    ///   - delay: How late, and why.
    ///   - quiet: When the user was told, when later.
    public init(request: NotificationRequest, shownAt: Date, delay: DeliveryDelay?, quiet: QuietDelivery?) {
        self.request = request
        self.shownAt = shownAt
        self.delay = delay
        self.quiet = quiet
    }

    /// When the user was told: the end of the Focus or the summary's time when quiet, else when shown.
    public var toldAt: Date { quiet?.toldAt ?? shownAt }
}
