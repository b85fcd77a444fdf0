internal import Foundation
package import WaveJSON
internal import WaveNotifications

/// A buffered, thread-safe text output: a file descriptor (standard output or error) or an in-memory capture.
///
/// Replays write hundreds of thousands of lines; buffering keeps that to a few large writes.
package final class OutputChannel: Sendable {
    private enum Destination {
        case fileDescriptor(Int32)
        case capture
    }

    private struct State {
        var buffer: [UInt8] = []
        var captured: [UInt8] = []
        var flushesEveryWrite = false
        var failed = false
    }

    private let destination: Destination
    private let state = WaveLock(State())
    /// Whether the destination is an interactive terminal (never true for a capture).
    package let isTerminal: Bool

    private static let flushThreshold = 1 << 16

    private init(destination: Destination, isTerminal: Bool) {
        self.destination = destination
        self.isTerminal = isTerminal
    }

    /// Standard output.
    package static let standardOutput = OutputChannel(
        destination: .fileDescriptor(STDOUT_FILENO), isTerminal: isatty(STDOUT_FILENO) == 1)
    /// Standard error.
    package static let standardError = OutputChannel(
        destination: .fileDescriptor(STDERR_FILENO), isTerminal: isatty(STDERR_FILENO) == 1)

    /// A channel that keeps what is written, for tests.
    ///
    /// - Parameter isTerminal: Whether to behave as a terminal would.
    /// - Returns: A new capturing channel.
    package static func capture(isTerminal: Bool = false) -> OutputChannel {
        OutputChannel(destination: .capture, isTerminal: isTerminal)
    }

    /// Writes text as is.
    ///
    /// - Parameter text: The text to write.
    package func write(_ text: String) {
        append(text, newline: false)
    }

    /// Writes text and a newline.
    ///
    /// - Parameter line: The line, without its newline.
    package func writeLine(_ line: String) {
        // Appended in place: a replay writes a line per delivery, and `line + "\n"` would copy each once more.
        append(line, newline: true)
    }

    /// Writes UTF-8 bytes (a JSON writer's line) and a newline.
    ///
    /// - Parameter bytes: The line's bytes, valid UTF-8, without its newline.
    package func writeLine(bytes: [UInt8]) {
        append(bytes, newline: true)
    }

    /// Writes a line of JSON straight into the buffer, and a newline: `write` appends to the buffered bytes through
    /// a ``JSONWriter``, so the line is never built apart and copied (a replay writes one per delivery).
    ///
    /// - Parameter write: Writes the line's value; it runs under the channel's lock, so it must not write to the
    ///   channel itself.
    package func writeJSONLine(_ write: (inout JSONWriter) -> Void) {
        let pending: [UInt8]? = state.withLock { state in
            var writer = JSONWriter(appendingTo: take(&state.buffer))
            write(&writer)
            state.buffer = writer.takeBytes()
            return finishLine(&state)
        }
        if let pending {
            emit(pending)
        }
    }

    /// Moves the buffer out of the state, so that writing into it appends in place instead of copying it.
    private func take(_ buffer: inout [UInt8]) -> [UInt8] {
        var taken: [UInt8] = []
        swap(&taken, &buffer)
        return taken
    }

    /// Ends the line just written and returns the buffer when it is due to go out, leaving an empty one.
    private func finishLine(_ state: inout State) -> [UInt8]? {
        state.buffer.append(UInt8(ascii: "\n"))
        guard state.flushesEveryWrite || state.buffer.count >= Self.flushThreshold else { return nil }
        defer { state.buffer.removeAll(keepingCapacity: true) }
        return state.buffer
    }

    private func append(_ text: String, newline: Bool) {
        var text = text
        text.withUTF8 { append($0, newline: newline) }
    }

    private func append(_ bytes: some Collection<UInt8>, newline: Bool) {
        let pending: [UInt8]? = state.withLock { state in
            state.buffer.append(contentsOf: bytes)
            if newline { state.buffer.append(UInt8(ascii: "\n")) }
            guard state.flushesEveryWrite || state.buffer.count >= Self.flushThreshold else { return nil }
            defer { state.buffer.removeAll(keepingCapacity: true) }
            return state.buffer
        }
        if let pending {
            emit(pending)
        }
    }

    /// Writes out everything buffered.
    package func flush() {
        let pending = state.withLock { state in
            defer { state.buffer.removeAll(keepingCapacity: true) }
            return state.buffer
        }
        emit(pending)
    }

    /// Makes every write go out at once, for output a person or a pipe follows live (the wall-clock replay).
    ///
    /// - Parameter enabled: `true` to write through; `false` (the default) to buffer up to 64 KiB.
    package func setFlushesEveryWrite(_ enabled: Bool) {
        state.withLock { $0.flushesEveryWrite = enabled }
        if enabled {
            flush()
        }
    }

    /// Whether a write to the destination failed (a closed pipe, a full disk): the exit status must say so.
    package var hasFailed: Bool {
        state.withLock { $0.failed }
    }

    /// Everything written to a capture so far, flushed.
    package var captured: String {
        flush()
        return state.withLock { String(decoding: $0.captured, as: UTF8.self) }
    }

    private func emit(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        switch destination {
        case .capture:
            state.withLock { $0.captured.append(contentsOf: bytes) }
        case .fileDescriptor(let descriptor):
            bytes.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let written = Foundation.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        // A closed pipe or a full disk: nothing more can be written; the exit status tells.
                        state.withLock { $0.failed = true }
                        return
                    }
                    offset += written
                }
            }
        }
    }
}
