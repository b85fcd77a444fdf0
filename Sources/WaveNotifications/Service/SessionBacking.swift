/// What a ``SessionBackedService`` is built on: its ``NotificationSession`` and the gate its calls take turns at.
///
/// A service keeps one, made in its initializer, and an app never calls it: its parts are the package's. It is not
/// `Sendable`: its gate belongs to the service's actor and is used only from it.
public final class SessionBacking {
    /// The history of what was shown, and the platform calls.
    package let session: NotificationSession
    /// Lets the service's calls run one at a time, in the order they arrived, though each waits on the session, the
    /// platform or the app's stores.
    package let gate = CallGate()

    /// Creates the backing of a service.
    ///
    /// - Parameter session: The service's session.
    package init(session: NotificationSession) {
        self.session = session
    }
}
