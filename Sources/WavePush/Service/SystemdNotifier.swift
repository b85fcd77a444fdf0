internal import Foundation

#if canImport(Glibc)
    internal import Glibc
#endif

/// The service manager's notification protocol (`sd_notify(3)`), for `wavepush` run by systemd with
/// `Type=notify`: `READY=1` once the store and credentials are loaded, `WATCHDOG=1` while the service is healthy,
/// `STOPPING=1` when it begins to stop, and `STATUS=` lines for `systemctl status`.
///
/// The protocol is one datagram per message on the `AF_UNIX` socket named by `NOTIFY_SOCKET` (a path, or an
/// abstract name after `@`). It is written here, a few lines of sockets, rather than linking libsystemd for its
/// `sd_notify`: the one call we need. Without `NOTIFY_SOCKET` (not under systemd) every call does nothing. A message
/// that cannot be sent is dropped, never waited for: datagrams go out with `MSG_DONTWAIT`, so a service manager that
/// does not read cannot block the service.
struct SystemdNotifier: Sendable {
    /// The socket's address, or `nil` when not run by a service manager.
    let socketName: String?
    /// Half of `WATCHDOG_USEC`, the interval at which `WATCHDOG=1` is due, when the watchdog is on for this process.
    let watchdogInterval: Duration?
    /// `WATCHDOG_USEC` itself: how long systemd waits for a ping before it kills the service.
    let watchdogTimeout: Duration?

    /// Reads `NOTIFY_SOCKET`, `WATCHDOG_USEC` and `WATCHDOG_PID` (the watchdog applies only when it names this
    /// process, or is absent).
    ///
    /// - Parameters:
    ///   - environment: The process's environment.
    ///   - processID: This process's id.
    init(environment: [String: String], processID: Int32) {
        let name = environment["NOTIFY_SOCKET"].flatMap { $0.isEmpty ? nil : $0 }
        socketName = name
        let forThisProcess = environment["WATCHDOG_PID"].map { Int32($0) == processID } ?? true
        if name != nil, forThisProcess, let text = environment["WATCHDOG_USEC"], let micros = Int64(text),
            micros > 0
        {
            watchdogTimeout = .microseconds(micros)
            watchdogInterval = .microseconds(micros / 2)
        } else {
            watchdogTimeout = nil
            watchdogInterval = nil
        }
    }

    /// Sends one message (`READY=1`, `STATUS=…`, several separated by newlines).
    ///
    /// - Parameter message: The message.
    /// - Returns: Whether it was handed to the socket (`false` without `NOTIFY_SOCKET` too).
    @discardableResult
    func notify(_ message: String) -> Bool {
        guard let socketName else { return false }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var path = Array(socketName.utf8)
        let abstract = path.first == UInt8(ascii: "@")
        if abstract { path[0] = 0 }
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard path.count < capacity else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: path)
        }
        // An abstract name's length is exact; a path's includes its terminating zero.
        let length = MemoryLayout<sa_family_t>.size + path.count + (abstract ? 0 : 1)
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let bytes = Array(message.utf8)
        let sent = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bytes.withUnsafeBytes { buffer in
                    sendto(
                        descriptor, buffer.baseAddress, buffer.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL),
                        socketAddress, socklen_t(length))
                }
            }
        }
        return sent == bytes.count
    }
}
