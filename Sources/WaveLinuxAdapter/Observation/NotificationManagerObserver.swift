/// Receives what a ``LinuxNotificationManager`` does and what went wrong, instead of it printing anything.
///
/// Implementation requirements: return quickly and never call back into the manager synchronously; the
/// manager reports each change while it holds its state's lock, in the order things happen.
public protocol NotificationManagerObserver: Sendable {
    /// Called for each thing the manager did or met.
    ///
    /// - Parameter event: What happened.
    func manager(didReport event: ManagerEvent)
}

/// An observer that ignores every report.
public struct IgnoringManagerObserver: NotificationManagerObserver {
    /// Creates the observer.
    public init() {}

    public func manager(didReport event: ManagerEvent) {}
}
