internal import CDBus
internal import WaveNotifications

#if canImport(Glibc)
    internal import Glibc
#endif

/// The loop thread of a ``BusConnection``: it alone touches the libdbus connection, from opening it to freeing it.
///
/// Each turn sends what the ``BusMailbox`` holds, fails the calls whose timeout passed, lets libdbus write and read
/// (`dbus_connection_read_write` with no wait), takes every complete message it parsed (`dbus_connection_pop_message`),
/// resumes the caller a reply answers or yields a signal, then sleeps in `poll` on the bus socket and the mailbox's
/// `eventfd` until one of them has something or the nearest timeout comes. libdbus's pending-call and main-loop
/// machinery is not used: replies are matched to calls by serial here, which keeps every libdbus call on this thread.
///
/// Every message it creates or pops is released (`dbus_message_unref`) before the turn ends; the connection is
/// closed and released when the loop ends.
final class BusLoop {
    /// A call sent, waiting for its reply.
    private struct Pending {
        var member: String
        var deadline: ContinuousClock.Instant
        var milliseconds: Int
        var reply: ThreadHandoff<Result<BusReply, BusError>>
    }

    private let connection: OpaquePointer
    private let socket: Int32
    private let mailbox: BusMailbox
    private let signals: AsyncStream<BusSignal>.Continuation
    private var pending: [UInt32: Pending] = [:]
    // The deadlines of calls are real time: a bus peer answers on the system's time, not a simulation's.
    private let clock = ContinuousClock()

    private init(
        connection: OpaquePointer, socket: Int32, mailbox: BusMailbox, signals: AsyncStream<BusSignal>.Continuation
    ) {
        self.connection = connection
        self.socket = socket
        self.mailbox = mailbox
        self.signals = signals
    }

    /// Opens and registers the connection, resumes `ready` with its unique name or the error, then runs until the
    /// connection is closed or lost. Runs on the connection's own thread.
    ///
    /// - Parameters:
    ///   - address: The bus address.
    ///   - mailbox: Where the commands come from.
    ///   - signals: Where the signals go.
    ///   - ready: Resumed once, with the unique name or why the connection failed.
    static func run(
        address: String, mailbox: BusMailbox, signals: AsyncStream<BusSignal>.Continuation,
        ready: ThreadHandoff<Result<String, BusError>>
    ) {
        switch open(address) {
        case .failure(let error):
            for command in mailbox.finish() {
                command.fail(.disconnected)
            }
            signals.finish()
            ready.deliver(.failure(error))
        case .success(let (connection, socket, uniqueName)):
            ready.deliver(.success(uniqueName))
            BusLoop(connection: connection, socket: socket, mailbox: mailbox, signals: signals).run()
        }
    }

    /// A private connection, registered on the bus, that does not exit the process when the bus goes away.
    private static func open(_ address: String) -> Result<(OpaquePointer, Int32, String), BusError> {
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let connection = dbus_connection_open_private(address, &error) else {
            return .failure(failure(error, address: address))
        }
        dbus_connection_set_exit_on_disconnect(connection, 0)
        var socket: Int32 = -1
        guard dbus_bus_register(connection, &error) != 0, let name = dbus_bus_get_unique_name(connection),
            dbus_connection_get_unix_fd(connection, &socket) != 0
        else {
            let reason = failure(error, address: address)
            dbus_connection_close(connection)
            dbus_connection_unref(connection)
            return .failure(reason)
        }
        return .success((connection, socket, String(cString: name)))
    }

    private static func failure(_ error: DBusError, address: String) -> BusError {
        .connectionFailed(
            address: address, name: BusMessageCoding.text(error.name) ?? "org.freedesktop.DBus.Error.Failed",
            message: BusMessageCoding.text(error.message) ?? "no socket descriptor")
    }

    private func run() {
        while true {
            let (commands, isClosing) = mailbox.take()
            for command in commands {
                start(command)
            }
            if isClosing {
                break
            }
            // Before reading: a reply still unread when its deadline passed is late, however soon it is read.
            expireOverdueCalls()
            _ = dbus_connection_read_write(connection, 0)
            while let message = dbus_connection_pop_message(connection) {
                receive(message)
                dbus_message_unref(message)
            }
            guard dbus_connection_get_is_connected(connection) != 0 else { break }
            wait()
        }
        end()
    }

    /// Sends a command's message, remembering a call until its reply or timeout.
    private func start(_ command: BusMailbox.Command) {
        switch command {
        case .call(let call, let timeout, let reply):
            let message: OpaquePointer
            do {
                message = try BusMessageCoding.message(for: call)
            } catch {
                reply.deliver(.failure(error))
                return
            }
            var serial: UInt32 = 0
            let sent = dbus_connection_send(connection, message, &serial) != 0
            dbus_message_unref(message)
            guard sent else {
                reply.deliver(.failure(.disconnected))
                return
            }
            let milliseconds = Int(timeout.wholeMilliseconds)
            pending[serial] = Pending(
                member: call.member, deadline: clock.now.advanced(by: timeout), milliseconds: milliseconds,
                reply: reply)
        case .emit(let signal, let destination, let sent):
            let message: OpaquePointer
            do {
                message = try BusMessageCoding.message(for: signal, destination: destination)
            } catch {
                sent.resume(returning: .failure(error))
                return
            }
            let queued = dbus_connection_send(connection, message, nil) != 0
            dbus_message_unref(message)
            sent.resume(returning: queued ? .success(()) : .failure(.disconnected))
        }
    }

    /// Hands a received message to whoever waits for it: a reply to its call, a signal to ``BusConnection/signals``;
    /// a method call is refused, since this connection serves none.
    private func receive(_ message: OpaquePointer) {
        switch dbus_message_get_type(message) {
        case DBUS_MESSAGE_TYPE_METHOD_RETURN, DBUS_MESSAGE_TYPE_ERROR:
            guard let call = pending.removeValue(forKey: dbus_message_get_reply_serial(message)) else { return }
            call.reply.deliver(reply(from: message))
        case DBUS_MESSAGE_TYPE_SIGNAL:
            guard let path = BusMessageCoding.text(dbus_message_get_path(message)),
                let interface = BusMessageCoding.text(dbus_message_get_interface(message)),
                let member = BusMessageCoding.text(dbus_message_get_member(message)),
                // libdbus's own note that the connection dropped; the loop sees it from the connection itself.
                interface != "org.freedesktop.DBus.Local",
                let arguments = try? BusMessageCoding.arguments(of: message)
            else { return }
            signals.yield(
                BusSignal(
                    sender: BusMessageCoding.text(dbus_message_get_sender(message)), path: path, interface: interface,
                    member: member, arguments: arguments))
        case DBUS_MESSAGE_TYPE_METHOD_CALL:
            if let refusal = BusMessageCoding.refusal(of: message) {
                _ = dbus_connection_send(connection, refusal, nil)
                dbus_message_unref(refusal)
            }
        default:
            break
        }
    }

    private func reply(from message: OpaquePointer) -> Result<BusReply, BusError> {
        do {
            let arguments = try BusMessageCoding.arguments(of: message)
            if dbus_message_get_type(message) == DBUS_MESSAGE_TYPE_ERROR {
                let name =
                    BusMessageCoding.text(dbus_message_get_error_name(message)) ?? "org.freedesktop.DBus.Error.Failed"
                return .failure(.errorReply(name: name, message: arguments.first?.stringValue ?? ""))
            }
            return .success(
                BusReply(sender: BusMessageCoding.text(dbus_message_get_sender(message)), arguments: arguments))
        } catch {
            return .failure(error)
        }
    }

    private func expireOverdueCalls() {
        let now = clock.now
        for (serial, call) in pending where call.deadline <= now {
            pending[serial] = nil
            call.reply.deliver(.failure(.timedOut(member: call.member, milliseconds: call.milliseconds)))
        }
    }

    /// Sleeps until the bus socket or the mailbox has something, or the nearest call's timeout comes.
    private func wait() {
        var timeout: Int32 = -1
        if let nearest = pending.values.map(\.deadline).min() {
            let left = clock.now.duration(to: nearest)
            // Rounded up, so a wake-up never comes just before the deadline and turns into a busy loop.
            let milliseconds =
                left.components.seconds * 1000 + (left.components.attoseconds + 999_999_999_999_999)
                / 1_000_000_000_000_000
            timeout = Int32(clamping: max(0, milliseconds))
        }
        let writing = dbus_connection_has_messages_to_send(connection) != 0
        var descriptors = [
            pollfd(fd: socket, events: Int16(POLLIN) | (writing ? Int16(POLLOUT) : 0), revents: 0),
            pollfd(fd: mailbox.wakeDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        guard poll(&descriptors, nfds_t(descriptors.count), timeout) > 0 else { return }
        if descriptors[1].revents & Int16(POLLIN) != 0 {
            mailbox.drainWakeUps()
        }
    }

    /// Fails what still waits, finishes the signals, flushes and frees the connection.
    private func end() {
        for command in mailbox.finish() {
            command.fail(.disconnected)
        }
        for call in pending.values {
            call.reply.deliver(.failure(.disconnected))
        }
        pending = [:]
        signals.finish()
        if dbus_connection_get_is_connected(connection) != 0 {
            // Signals emitted just before closing still reach the bus.
            dbus_connection_flush(connection)
        }
        while let message = dbus_connection_pop_message(connection) {
            dbus_message_unref(message)
        }
        dbus_connection_close(connection)
        dbus_connection_unref(connection)
    }
}
