/// The answer to a ``BusMethodCall``: who answered, and the values returned.
package struct BusReply: Hashable, Sendable {
    /// The unique bus name of the connection that answered (`:1.7`): the notification server's own connection
    /// when the call went to `org.freedesktop.Notifications`.
    package var sender: String?
    /// The values returned, in order (none for a method without a return value).
    package var arguments: [BusValue]

    /// Creates a reply.
    ///
    /// - Parameters:
    ///   - sender: Who answered.
    ///   - arguments: The values.
    package init(sender: String?, arguments: [BusValue]) {
        self.sender = sender
        self.arguments = arguments
    }
}
