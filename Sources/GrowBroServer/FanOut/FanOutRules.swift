internal import WaveNotifications

/// Which of the recipient's installations a fan-out skips, and why, apart from the store that records the sends.
///
/// Pure: the store reads the recipient's installations and switch, asks this rule for each, and records a send for
/// every installation it does not skip.
enum FanOutRules {
    /// Why an installation gets no send, or `nil` when it gets one.
    ///
    /// The recipient's switch comes first: a channel switched off skips every installation (`category_disabled`),
    /// whatever each device's permission. Then a device that reports no permission to show notifications
    /// (`denied`, `notDetermined`) is skipped (`permission_denied`).
    ///
    /// - Parameters:
    ///   - installation: One of the recipient's live installations.
    ///   - channelEnabled: Whether the recipient has the event's channel on (on unless switched off).
    /// - Returns: The skip reason, as the `fanout` line prints it, or `nil`.
    static func skipReason(for installation: Installation, channelEnabled: Bool) -> String? {
        guard channelEnabled else { return "category_disabled" }
        guard installation.permission.allowsDelivery else { return "permission_denied" }
        return nil
    }
}
