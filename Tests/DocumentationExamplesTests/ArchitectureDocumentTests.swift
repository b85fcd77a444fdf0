import Foundation
import Testing

/// docs/architecture.md's target table and README.md's module table, read against Package.swift: a target the doc
/// leaves out, a dependency it does not name, or one it names that the target does not have, fails.
struct ArchitectureDocumentTests {
    /// One target of the manifest.
    struct Target {
        var name: String
        var kind: String
        var dependencies: [String]
    }

    /// One row of the doc's table: the targets it describes and the text of its "may import" column.
    struct Row {
        var targets: [String]
        var imports: String
    }

    /// Names the doc uses for a target instead of its name.
    static let aliases = ["the core": "WaveNotifications", "the adapter": "WaveLinuxAdapter"]

    static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// The manifest's targets, read from its text: `.target(name: "X", dependencies: ["A", "B"])` and the other kinds.
    static func targets() throws -> [Target] {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let pattern = try NSRegularExpression(
            pattern:
                #"\.(target|executableTarget|testTarget|systemLibrary)\(\s*name: "([A-Za-z]+)"(?:,\s*dependencies: \[([^\]]*)\])?"#
        )
        let text = manifest as NSString
        return pattern.matches(in: manifest, range: NSRange(location: 0, length: text.length)).map { match in
            let dependencies =
                match.range(at: 3).location == NSNotFound
                ? "" : text.substring(with: match.range(at: 3))
            return Target(
                name: text.substring(with: match.range(at: 2)), kind: text.substring(with: match.range(at: 1)),
                dependencies: dependencies.split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(
                        in: CharacterSet(charactersIn: "\""))
                }.filter { !$0.isEmpty })
        }
    }

    /// The rows of a Markdown table that starts with `header`, split into cells.
    static func tableRows(in file: String, header: String) throws -> [[String]] {
        let lines = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: header) else { return [] }
        return lines[(start + 2)...].prefix { $0.hasPrefix("|") }.map { line in
            line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast().map(String.init)
        }
    }

    /// The backticked names in a cell (`WaveSim`, `CDBus`), paths left out.
    static func names(in cell: String) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().compactMap { index, piece in
            index % 2 == 1 && !piece.contains("/") ? String(piece) : nil
        }
    }

    static func architectureRows() throws -> [Row] {
        try tableRows(in: "docs/architecture.md", header: "| target | what lives there | may import |").map { cells in
            Row(targets: names(in: cells[0]), imports: cells[2])
        }
    }

    @Test func everyTargetHasARowAndEveryRowNamesRealTargets() throws {
        let targets = try Self.targets()
        #expect(targets.count > 20, "Package.swift was not read: \(targets.count) targets")
        let described = Set(try Self.architectureRows().flatMap(\.targets))
        for target in targets where target.kind != "testTarget" && target.kind != "systemLibrary" {
            #expect(described.contains(target.name), "docs/architecture.md has no row for \(target.name)")
        }
        let names = Set(targets.map(\.name))
        for row in try Self.architectureRows() {
            for name in row.targets where !names.contains(name) {
                Issue.record("docs/architecture.md describes \(name), which Package.swift does not have")
            }
        }
    }

    @Test func eachRowNamesExactlyItsTargetsDependencies() throws {
        let targets = try Self.targets()
        let byName = Dictionary(uniqueKeysWithValues: targets.map { ($0.name, $0) })
        for row in try Self.architectureRows() {
            let rowTargets = row.targets.compactMap { byName[$0] }
            // A row of test targets names the products they use in words, not each one.
            guard !rowTargets.isEmpty, rowTargets.allSatisfy({ $0.kind != "testTarget" }) else { continue }
            let actual = Set(rowTargets.flatMap(\.dependencies)).subtracting(row.targets)
            var named = Set(Self.names(in: row.imports).filter { byName[$0] != nil })
            for (alias, target) in Self.aliases where row.imports.contains(alias) {
                named.insert(target)
            }
            for missing in actual.subtracting(named).sorted() {
                Issue.record(
                    "docs/architecture.md: \(row.targets.joined(separator: ", ")) imports \(missing), not named")
            }
            for extra in named.subtracting(actual).sorted() {
                Issue.record(
                    "docs/architecture.md: \(row.targets.joined(separator: ", ")) is said to import \(extra), which Package.swift does not give it"
                )
            }
        }
    }

    /// The targets a user of the package meets: its libraries and tools, not the system libraries, test helpers,
    /// probes and `@main` shells.
    @Test func readmesModuleTableNamesEveryLibraryAndTool() throws {
        let table = try Self.tableRows(in: "README.md", header: "| target | what it is |")
        #expect(!table.isEmpty, "README.md has no module table")
        let named = Set(table.flatMap { Self.names(in: $0[0]) })
        let internalOnly: Set = [
            "TestSupport", "IOSFrameworkStandIns", "GrowBroSendProbe", "WaveStateProbe", "WaveStoreProbe",
        ]
        for target in try Self.targets()
        where (target.kind == "target" || target.kind == "executableTarget") && !internalOnly.contains(target.name)
            && !target.name.hasSuffix("CLI")
        {
            #expect(named.contains(target.name), "README.md's module table does not name \(target.name)")
        }
    }
}
