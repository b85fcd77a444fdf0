internal import Foundation
internal import GrowBroServer
internal import WaveCommandLine
internal import WaveJSON
internal import WaveNotifications
internal import WavePushAPI
internal import WaveSystemClock

/// `wavepush serve`: the push server's HTTP API over the same store as `dispatch`, until SIGTERM or SIGINT.
enum ServeCommand {
    /// Listens, prints one `listening` line (with the port), a `metrics` line with `--metrics`, one line per request
    /// and per key file reload; tells a service manager `READY=1` once the store, the keys and the listener are up
    /// (then `WATCHDOG=1` while no request has been answered for longer than its timeout); on SIGTERM or SIGINT
    /// says `STOPPING=1`, stops taking connections, answers every request already accepted, prints `stopped` and
    /// exits 0.
    static func serve(_ arguments: Arguments, output: OutputChannel) async throws -> Int32 {
        let file = try arguments.configurationFile(of: "serve")
        let configuration = try ServeConfiguration.decode(try CommandFailure.readFile(file), file: file)
        let database = try arguments.database(configured: configuration.database, of: "serve")
        let metricsOptions = try ServiceRuntime.metricsOptions(arguments, subcommand: "serve")
        let clock = SystemAlarmClock()
        // A lost PostgreSQL connection is reconnected with backoff, one `database` line per event; meanwhile the
        // requests that need the store are answered 503 `store_unavailable`.
        let server = try PushStoreLocation(database).open(
            configuration: configuration.server, clock: clock,
            onConnectionEvent: { event in
                output.writeLine(ReplayLines.database(event))
                output.flush()
            })
        defer { server.close() }
        let keyring: APIKeyring
        do {
            keyring = try APIKeyring(path: configuration.keyFile) { reload in
                output.writeLine(
                    ReplayLines.line("keys", at: clock.now) { json in
                        switch reload {
                        case .success(let names): json.key("names"); json.strings(names)
                        case .failure(let failure): json.member("unavailable", failure.reason)
                        }
                    })
                output.flush()
            }
        } catch let error as KeyFileError {
            throw CommandFailure(ExitCode.noInput, error.description)
        }
        let metrics = APIMetrics()
        let api = PushAPI(
            server: server, keyring: keyring, clock: clock, limits: configuration.limits,
            log: { line in
                output.writeLine(line)
                output.flush()
            }, metrics: metrics)
        let http: HTTPServer
        do {
            http = try HTTPServer(options: configuration.http, handler: api)
        } catch {
            throw CommandFailure(ExitCode.unavailable, error.description)
        }
        output.writeLine(
            ReplayLines.line("listening", at: clock.now) { json in
                json.member("address", configuration.http.address)
                json.member("port", Int(http.port))
            })
        output.flush()
        let runtime: ServiceRuntime
        do {
            runtime = try ServiceRuntime(
                metrics: metricsOptions,
                page: { now in
                    metrics.exposition(http: http) + PushMetrics.storeExposition(server: server, now: now)
                }, clock: clock, output: output)
        } catch {
            http.stop(grace: .zero)
            throw error
        }
        runtime.ready(status: "serving on \(configuration.http.address):\(http.port)", work: "one request") {
            metrics.oldestInFlight.map { .busy(since: $0) } ?? .idle
        }
        let signal = await SignalWaiter.wait()
        runtime.stopping(status: "answering the requests accepted")
        let unanswered = await http.stopOffThePool(grace: configuration.stopGrace)
        await runtime.close()
        output.writeLine(
            ReplayLines.line("stopped", at: clock.now) { json in
                json.member("signal", signal == SIGTERM ? "SIGTERM" : "SIGINT")
                json.member("unanswered", unanswered)
            })
        return ExitCode.success
    }

}
