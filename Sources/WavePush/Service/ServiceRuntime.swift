internal import Foundation
internal import WaveCommandLine
internal import WaveJSON
internal import WaveNotifications
internal import WavePushAPI

/// What `wavepush dispatch` and `wavepush serve` share as long-running services, written once: the `--metrics`
/// endpoint (Prometheus' `GET /metrics` on a port of its own, its `metrics` line printed once listening) and the
/// service manager's protocol (`READY=1`, then `WATCHDOG=1` while the work is healthy, `STOPPING=1` when the stop
/// begins; nothing without `NOTIFY_SOCKET`).
///
/// A command makes one at its start, calls ``ready(status:work:activity:)`` once it can do its work,
/// ``stopping(status:)`` on SIGTERM or SIGINT before it finishes what is in progress, and ``close()`` last.
final class ServiceRuntime: Sendable {
    private let notifier: SystemdNotifier
    private let metricsServer: HTTPServer?
    private let clock: any AlarmClock
    private let output: OutputChannel
    private let watchdog = WaveLock<ServiceWatchdog?>(nil)

    /// Reads `--metrics ADDRESS:PORT`.
    ///
    /// - Parameters:
    ///   - arguments: The command's arguments.
    ///   - subcommand: The command, for the usage error.
    /// - Returns: The endpoint's options, or `nil` without `--metrics`.
    /// - Throws: ``UsageError`` when the value is not `ADDRESS:PORT`.
    static func metricsOptions(_ arguments: Arguments, subcommand: String) throws -> HTTPServer.Options? {
        try arguments.values["metrics"].map { text in
            guard let options = MetricsEndpoint.options(text) else {
                throw UsageError("--metrics is ADDRESS:PORT (an IPv4 address), not '\(text)'", subcommand: subcommand)
            }
            return options
        }
    }

    /// Starts the metrics endpoint, when asked for, and prints `{"type":"metrics","address":…,"port":N}`.
    ///
    /// - Parameters:
    ///   - metrics: Where the endpoint listens, or `nil` for none.
    ///   - page: The metrics page at an instant, read at each scrape on the endpoint's thread.
    ///   - clock: The clock of the page's instants and of the watchdog's pings.
    ///   - output: Where the `metrics` line and the watchdog's `error` line go.
    /// - Throws: ``CommandFailure`` (69) when the endpoint cannot listen.
    init(
        metrics: HTTPServer.Options?, page: @escaping @Sendable (Date) -> String, clock: any AlarmClock,
        output: OutputChannel
    ) throws {
        self.clock = clock
        self.output = output
        notifier = SystemdNotifier(
            environment: ProcessInfo.processInfo.environment, processID: ProcessInfo.processInfo.processIdentifier)
        metricsServer = try metrics.map { options in
            do {
                let http = try HTTPServer(options: options, handler: MetricsEndpoint(page: page, clock: clock))
                output.writeLine(
                    ReplayLines.line("metrics", at: clock.now) { json in
                        json.member("address", options.address)
                        json.member("port", Int(http.port))
                    })
                output.flush()
                return http
            } catch {
                throw CommandFailure(ExitCode.unavailable, "--metrics: \(error)")
            }
        }
    }

    /// Tells the service manager the service is ready, then starts the watchdog's pings when it asks for them.
    ///
    /// - Parameters:
    ///   - status: The `STATUS=` text `systemctl status` shows.
    ///   - work: What one piece of work is called in the stuck line ("one round", "one request").
    ///   - activity: What the service is doing, asked at each ping.
    func ready(status: String, work: String, activity: @escaping @Sendable () -> ServiceWatchdog.Activity) {
        notifier.notify("READY=1\nSTATUS=\(status)")
        guard let interval = notifier.watchdogInterval, let timeout = notifier.watchdogTimeout else { return }
        let clock = clock
        let output = output
        let notifier = notifier
        let started = ServiceWatchdog(
            ping: { notifier.notify("WATCHDOG=1") }, clock: clock, interval: interval, timeout: timeout,
            activity: activity,
            onStuck: { lasted in
                output.writeLine(
                    ReplayLines.line("error", at: clock.now) { json in
                        json.member(
                            "reason",
                            "\(work) has lasted \(lasted.components.seconds) s; the watchdog is no longer told the "
                                + "service is alive")
                    })
                output.flush()
            })
        watchdog.withLock { $0 = started }
        started.start()
    }

    /// Stops the watchdog's pings (none follows), then tells the service manager the service is stopping.
    ///
    /// - Parameter status: The `STATUS=` text: what it finishes before it exits.
    func stopping(status: String) {
        watchdog.withLock { $0 }?.stop()
        notifier.notify("STOPPING=1\nSTATUS=stopping: \(status)")
    }

    /// Stops the metrics endpoint, off Swift's pool: the last scrape is answered.
    func close() async {
        await metricsServer?.stopOffThePool(grace: .seconds(1))
    }
}
