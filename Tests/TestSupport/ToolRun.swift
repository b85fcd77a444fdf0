package import Foundation

/// A short-lived program run to its end (openssl, promtool, systemd-analyze, the built `wavepush`): its exit status
/// and what it printed, standard output and standard error together as written.
///
/// ``run(_:_:input:)`` waits on a Dispatch thread, never on one of Swift's cooperative threads (a test blocked on a
/// child stalls every other test's tasks on a two-core machine). Standard input is written on a thread of its own
/// while the output is read, so neither side can fill a pipe and wait for the other.
package struct ToolRun: Sendable {
    /// The exit status.
    package var status: Int32
    /// Standard output and standard error, interleaved as the program wrote them.
    package var output: String

    /// Runs a program to its end off the cooperative pool.
    ///
    /// - Parameters:
    ///   - executable: The program's absolute path.
    ///   - arguments: Its arguments.
    ///   - input: What to write to its standard input before closing it; `nil` gives it `/dev/null`.
    /// - Returns: Its status and output.
    /// - Throws: When the program cannot be started.
    package static func run(_ executable: String, _ arguments: [String], input: Data? = nil) async throws -> ToolRun {
        try await offThePool { try runBlocking(executable, arguments, input: input) }
    }

    /// Runs a program to its end on the calling thread: for a value computed once on a thread that may block (a
    /// static's initializer the first caller runs), never from an `async` function.
    ///
    /// - Parameters:
    ///   - executable: The program's absolute path.
    ///   - arguments: Its arguments.
    ///   - input: What to write to its standard input before closing it; `nil` gives it `/dev/null`.
    /// - Returns: Its status and output.
    /// - Throws: When the program cannot be started.
    package static func runBlocking(_ executable: String, _ arguments: [String], input: Data? = nil) throws -> ToolRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let inputPipe = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : inputPipe
        try process.run()
        let written = DispatchGroup()
        if let input {
            let writer = inputPipe.fileHandleForWriting
            DispatchQueue.global().async(group: written) {
                writer.write(input)
                try? writer.close()
            }
        }
        // The parent's copy of the write end closed, the read ends when the child (and anything it started) exits.
        try output.fileHandleForWriting.close()
        let said = output.fileHandleForReading.readDataToEndOfFile()
        written.wait()
        process.waitUntilExit()
        return ToolRun(status: process.terminationStatus, output: String(decoding: said, as: UTF8.self))
    }
}
