/// Why the desktop sink could not show or close a notification.
public enum DesktopSinkError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The `gdbus` tool (Debian package `libglib2.0-bin`) is not on the `PATH` given to the sink.
    case gdbusNotFound(searchPath: String)
    /// No freedesktop notification server answered on the session bus; `detail` is what `gdbus` said.
    case notificationServerUnavailable(busAddress: String?, detail: String)
    /// A call reached the server but failed.
    case callFailed(method: String, status: Int32, detail: String)
    /// The server's reply could not be understood.
    case unexpectedReply(method: String, reply: String)
    /// Actions need `dbus-monitor` (Debian package `dbus-bin`) on the `PATH` given to the sink, and it is not there.
    case monitorNotFound(searchPath: String)
    /// `dbus-monitor` could not watch the bus for the server's signals.
    case monitorFailed(detail: String)

    public var description: String {
        switch self {
        case .gdbusNotFound(let searchPath):
            return "gdbus was not found in PATH (\(searchPath)); install libglib2.0-bin to show desktop notifications"
        case .notificationServerUnavailable(let busAddress, let detail):
            let bus = busAddress.map { "DBUS_SESSION_BUS_ADDRESS=\($0)" } ?? "no DBUS_SESSION_BUS_ADDRESS set"
            return "no desktop notification server is reachable on the session bus (\(bus)): \(detail). "
                + "Run one (a desktop environment, dunst or mako) or use ConsoleSink or JSONLinesSink instead"
        case .callFailed(let method, let status, let detail):
            return "\(method) failed (gdbus exit \(status)): \(detail)"
        case .unexpectedReply(let method, let reply):
            return "\(method) returned an unexpected reply: \(reply)"
        case .monitorNotFound(let searchPath):
            return
                "dbus-monitor was not found in PATH (\(searchPath)); install dbus-bin to receive notification actions"
        case .monitorFailed(let detail):
            return "cannot watch the session bus for notification actions: \(detail)"
        }
    }
}
