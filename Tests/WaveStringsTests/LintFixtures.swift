import Foundation

/// Locates the test target's `Fixtures/Lint` folders.
enum LintFixtures {
    /// The `Fixtures/Lint/<name>` folder copied into the test bundle.
    static func directory(_ name: String) -> URL {
        Bundle.module.url(forResource: "Fixtures", withExtension: nil)!
            .appendingPathComponent("Lint", isDirectory: true)
            .appendingPathComponent(name, isDirectory: true)
    }
}
