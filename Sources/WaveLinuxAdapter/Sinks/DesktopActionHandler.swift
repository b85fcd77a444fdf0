/// Receives the actions the user picks on notifications a ``DesktopSink`` shows: the app decides what they mean.
///
/// Snoozing, logging a dose as done or opening the deep link are app decisions; a typical handler withdraws the
/// notification (``LinuxNotificationManager/withdrawShown(identifiers:reason:)`` with `responded` or `snoozed`) and
/// adds whatever follows. Implementation requirements: return reasonably soon; actions arrive one at a time, in
/// the order the server sent them, and a slow handler delays the next one.
public protocol DesktopActionHandler: Sendable {
    /// Handles one action.
    ///
    /// - Parameter action: The action id and the request it was picked on.
    func handle(_ action: DesktopAction) async
}
