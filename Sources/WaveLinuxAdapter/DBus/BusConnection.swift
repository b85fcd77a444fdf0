internal import Foundation
internal import WaveNotifications

/// One private connection to a D-Bus bus (the session bus, for the desktop sink), with method calls that wait for
/// their reply, signals received through match rules, and a reading loop on a thread of its own.
///
/// libdbus's own threading (a shared connection used from several threads, each blocking for its reply) is easy to
/// get wrong; here the libdbus connection never leaves its loop thread (``BusLoop``): callers on any thread hand it
/// commands through a ``BusMailbox`` (a ``WaveNotifications/WaveLock`` and an `eventfd`) and are resumed with the
/// answer, so the only shared state is behind a lock ThreadSanitizer sees.
///
/// The connection is private (`dbus_connection_open_private`): closing it never touches another library's shared
/// session connection in the same process, and a bus going away never exits the process (libdbus's default for a
/// shared one). It is closed by ``close()`` or when the last reference goes.
package final class BusConnection: Sendable {
    /// The address it is connected to, for example `unix:path=/run/user/1000/bus`.
    package let address: String
    /// The connection's unique name on the bus, for example `:1.42`.
    package let uniqueName: String
    /// Every signal the bus routes to this connection (those sent to it by name, those its match rules take), in
    /// order; finishes when the connection closes. Signals wait here until read, so a user reads them all.
    package let signals: AsyncStream<BusSignal>
    private let mailbox: BusMailbox

    /// The session bus's address in an environment: `DBUS_SESSION_BUS_ADDRESS`, else the standard socket in
    /// `XDG_RUNTIME_DIR` (`$XDG_RUNTIME_DIR/bus`, where systemd's user session puts it).
    ///
    /// - Parameter environment: The environment, for example the process's.
    /// - Returns: The address.
    /// - Throws: ``BusError/noSessionBusAddress`` when neither variable is set.
    package static func sessionBusAddress(in environment: [String: String]) throws(BusError) -> String {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty {
            return address
        }
        if let directory = environment["XDG_RUNTIME_DIR"], !directory.isEmpty {
            return "unix:path=\(directory)/bus"
        }
        throw .noSessionBusAddress
    }

    /// Connects to the bus at `address` and registers (`Hello`), on a thread started for the connection.
    ///
    /// - Parameter address: A D-Bus address, for example from ``sessionBusAddress(in:)``.
    /// - Throws: ``BusError/connectionFailed(address:name:message:)`` when the bus cannot be reached.
    package init(address: String) async throws(BusError) {
        let mailbox = try BusMailbox(address: address)
        let (signals, signalSink) = AsyncStream.makeStream(of: BusSignal.self)
        let opened = await ThreadHandoff<Result<String, BusError>>.wait { ready in
            let thread = Thread {
                BusLoop.run(address: address, mailbox: mailbox, signals: signalSink, ready: ready)
            }
            thread.name = "WaveLinuxAdapter D-Bus"
            thread.start()
        }
        self.address = address
        self.mailbox = mailbox
        self.signals = signals
        uniqueName = try opened.get()
    }

    deinit {
        mailbox.requestClose()
    }

    /// Whether the connection still takes calls: not closed, and the bus has not gone away.
    package var isOpen: Bool { mailbox.isOpen }

    /// Calls a method and waits for its reply.
    ///
    /// - Parameters:
    ///   - call: The method call.
    ///   - timeout: How long to wait for the reply; 5 seconds by default.
    /// - Returns: The reply's sender and values.
    /// - Throws: ``BusError/errorReply(name:message:)`` when the peer (or the bus) answers with an error,
    ///   ``BusError/timedOut(member:milliseconds:)``, ``BusError/disconnected``, ``BusError/invalidMessage(_:)``.
    package func call(_ call: BusMethodCall, timeout: Duration = .seconds(5)) async throws(BusError) -> BusReply {
        let result = await ThreadHandoff<Result<BusReply, BusError>>.wait { reply in
            mailbox.submit(.call(call, timeout: timeout, reply: reply))
        }
        return try result.get()
    }

    /// Sends a signal, to every connection whose match rules take it, or to `destination` alone; returns once it is
    /// queued on the connection (in order with the calls made after it).
    ///
    /// - Parameters:
    ///   - signal: The signal.
    ///   - destination: A bus name to send it to alone, or `nil` (the default) to broadcast it.
    /// - Throws: ``BusError/disconnected``, ``BusError/invalidMessage(_:)``.
    package func emit(_ signal: BusSignal, to destination: String? = nil) async throws(BusError) {
        let result = await withCheckedContinuation { sent in
            mailbox.submit(.emit(signal, destination: destination, sent: sent))
        }
        try result.get()
    }

    /// Asks the bus to route to this connection the messages that match `rule` (`org.freedesktop.DBus.AddMatch`),
    /// for example `type='signal',interface='org.freedesktop.Notifications',member='ActionInvoked'`; returns once
    /// the bus has it, so no later signal is missed.
    ///
    /// - Parameter rule: A D-Bus match rule.
    /// - Throws: ``BusError/errorReply(name:message:)`` for a rule the bus refuses, or what ``call(_:timeout:)``
    ///   throws.
    package func addMatch(_ rule: String) async throws(BusError) {
        _ = try await call(
            BusMethodCall(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                member: "AddMatch", arguments: [.string(rule)]))
    }

    /// Closes the connection: calls still waiting fail with ``BusError/disconnected``, ``signals`` finishes, and
    /// the loop thread flushes what was sent, frees the connection and ends. Later calls fail at once.
    package func close() {
        mailbox.requestClose()
    }
}
