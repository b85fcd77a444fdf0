/// A method call to send over a ``BusConnection``: who, which object, which method, with what.
package struct BusMethodCall: Hashable, Sendable {
    /// The bus name of the peer, for example `org.freedesktop.Notifications`.
    package var destination: String
    /// The object, for example `/org/freedesktop/Notifications`.
    package var path: String
    /// The interface, for example `org.freedesktop.Notifications`.
    package var interface: String
    /// The method, for example `Notify`.
    package var member: String
    /// The arguments, in order.
    package var arguments: [BusValue]

    /// Creates a method call.
    ///
    /// - Parameters:
    ///   - destination: The peer's bus name.
    ///   - path: The object path.
    ///   - interface: The interface.
    ///   - member: The method.
    ///   - arguments: The arguments; none by default.
    package init(destination: String, path: String, interface: String, member: String, arguments: [BusValue] = []) {
        self.destination = destination
        self.path = path
        self.interface = interface
        self.member = member
        self.arguments = arguments
    }
}
