internal import WaveNotifications

/// Which of the recipient's installations a fan-out skips, and why, apart from the store that records the sends.
///
/// Pure: the store reads the recipient's installations and switch, asks this rule for each, and records a send for
/// every installation it does not skip.
package enum FanOutRules {
    /// Why an installation gets no send, or `nil` when it gets one.
    ///
    /// A background push (``CommunityEvent/Kind/refresh(postID:)``) skips nothing: it shows nothing, so neither the
    /// switches nor the permission to show notifications apply (iOS delivers silent pushes and Android data
    /// messages without it). Otherwise the recipient's switch comes first: a channel switched off skips every installation (`category_disabled`),
    /// whatever each device's permission. Then a device that reports no permission to show notifications
    /// (`denied`, `notDetermined`) is skipped (`permission_denied`).
    ///
    /// - Parameters:
    ///   - installation: One of the recipient's live installations.
    ///   - channelEnabled: Whether the recipient has the event's channel on (on unless switched off).
    ///   - background: Whether the push shows nothing.
    /// - Returns: The skip reason, as the `fanout` line prints it, or `nil`.
    static func skipReason(for installation: Installation, channelEnabled: Bool, background: Bool) -> String? {
        guard !background else { return nil }
        guard channelEnabled else { return "category_disabled" }
        guard installation.permission.allowsDelivery else { return "permission_denied" }
        return nil
    }

    /// The badge a message's push carries: the recipient's unread inbox entries once its own is added (the entries
    /// unread before it, in the archive window, and itself). A background push has no entry and no badge.
    ///
    /// - Parameter unreadBefore: The recipient's unread entries before this message's, in its archive window.
    /// - Returns: The badge.
    package static func badge(unreadBefore: Int) -> Int {
        unreadBefore + 1
    }
}
