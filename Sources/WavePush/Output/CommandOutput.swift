internal import Foundation
internal import WaveNotifications

/// Where a command writes: a file descriptor's stream, or a buffer a test reads back.
public final class CommandOutput: Sendable {
    private enum Target {
        case handle(FileHandle)
        case buffer
    }

    private struct State {
        var pending: [UInt8] = []
        var collected: [UInt8] = []
        var failed = false
    }

    private let target: Target
    private let state = WaveLock(State())

    private init(_ target: Target) {
        self.target = target
    }

    /// The process's standard output.
    public static var standardOutput: CommandOutput { CommandOutput(.handle(.standardOutput)) }
    /// The process's standard error.
    public static var standardError: CommandOutput { CommandOutput(.handle(.standardError)) }

    /// A buffer, read back with ``text``.
    ///
    /// - Returns: The output.
    public static func buffer() -> CommandOutput { CommandOutput(.buffer) }

    /// Everything written to a buffer, as text.
    public var text: String {
        state.withLock { String(decoding: $0.collected + $0.pending, as: UTF8.self) }
    }

    /// Whether a write failed (a closed pipe, a full disk).
    public var hasFailed: Bool { state.withLock { $0.failed } }

    /// Writes one line.
    ///
    /// - Parameter line: The line, without its newline.
    public func writeLine(_ line: String) {
        write(line + "\n")
    }

    /// Writes text.
    ///
    /// - Parameter text: The text.
    public func write(_ text: String) {
        let full = state.withLock { state in
            state.pending.append(contentsOf: text.utf8)
            return state.pending.count >= 64 * 1024
        }
        if full { flush() }
    }

    /// Writes what is buffered to the stream.
    public func flush() {
        state.withLock { state in
            guard !state.pending.isEmpty else { return }
            switch target {
            case .buffer:
                state.collected += state.pending
            case .handle(let handle):
                do {
                    try handle.write(contentsOf: state.pending)
                } catch {
                    state.failed = true
                }
            }
            state.pending.removeAll(keepingCapacity: true)
        }
    }
}
