internal import Dispatch
package import Foundation
internal import WaveNotifications

/// Runs a short-lived helper program and collects its output without blocking the cooperative thread pool.
package enum ProcessRunner {
    /// What a finished program left behind.
    package struct Output: Sendable {
        /// The exit status (or the terminating signal's number).
        package var status: Int32
        /// Standard output, decoded as UTF-8.
        package var standardOutput: String
        /// Standard error, decoded as UTF-8.
        package var standardError: String
    }

    /// Runs `executable` to completion.
    ///
    /// - Parameters:
    ///   - executable: The program.
    ///   - arguments: Its arguments, passed as is (no shell).
    ///   - environment: Its complete environment.
    /// - Returns: Exit status and output.
    /// - Throws: When the program could not be started.
    package static func run(
        _ executable: URL, arguments: [String], environment: [String: String]
    ) async throws -> Output {
        try await withCheckedThrowingContinuation { continuation in
            // Blocking reads and waits happen on a Dispatch thread, never on a Swift concurrency thread.
            DispatchQueue.global().async {
                continuation.resume(
                    with: Result { try runBlocking(executable, arguments: arguments, environment: environment) })
            }
        }
    }

    private static func runBlocking(
        _ executable: URL, arguments: [String], environment: [String: String]
    ) throws -> Output {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        let standardOutput = Pipe()
        let standardError = Pipe()
        process.standardOutput = standardOutput
        process.standardError = standardError
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Drain stderr concurrently so a chatty program cannot fill one pipe while we wait on the other.
        let errorData = ErrorBox()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errorData.set(standardError.fileHandleForReading.readDataToEndOfFile())
            group.leave()
        }
        let outputData = standardOutput.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData.get(), as: UTF8.self))
    }
}

/// Hands the stderr bytes from the draining thread to the waiting one.
private final class ErrorBox: Sendable {
    private let data = WaveLock(Data())

    func set(_ value: Data) { data.withLock { $0 = value } }

    func get() -> Data { data.withLock { $0 } }
}
