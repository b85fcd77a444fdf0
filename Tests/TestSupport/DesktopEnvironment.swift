package import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A private desktop for the desktop sink's end-to-end test: its own session bus (dbus-daemon), a virtual
/// display (Xvfb) and a real notification server (dunst) whose rule records every notification to a file.
///
/// Everything started is stopped by ``stop()``, and by ``start()`` itself when a later step fails.
package final class DesktopEnvironment: Sendable {
    /// The tools the test needs, each with the Debian package that provides it.
    package static let tools = [
        ("dbus-daemon", "dbus-daemon"), ("dbus-monitor", "dbus-bin"), ("Xvfb", "xvfb"), ("dunst", "dunst"),
        ("dunstctl", "dunst"), ("dbus-send", "dbus-bin"),
    ]

    /// The tools missing from `PATH`, as "tool (package)".
    package static let missingTools: [String] = tools.filter { find($0.0) == nil }.map { "\($0.0) (\($0.1))" }

    /// Whether the desktop tests run even with tools missing, and so fail instead of being skipped: `.ci/run` sets
    /// `WAVE_REQUIRE_DESKTOP=1`, so CI can never pass with these tests quietly skipped.
    package static var isRequired: Bool { ProcessInfo.processInfo.environment["WAVE_REQUIRE_DESKTOP"] == "1" }

    /// Whether the desktop tests run: every tool is there, or CI requires them (also under ThreadSanitizer).
    ///
    /// No outcome of theirs depends on how fast the machine is: they wait for what the notification server and the
    /// sink do, and a replay's wall clock is a manual clock the test moves once the pick has been seen.
    package static var canRun: Bool { missingTools.isEmpty || isRequired }

    /// Why the test is skipped.
    package static var skipReason: String {
        "missing " + missingTools.joined(separator: ", ") + "; .ci/run installs them"
    }

    package let directory: TemporaryDirectory
    package let busAddress: String
    package let display: String
    /// The environment for the sink, dbus-send and dunstctl: the private bus and display, and `PATH`.
    package let variables: [String: String]
    private let processes: [ChildProcess]

    private init(
        directory: TemporaryDirectory, busAddress: String, display: String, processes: [ChildProcess]
    ) {
        self.directory = directory
        self.busAddress = busAddress
        self.display = display
        self.processes = processes
        variables = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "DBUS_SESSION_BUS_ADDRESS": busAddress,
            "DISPLAY": display,
            "HOME": directory.url.path,
        ]
    }

    /// Starts a bus; with `notificationServer`, also Xvfb and dunst, and waits until dunst answers on the bus.
    package static func start(notificationServer: Bool = true) async throws -> DesktopEnvironment {
        let directory = try TemporaryDirectory("desk")
        var started: [ChildProcess] = []
        var startedDisplay: String?
        do {
            let fixtures = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent(
                "Desktop")
            let socket = directory.appending("bus").path
            let busConfig = try String(contentsOf: fixtures.appendingPathComponent("session-bus.conf"), encoding: .utf8)
                .replacingOccurrences(of: "@SOCKET@", with: socket)
            try busConfig.write(to: directory.appending("session-bus.conf"), atomically: true, encoding: .utf8)
            let bus = try ChildProcess(
                find("dbus-daemon")!,
                arguments: [
                    "--config-file=\(directory.appending("session-bus.conf").path)", "--nofork", "--print-address=1",
                ])
            started.append(bus)
            guard let address = await bus.nextLine(), address.hasPrefix("unix:") else {
                throw SetupError("dbus-daemon printed no address")
            }
            guard notificationServer else {
                return DesktopEnvironment(directory: directory, busAddress: address, display: "", processes: started)
            }

            let (xvfb, display) = try await startXvfb()
            started.append(xvfb)
            startedDisplay = display

            let script = directory.appending("record-notification.sh")
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent("record-notification.sh"), to: script)
            chmod(script.path, 0o755)
            let pick = directory.appending("pick-action.sh")
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent("pick-action.sh"), to: pick)
            chmod(pick.path, 0o755)
            let dunstrc = try String(contentsOf: fixtures.appendingPathComponent("dunstrc"), encoding: .utf8)
                .replacingOccurrences(of: "@SCRIPT@", with: script.path)
                .replacingOccurrences(of: "@PICK@", with: pick.path)
            try dunstrc.write(to: directory.appending("dunstrc"), atomically: true, encoding: .utf8)
            let environment = DesktopEnvironment(
                directory: directory, busAddress: address, display: display, processes: [])
            let dunst = try ChildProcess(
                find("dunst")!, arguments: ["-config", directory.appending("dunstrc").path],
                environment: environment.variables, capturesOutput: false)
            started.append(dunst)

            let ready = DesktopEnvironment(
                directory: directory, busAddress: address, display: display, processes: started)
            for _ in 0..<200 {
                if try await ready.run(
                    "dbus-send",
                    [
                        "--session", "--print-reply", "--dest=org.freedesktop.Notifications",
                        "/org/freedesktop/Notifications", "org.freedesktop.Notifications.GetServerInformation",
                    ]
                ).status == 0 {
                    return ready
                }
                guard dunst.isRunning else { throw SetupError("dunst exited at startup") }
                try await Task.sleep(for: .milliseconds(50))
            }
            throw SetupError("dunst did not take org.freedesktop.Notifications within 10 s")
        } catch {
            for process in started.reversed() {
                process.terminate()
            }
            if let display = startedDisplay {
                removeDisplayFiles(display)
            }
            directory.remove()
            throw error
        }
    }

    /// Stops dunst, Xvfb and the bus, and removes the directory and Xvfb's display lock.
    package func stop() {
        for process in processes.reversed() {
            process.terminate()
        }
        Self.removeDisplayFiles(display)
        directory.remove()
    }

    /// Removes the lock and socket a killed Xvfb leaves behind (it cannot clean up after SIGKILL).
    private static func removeDisplayFiles(_ display: String) {
        guard display.hasPrefix(":"), let number = Int(display.dropFirst()) else { return }
        try? FileManager.default.removeItem(atPath: "/tmp/.X\(number)-lock")
        try? FileManager.default.removeItem(atPath: "/tmp/.X11-unix/X\(number)")
    }

    /// The notifications the recording script saw: id, app name, summary, body, urgency.
    package func received() throws -> [[String]] {
        let file = directory.appending("received.txt")
        guard FileManager.default.fileExists(atPath: file.path) else { return [] }
        let text = try String(contentsOf: file, encoding: .utf8)
        return text.split(separator: "\u{1E}").map {
            $0.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
        }
    }

    /// Picks the action whose label contains `label` on the notification dunst shows first, through its context
    /// menu (`dunstctl context`), as a user would.
    package func pickAction(labelled label: String) async throws {
        try label.write(to: directory.appending("pick.txt"), atomically: true, encoding: .utf8)
        _ = try await run("dunstctl", ["context"])
    }

    /// Polls until `condition` holds, for at most `seconds`.
    ///
    /// The default, a minute, only decides how long a failing test takes to fail: under ThreadSanitizer on a loaded
    /// machine, what the server and the sink do can take several seconds, and a passing test never waits that long.
    package func waitUntil(seconds: Int = 60, _ condition: () async throws -> Bool) async throws -> Bool {
        for _ in 0..<(seconds * 20) {
            if try await condition() {
                return true
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        return try await condition()
    }

    /// Runs a tool on this desktop and returns its exit status and standard output.
    package func run(_ tool: String, _ arguments: [String]) async throws -> (status: Int32, output: String) {
        let child = try ChildProcess(Self.find(tool)!, arguments: arguments, environment: variables)
        let output = await child.remainingLines().joined(separator: "\n")
        let status = await child.waitForExit()
        return (status, output)
    }

    /// Starts Xvfb on a display number it picks itself (`-displayfd`): the first free one, locked before Xvfb prints
    /// it once it accepts connections. Two desktops started at once, by tests of two suites running in parallel in
    /// this process, so never share a display (one stopping would take the other's display files with it).
    private static func startXvfb() async throws -> (ChildProcess, String) {
        let xvfb = try ChildProcess(
            find("Xvfb")!, arguments: ["-displayfd", "1", "-nolisten", "tcp", "-screen", "0", "640x480x24"])
        guard let line = await xvfb.nextLine(), let number = Int(line.trimmingCharacters(in: .whitespaces)) else {
            xvfb.terminate()
            throw SetupError("Xvfb did not start on any display")
        }
        return (xvfb, ":\(number)")
    }

    package static func find(_ tool: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":").map(String.init) + ["/usr/sbin", "/sbin"] {
            let candidate = URL(fileURLWithPath: directory).appendingPathComponent(tool)
            if FileManager.default.isExecutableFile(atPath: candidate.path) {
                return candidate
            }
        }
        return nil
    }

    package struct SetupError: Error, CustomStringConvertible {
        package var description: String

        package init(_ description: String) {
            self.description = description
        }
    }
}
