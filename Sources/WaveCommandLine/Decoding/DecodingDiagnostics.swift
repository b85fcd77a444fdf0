package import WaveJSON

/// Everything a decoding pass found: problems (the file is rejected) and warnings (something was ignored), each
/// naming its JSON path, in the order found, so every problem of a file is listed at once.
package struct DecodingDiagnostics {
    /// The problems, in the order found.
    package private(set) var problems: [ScenarioError.Problem] = []
    /// The warnings, each `path: message`, in the order found.
    package private(set) var warnings: [String] = []
    /// Whether an unknown key is a problem (app scenarios: `docs/scenario-format.md` makes it an error) rather than a
    /// warning (WorldWideWaves scenarios, whose format has always ignored them with a warning).
    package var unknownKeysAreProblems = false

    /// Creates an empty record.
    package init() {}

    /// Whether no problem was found (warnings do not count).
    package var isClean: Bool { problems.isEmpty }

    /// Records a problem at `path`.
    package mutating func problem(_ path: JSONPath, _ message: String) {
        problems.append(ScenarioError.Problem(path: path.description, message: message))
    }

    /// Records a warning at `path`.
    package mutating func warning(_ path: JSONPath, _ message: String) {
        warnings.append("\(path): \(message)")
    }
}
