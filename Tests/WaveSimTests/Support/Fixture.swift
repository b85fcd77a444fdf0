import Foundation

/// Test fixtures shipped as resources of this test target.
enum Fixture {
    /// The URL of `Fixtures/<path>`.
    static func url(_ path: String) -> URL {
        Bundle.module.resourceURL!.appendingPathComponent("Fixtures").appendingPathComponent(path)
    }

    /// The bytes of `Fixtures/<path>`.
    static func data(_ path: String) throws -> Data {
        try Data(contentsOf: url(path))
    }

    /// The repository's root folder, found from this source file.
    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }
}

/// Parses a UTC timestamp written in a test, so expectations read like the scenario files.
func instant(_ text: String) -> Date {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    if let date = formatter.date(from: text) { return date }
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.date(from: text)!
}
