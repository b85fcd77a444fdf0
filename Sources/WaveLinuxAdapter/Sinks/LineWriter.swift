package import Foundation
internal import WaveNotifications

/// Where a text sink's lines go, one whole line at a time even when deliveries overlap.
package final class LineWriter: Sendable {
    private enum Output: Sendable {
        case writer(@Sendable (String) -> Void)
        case file(FileHandle)
    }

    private let output: Output
    /// Serializes writes so lines from concurrent deliveries never interleave.
    private let serial = WaveLock(())

    /// Hands each line, without its newline, to `writer`.
    ///
    /// - Parameter writer: Receives one line per call.
    package init(writer: @escaping @Sendable (String) -> Void) {
        output = .writer(writer)
    }

    /// Writes each line, newline-terminated, to a file handle.
    ///
    /// - Parameter fileHandle: Where to write.
    package init(fileHandle: FileHandle) {
        output = .file(fileHandle)
    }

    /// Writes one line.
    ///
    /// - Parameter line: The line, without a trailing newline.
    /// - Throws: The file handle's write error.
    package func write(_ line: String) throws {
        try serial.withLock { _ in
            switch output {
            case .writer(let writer):
                writer(line)
            case .file(let handle):
                try handle.write(contentsOf: Data((line + "\n").utf8))
            }
        }
    }
}
