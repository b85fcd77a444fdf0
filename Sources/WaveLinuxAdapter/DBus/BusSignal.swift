/// A signal received on a ``BusConnection`` (or one it emits): its sender, object, interface, name and values.
package struct BusSignal: Hashable, Sendable {
    /// The unique bus name of the connection that sent it (`:1.42`); `nil` on one this connection emits.
    package var sender: String?
    /// The object it is about, for example `/org/freedesktop/Notifications`.
    package var path: String
    /// The interface, for example `org.freedesktop.Notifications`.
    package var interface: String
    /// The signal's name, for example `ActionInvoked`.
    package var member: String
    /// Its values, in order.
    package var arguments: [BusValue]

    /// Creates a signal.
    ///
    /// - Parameters:
    ///   - sender: The sender's unique name, or `nil`.
    ///   - path: The object path.
    ///   - interface: The interface.
    ///   - member: The signal's name.
    ///   - arguments: Its values.
    package init(sender: String? = nil, path: String, interface: String, member: String, arguments: [BusValue]) {
        self.sender = sender
        self.path = path
        self.interface = interface
        self.member = member
        self.arguments = arguments
    }
}
