package import Foundation
import WaveNotifications

#if canImport(Glibc)
    import Glibc
#endif

/// A child process whose standard output is read line by line without blocking Swift concurrency threads.
package final class ChildProcess: Sendable {
    private let process: WaveLock<Process>
    private let output: FileHandle
    private let buffer = WaveLock(Data())
    package let pid: Int32

    package init(
        _ executable: URL, arguments: [String], environment: [String: String]? = nil, capturesOutput: Bool = true
    ) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment {
            process.environment = environment
        }
        let pipe = Pipe()
        // A child whose output nobody reads must not be able to block on a full pipe.
        process.standardOutput = capturesOutput ? pipe : FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        pid = process.processIdentifier
        output = pipe.fileHandleForReading
        self.process = WaveLock(process)
    }

    /// The next line of output, or `nil` at end of output.
    package func nextLine() async -> String? {
        await offThePool { self.blockingNextLine() }
    }

    /// Every remaining line, once the child has closed its output (exited).
    package func remainingLines() async -> [String] {
        await offThePool {
            var lines: [String] = []
            while let line = self.blockingNextLine() {
                lines.append(line)
            }
            return lines
        }
    }

    /// Sends a signal and waits for the child to exit.
    package func kill(_ signal: Int32) async {
        _ = Foundation.kill(pid, signal)
        await offThePool { self.process.withLock { $0.waitUntilExit() } }
    }

    /// Waits for the child to exit.
    ///
    /// - Returns: Its exit status.
    package func waitForExit() async -> Int32 {
        await offThePool {
            self.process.withLock { process in
                process.waitUntilExit()
                return process.terminationStatus
            }
        }
    }

    /// Kills the child (SIGKILL) and waits for it; safe in a `defer`.
    ///
    /// SIGKILL because children spawned from a Dispatch or Swift concurrency thread inherit its signal mask,
    /// in which SIGTERM is blocked, so a polite SIGTERM would never arrive.
    package func terminate() {
        if isRunning {
            _ = Foundation.kill(pid, SIGKILL)
        }
        process.withLock { $0.waitUntilExit() }
    }

    package var isRunning: Bool { process.withLock { $0.isRunning } }

    private func blockingNextLine() -> String? {
        while true {
            let line: String? = buffer.withLock { data in
                guard let newline = data.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
                let line = String(decoding: data[data.startIndex..<newline], as: UTF8.self)
                data = Data(data[data.index(after: newline)...])
                return line
            }
            if let line {
                return line
            }
            let chunk = output.availableData
            if chunk.isEmpty {
                return nil
            }
            buffer.withLock { $0.append(chunk) }
        }
    }
}
