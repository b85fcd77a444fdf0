internal import CPostgres
internal import Foundation
internal import WaveNotifications

#if canImport(Glibc)
    internal import Glibc
#endif

/// Listens on one PostgreSQL channel (`LISTEN`) on a connection and a thread of its own, and calls back each time a
/// transaction that ran `NOTIFY` on it commits, in this process or any other, on this machine or another.
///
/// The thread alone touches its connection: it connects, listens, then sleeps in `poll` on the connection's socket
/// and an `eventfd` that ``stop()`` writes, and reads what arrives with libpq's `PQconsumeInput` and `PQnotifies`;
/// nothing blocks a Swift concurrency thread. Notifications that arrive together are one call of `onNotification`.
///
/// A lost connection (a restart, a failover) is reported once through `onError` and connected again through
/// ``PostgresConnection``'s own reconnection, every `retryInterval` until it succeeds; once listening again it calls
/// `onNotification` once, since a notification sent while it was away is lost (PostgreSQL keeps none for a session
/// that is not listening). The same call follows the first `LISTEN`, for what was committed before it.
public final class PostgresNotificationListener: Sendable {
    private let channel: String
    private let connectionString: String
    private let retryInterval: Duration
    private let onNotification: @Sendable () -> Void
    private let onError: @Sendable (PostgresError) -> Void
    private let stopping = WaveLock(false)
    /// Written by ``stop()`` to end the thread's `poll` at once.
    private let wakeDescriptor: Int32

    /// Starts listening; returns at once (the connection is made on the listener's thread).
    ///
    /// - Parameters:
    ///   - connectionString: libpq's connection string or URI.
    ///   - channel: The channel, an SQL identifier (`[a-z_][a-z0-9_]*`).
    ///   - retryInterval: How long it waits before connecting again after a failure (1 second by default).
    ///   - onNotification: Called on the listener's thread for each batch of notifications, and once after each
    ///     successful `LISTEN`.
    ///   - onError: Called on the listener's thread with each failure to connect or listen, and when the connection
    ///     is lost (once per outage).
    public init(
        connectionString: String, channel: String, retryInterval: Duration = .seconds(1),
        onNotification: @escaping @Sendable () -> Void,
        onError: @escaping @Sendable (PostgresError) -> Void = { _ in }
    ) {
        precondition(
            !channel.isEmpty
                && channel.utf8.allSatisfy {
                    $0 == UInt8(ascii: "_") || (0x61...0x7a).contains($0) || (0x30...0x39).contains($0)
                },
            "a channel is a plain lowercase identifier")
        self.connectionString = connectionString
        self.channel = channel
        self.retryInterval = retryInterval
        self.onNotification = onNotification
        self.onError = onError
        wakeDescriptor = eventfd(0, Int32(EFD_CLOEXEC) | Int32(EFD_NONBLOCK))
        let thread = Thread { [self] in run() }
        thread.name = "wave-pg-listen"
        thread.start()
    }

    deinit {
        close(wakeDescriptor)
    }

    /// Stops listening: the thread closes its connection and ends without waiting for anything more.
    public func stop() {
        stopping.withLock { $0 = true }
        var one: UInt64 = 1
        _ = write(wakeDescriptor, &one, MemoryLayout<UInt64>.size)
    }

    private var isStopping: Bool { stopping.withLock { $0 } }

    private func run() {
        var connection: PostgresConnection?
        var listening = false
        // One error line per outage, not one per retry.
        var reported = false
        defer { connection?.close() }
        while !isStopping {
            if !listening {
                do {
                    if connection == nil { connection = try PostgresConnection(connectionString) }
                    // After a loss the connection resets itself on this call (a new session, which listens anew).
                    try connection?.execute("LISTEN \(channel)")
                    listening = true
                    reported = false
                    onNotification()
                } catch {
                    if !reported { onError(error) }
                    reported = true
                    wait(on: nil, for: retryInterval)
                    continue
                }
            }
            guard let current = connection, let socket = current.socketDescriptor else {
                listening = false
                continue
            }
            wait(on: socket, for: nil)
            if isStopping { break }
            do {
                if try current.takeNotifications() > 0 { onNotification() }
            } catch {
                listening = false
                if !reported { onError(error) }
                reported = true
            }
        }
    }

    /// Sleeps until `socket` has something to read, ``stop()`` is called, or `timeout` passes.
    private func wait(on socket: Int32?, for timeout: Duration?) {
        var descriptors = [pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0)]
        if let socket { descriptors.append(pollfd(fd: socket, events: Int16(POLLIN), revents: 0)) }
        let milliseconds = timeout.map { Int32(clamping: $0.wholeMilliseconds) } ?? -1
        _ = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
    }
}
