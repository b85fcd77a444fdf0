import Foundation
import WaveCommandLine
import WavePush

/// The test fixtures and a way to run `wavepush` in process.
enum Fixtures {
    static var directory: URL {
        Bundle.module.url(forResource: "Fixtures", withExtension: nil)!
    }

    static func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    static func text(_ name: String) throws -> String {
        try String(contentsOfFile: path(name), encoding: .utf8)
    }

    /// The repository's root (for `Examples/`).
    static var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    struct Run {
        var status: Int32
        var output: String
        var errors: String
    }

    static func run(_ arguments: [String]) async -> Run {
        let output = OutputChannel.capture()
        let errors = OutputChannel.capture()
        let status = await WavePushCommand.run(arguments: arguments, standardOutput: output, standardError: errors)
        return Run(status: status, output: output.captured, errors: errors.captured)
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("wavepush-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
