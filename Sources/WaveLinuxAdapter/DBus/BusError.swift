/// Why a ``BusConnection`` could not connect, send, or understand what came back.
package enum BusError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Neither `DBUS_SESSION_BUS_ADDRESS` nor `XDG_RUNTIME_DIR` says where the session bus is.
    case noSessionBusAddress
    /// Connecting or registering (`Hello`) failed; `name` and `message` are libdbus's error.
    case connectionFailed(address: String, name: String, message: String)
    /// The peer (or the bus on its behalf) answered with an error, for example
    /// `org.freedesktop.DBus.Error.ServiceUnknown` when nobody owns the destination name.
    case errorReply(name: String, message: String)
    /// No answer came within the call's timeout.
    case timedOut(member: String, milliseconds: Int)
    /// The connection is closed, or the bus went away before the answer came.
    case disconnected
    /// A name, path or value that D-Bus would refuse (libdbus would abort the process on it, so it is never sent).
    case invalidMessage(String)
    /// A received value of a type that ``BusValue`` does not represent (its D-Bus type code).
    case unsupportedType(Character)

    /// The bus's error name for a destination that nobody owns and no service file can start.
    package static let serviceUnknown = "org.freedesktop.DBus.Error.ServiceUnknown"
    /// The error names that mean the peer is not there (gone, never there, or not answering).
    package static let peerMissingNames: Set<String> = [
        serviceUnknown, "org.freedesktop.DBus.Error.NameHasNoOwner", "org.freedesktop.DBus.Error.NoReply",
        "org.freedesktop.DBus.Error.Disconnected", "org.freedesktop.DBus.Error.Timeout",
        "org.freedesktop.DBus.Error.TimedOut", "org.freedesktop.DBus.Error.Spawn.ChildExited",
        "org.freedesktop.DBus.Error.Spawn.ExecFailed", "org.freedesktop.DBus.Error.Spawn.ServiceNotFound",
    ]

    /// Whether the error means there is no bus or nobody there to answer, rather than a refused call.
    package var meansPeerMissing: Bool {
        switch self {
        case .noSessionBusAddress, .connectionFailed, .timedOut, .disconnected: true
        case .errorReply(let name, _): Self.peerMissingNames.contains(name)
        case .invalidMessage, .unsupportedType: false
        }
    }

    package var description: String {
        switch self {
        case .noSessionBusAddress:
            "neither DBUS_SESSION_BUS_ADDRESS nor XDG_RUNTIME_DIR is set, so there is no session bus to connect to"
        case .connectionFailed(let address, let name, let message):
            "cannot connect to the bus at \(address): \(name): \(message)"
        case .errorReply(let name, let message):
            "\(name): \(message)"
        case .timedOut(let member, let milliseconds):
            "no reply to \(member) within \(milliseconds) ms"
        case .disconnected:
            "the bus connection is closed"
        case .invalidMessage(let detail):
            "not a valid D-Bus message: \(detail)"
        case .unsupportedType(let code):
            "a reply holds a value of D-Bus type '\(code)', which is not read"
        }
    }
}
