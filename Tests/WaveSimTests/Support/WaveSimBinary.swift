import Foundation
import TestSupport

/// Runs the built `wavesim` executable, as a user would, capturing its output and exit status.
enum WaveSimBinary {
    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// The executable, next to this test bundle's resources in the build folder.
    static var url: URL {
        Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("wavesim")
    }

    /// Runs it to its end off Swift's cooperative threads.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], input: Data? = nil,
        standardOutput: FileHandle? = nil
    ) async throws -> Result {
        try await offThePool {
            try blockingRun(arguments, environment: environment, input: input, standardOutput: standardOutput)
        }
    }

    private static func blockingRun(
        _ arguments: [String], environment: [String: String], input: Data?, standardOutput: FileHandle?
    ) throws -> Result {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.environment = environment.merging(["PATH": "/usr/bin:/bin"]) { mine, _ in mine }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = standardOutput ?? output
        process.standardError = errors
        let inputPipe = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : inputPipe
        try process.run()
        if let input {
            inputPipe.fileHandleForWriting.write(input)
            try inputPipe.fileHandleForWriting.close()
        }
        // Read both pipes before waiting, so a full pipe cannot deadlock the child.
        try output.fileHandleForWriting.close()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self))
    }
}
