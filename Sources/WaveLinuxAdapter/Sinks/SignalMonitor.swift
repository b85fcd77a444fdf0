internal import Dispatch
package import Foundation
internal import WaveNotifications

/// A `dbus-monitor` child that reports the notification server's `ActionInvoked` and `NotificationClosed` signals.
///
/// Servers such as dunst send these signals to the connection that made the `Notify` call only; the sink's calls
/// come from short-lived `gdbus` processes, so the signals are read as a bus monitor (`BecomeMonitor`, which a
/// session bus grants to its own user). Each signal becomes one ``Signal`` on ``signals``, in order.
package final class SignalMonitor: Sendable {
    /// A signal from the notification server.
    package enum Signal: Hashable, Sendable {
        /// The user picked `actionID` on notification `id`.
        case actionInvoked(id: UInt32, actionID: String)
        /// Notification `id` was closed (1 expired, 2 dismissed, 3 closed by a call, 4 other).
        case closed(id: UInt32, reason: UInt32)
    }

    /// The signals, in the order the monitor printed them; finishes when the monitor exits.
    package let signals: AsyncStream<Signal>
    // Every stored property is Sendable: the process behind a WaveLock, the rest immutable.
    private let process: WaveLock<Process>

    /// Starts the monitor and returns once it is monitoring, so no later signal is missed.
    ///
    /// - Parameters:
    ///   - executable: The `dbus-monitor` program.
    ///   - environment: Its environment, with `DBUS_SESSION_BUS_ADDRESS`.
    /// - Throws: When it cannot be started or exits before monitoring.
    package init(executable: URL, environment: [String: String]) async throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = [
            "--session", "type='signal',interface='org.freedesktop.Notifications',member='ActionInvoked'",
            "type='signal',interface='org.freedesktop.Notifications',member='NotificationClosed'",
        ]
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        self.process = WaveLock(process)
        let (signals, continuation) = AsyncStream.makeStream(of: Signal.self)
        self.signals = signals
        let output = pipe.fileHandleForReading
        let ready: Bool = await withCheckedContinuation { readiness in
            // Blocking reads happen on a Dispatch thread, never on a Swift concurrency thread.
            DispatchQueue.global().async {
                Self.read(output, ready: readiness, into: continuation)
            }
        }
        guard ready else {
            throw DesktopSinkError.monitorFailed(detail: "dbus-monitor exited before it was monitoring")
        }
    }

    deinit {
        stop()
    }

    /// Stops the monitor; ``signals`` then finishes.
    package func stop() {
        process.withLock { process in
            if process.isRunning {
                process.terminate()
            }
        }
    }

    /// Reads the monitor's output until it ends, resuming `ready` once it prints that it is a monitor.
    private static func read(
        _ output: FileHandle, ready: CheckedContinuation<Bool, Never>,
        into continuation: AsyncStream<Signal>.Continuation
    ) {
        var isReady = false
        var buffer = Data()
        var pending: (member: String, values: [String])?
        func take(_ line: String) {
            if line.hasPrefix("signal ") {
                flush()
                if line.contains("member=NameLost") && !isReady {
                    isReady = true
                    ready.resume(returning: true)
                }
                if line.contains("interface=org.freedesktop.Notifications;"), let member = line.range(of: "member=") {
                    pending = (String(line[member.upperBound...]), [])
                }
            } else if pending != nil {
                pending?.values.append(line.trimmingCharacters(in: .whitespaces))
            }
            if let current = pending, current.values.count == 2 {
                flush()
            }
        }
        func flush() {
            defer { pending = nil }
            guard let current = pending, current.values.count == 2,
                let id = UInt32(current.values[0].dropFirst("uint32 ".count))
            else { return }
            switch current.member {
            case "ActionInvoked":
                if let actionID = GVariantText.stringLiterals(in: current.values[1])?.first {
                    continuation.yield(.actionInvoked(id: id, actionID: actionID))
                }
            case "NotificationClosed":
                if let reason = UInt32(current.values[1].dropFirst("uint32 ".count)) {
                    continuation.yield(.closed(id: id, reason: reason))
                }
            default:
                break
            }
        }
        while true {
            let chunk = output.availableData
            if chunk.isEmpty { break }
            buffer.append(chunk)
            while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                take(String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self))
                buffer = Data(buffer[buffer.index(after: newline)...])
            }
        }
        if !isReady {
            ready.resume(returning: false)
        }
        continuation.finish()
    }
}
