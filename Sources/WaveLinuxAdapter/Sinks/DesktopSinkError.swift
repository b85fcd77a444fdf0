/// Why the desktop sink could not show or close a notification.
public enum DesktopSinkError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No session bus could be reached, or no freedesktop notification server answered on it; `detail` says which.
    case notificationServerUnavailable(busAddress: String?, detail: String)
    /// A call reached the server, which refused it with the D-Bus error `errorName` (empty when the call could not
    /// be sent at all).
    case callFailed(method: String, errorName: String, detail: String)
    /// The server's reply could not be understood.
    case unexpectedReply(method: String, reply: String)

    public var description: String {
        switch self {
        case .notificationServerUnavailable(let busAddress, let detail):
            let bus = busAddress.map { "DBUS_SESSION_BUS_ADDRESS=\($0)" } ?? "no DBUS_SESSION_BUS_ADDRESS set"
            return "no desktop notification server is reachable on the session bus (\(bus)): \(detail). "
                + "Run one (a desktop environment, dunst or mako) or use ConsoleSink or JSONLinesSink instead"
        case .callFailed(let method, let errorName, let detail):
            return errorName.isEmpty ? "\(method) failed: \(detail)" : "\(method) failed (\(errorName)): \(detail)"
        case .unexpectedReply(let method, let reply):
            return "\(method) returned an unexpected reply: \(reply)"
        }
    }
}
