internal import CMicroHTTPD
internal import Foundation
internal import WaveNotifications

#if canImport(Glibc)
    internal import Glibc
#endif

/// An HTTP/1.1 server on GNU libmicrohttpd: it listens on an IPv4 or IPv6 address (`::` takes IPv4 too), reads each request's body up to a limit
/// and hands the whole request to an ``HTTPHandler`` on the library's own threads (an internal polling thread, or a
/// pool of them), never on Swift's cooperative pool.
///
/// ``stop(grace:)`` stops gracefully: the listening socket is closed first (new connections are refused), every
/// request already accepted is answered, then the daemon stops.
package final class HTTPServer: Sendable {
    /// How the server listens and what it accepts.
    package struct Options: Sendable {
        /// The address to listen on: `127.0.0.1` (the default) behind a reverse proxy; an IPv6 address (`::1`), or
        /// `::` for every address of both families (IPv4 clients as IPv4-mapped addresses).
        package var address = "127.0.0.1"
        /// The port; 0 lets the kernel choose one (read it back from ``HTTPServer/port``).
        package var port: UInt16 = 0
        /// The largest request body accepted, in bytes (``defaultMaximumBodyBytes``); a larger one is answered by
        /// ``HTTPHandler/refuseOversizedBody(limit:)`` (its bytes dropped, ``maximumDiscardedBodyBytes``).
        package var maximumBodyBytes = Self.defaultMaximumBodyBytes
        /// The most bytes of a body over ``maximumBodyBytes`` read and dropped before the 413 is sent, so a client
        /// or a proxy still sending it reads the answer rather than a reset; a body declared larger (or announced
        /// with `Expect: 100-continue`, which waits for the answer) is answered at once and the connection closed.
        /// A chunked body declares no length and is dropped to its end (libmicrohttpd takes no answer in the middle
        /// of a body). 4 MiB by default.
        package var maximumDiscardedBodyBytes = 4 * 1024 * 1024
        /// The threads answering requests (1: the internal polling thread alone).
        package var threads = 4
        /// The most connections held at once; another is closed as soon as it is accepted, unanswered.
        package var connectionLimit = 256
        /// Seconds a connection may be idle (a slow client) before the library closes it.
        package var idleTimeoutSeconds = 30

        /// The default largest body: 1 MiB, as nginx's default `client_max_body_size`; the push API's default too.
        package static let defaultMaximumBodyBytes = 1024 * 1024

        /// The defaults: loopback, a port of the kernel's choice, 1 MiB bodies, 4 threads.
        package init() {}
    }

    /// The port the server listens on (the kernel's choice when ``Options/port`` was 0).
    package let port: UInt16
    /// What the server listens on.
    package let options: Options
    private let daemon: WaveLock<OpaquePointer?>
    private let core: HTTPServerCore

    /// Starts listening and answering.
    ///
    /// - Parameters:
    ///   - options: Where to listen and the limits.
    ///   - handler: What answers each request.
    /// - Throws: ``HTTPServerError`` when the address is not an IP address or the library cannot listen there.
    package init(options: Options, handler: any HTTPHandler) throws(HTTPServerError) {
        let connectionLimit = max(options.connectionLimit, 1)
        let threads = max(options.threads, 1)
        let core = HTTPServerCore(
            handler: handler, maximumBodyBytes: options.maximumBodyBytes,
            maximumDiscardedBodyBytes: options.maximumDiscardedBodyBytes, connectionLimit: connectionLimit)
        let context = Unmanaged.passUnretained(core).toOpaque()
        let start = { (socketAddress: UnsafePointer<sockaddr>, family: Int32) in
            // The library's own limit is above the core's (by the threads that may accept at once), so the core's
            // refusal, which closes the connection, is what a client over the limit meets.
            wave_mhd_start(
                socketAddress, family == AF_INET6 ? 1 : 0, UInt32(threads), UInt32(connectionLimit + threads),
                UInt32(max(options.idleTimeoutSeconds, 1)), 64 * 1024, HTTPServerCore.accessHandler,
                HTTPServerCore.completedHandler, HTTPServerCore.acceptPolicy, HTTPServerCore.connectionNotice,
                context)
        }
        let started: OpaquePointer?
        if options.address.contains(":") {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = options.port.bigEndian
            guard inet_pton(AF_INET6, options.address, &address.sin6_addr) == 1 else {
                throw .invalidAddress(options.address)
            }
            started = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { start($0, AF_INET6) }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = options.port.bigEndian
            guard inet_pton(AF_INET, options.address, &address.sin_addr) == 1 else {
                throw .invalidAddress(options.address)
            }
            started = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { start($0, AF_INET) }
            }
        }
        guard let started else { throw .cannotListen(address: options.address, port: options.port) }
        self.core = core
        self.options = options
        self.port = wave_mhd_bound_port(started)
        self.daemon = WaveLock(started)
    }

    deinit {
        if let daemon = daemon.withLock({ $0 }) { MHD_stop_daemon(daemon) }
    }

    /// How many requests are being read or answered now.
    package var requestsInProgress: Int { core.requestsInProgress }

    /// The connections open now.
    package var openConnections: Int { core.openConnections }

    /// The connections closed unanswered since the start because ``Options/connectionLimit`` were open.
    package var refusedConnections: UInt64 { core.refusedConnections }

    /// ``stop(grace:)`` for an async caller: the blocking stop runs on a thread of its own, off Swift's pool.
    ///
    /// - Parameter grace: The longest wait for requests in progress.
    /// - Returns: The requests still in progress when the wait ended.
    @discardableResult
    package func stopOffThePool(grace: Duration = .seconds(10)) async -> Int {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: self.stop(grace: grace)) }
            thread.name = "wave-http-stop"
            thread.start()
        }
    }

    /// Stops gracefully, blocking the calling thread (call it off Swift's cooperative pool): closes the listening
    /// socket, waits up to `grace` for every request already accepted to be answered, then stops the library's
    /// threads and closes the idle connections. Answers given after the listening socket closed carry
    /// `Connection: close`. Calling it again does nothing.
    ///
    /// - Parameter grace: The longest wait for requests in progress (a client that stalls mid-request is cut off
    ///   after it).
    /// - Returns: The requests still in progress when the wait ended (0 when none was lost).
    @discardableResult
    package func stop(grace: Duration = .seconds(10)) -> Int {
        guard
            let running = daemon.withLock({ daemon in
                defer { daemon = nil }; return daemon
            })
        else { return 0 }
        core.beginClosing()
        let listening = MHD_quiesce_daemon(running)
        if listening >= 0 { close(listening) }
        // The wait is the one place real time passes: the server's edge, not a rule.
        let step: Duration = .milliseconds(5)
        var waited: Duration = .zero
        while core.requestsInProgress > 0, waited < grace {
            usleep(5_000)
            waited += step
        }
        let left = core.requestsInProgress
        MHD_stop_daemon(running)
        return left
    }
}
