import Foundation
import Testing

/// docs/architecture.md and README.md say what Package.swift says: every target in one row of the architecture's
/// tables with exactly its dependencies, every folder of a library's or tool's target named in its row, and
/// every product in README's module table. Package.swift is read as text, as a reader reads it: a target added,
/// a dependency added or dropped, or a folder made without the doc following fails here, naming the target.
struct ArchitectureDocumentTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A target of Package.swift, as its declaration reads.
    struct DeclaredTarget: Sendable, CustomStringConvertible {
        var name: String
        var kind: String
        var dependencies: Set<String>
        var path: String?

        /// The folder of its sources, as SwiftPM finds it.
        var folder: String {
            if let path { return path }
            if kind == "testTarget" { return "Tests/\(name)" }
            return "Sources/\(name)"
        }

        var description: String { name }
    }

    /// A row of a markdown table: its cells, trimmed.
    struct Row: Sendable {
        var cells: [String]
        var line: Int
    }

    private static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The first capture group of every match of `pattern` in `text`.
    static func captures(_ pattern: String, in text: some StringProtocol) -> [String] {
        guard let regex = try? Regex(pattern) else { return [] }
        return String(text).matches(of: regex).compactMap { match in
            match.output.count > 1 ? match.output[1].substring.map(String.init) : nil
        }
    }

    /// The text of the call that opens at `open` (a `(`), up to its matching `)`; comments and strings skipped.
    private static func call(in text: [Character], from open: Int) -> String {
        var depth = 0
        var index = open
        var inString = false
        while index < text.count {
            let character = text[index]
            if inString {
                if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if character == "/", index + 1 < text.count, text[index + 1] == "/" {
                while index < text.count, text[index] != "\n" { index += 1 }
            } else if character == "(" {
                depth += 1
            } else if character == ")" {
                depth -= 1
                if depth == 0 { return String(text[open...index]) }
            }
            index += 1
        }
        return String(text[open...])
    }

    /// Every `.target`, `.executableTarget`, `.systemLibrary` and `.testTarget` of Package.swift.
    static func declaredTargets(in manifest: String) -> [DeclaredTarget] {
        let characters = Array(manifest)
        let text = String(characters)
        var targets: [DeclaredTarget] = []
        for kind in ["target", "executableTarget", "systemLibrary", "testTarget"] {
            var searchStart = text.startIndex
            while let range = text.range(of: ".\(kind)(", range: searchStart..<text.endIndex) {
                let open = text.distance(from: text.startIndex, to: range.upperBound) - 1
                let body = call(in: characters, from: open)
                searchStart = range.upperBound
                guard let name = captures(#"name:\s*"([^"]+)""#, in: body).first else { continue }
                var dependencies: Set<String> = []
                if let list = body.range(of: "dependencies:") {
                    let rest = body[list.upperBound...]
                    if let close = rest.firstIndex(of: "]") {
                        dependencies = Set(captures(#""([^"]+)""#, in: rest[..<close]))
                    }
                }
                let path = captures(#"path:\s*"([^"]+)""#, in: body).first
                targets.append(DeclaredTarget(name: name, kind: kind, dependencies: dependencies, path: path))
            }
        }
        return targets
    }

    /// The products of Package.swift: each library's name, and each executable's name with its target.
    static func declaredProducts(in manifest: String) -> (libraries: [String], executables: [String]) {
        (
            captures(#"\.library\(\s*name:\s*"([^"]+)""#, in: manifest),
            captures(#"\.executable\(\s*name:\s*"([^"]+)""#, in: manifest)
        )
    }

    /// The rows of the markdown table whose header line starts with `header`.
    static func rows(after header: String, in document: String) -> [Row] {
        let lines = document.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.hasPrefix(header) }) else { return [] }
        var rows: [Row] = []
        var index = start + 2
        while index < lines.count, lines[index].hasPrefix("|") {
            let cells = lines[index].split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
            rows.append(Row(cells: cells, line: index + 1))
            index += 1
        }
        return rows
    }

    /// The names in backticks of a cell, without folders (`Fuzz/`) and without those in parentheses, which name an
    /// executable or a main type beside a target.
    static func namedTargets(in cell: String) -> [String] {
        let parentheses = try? Regex(#"\([^)]*\)"#)
        let withoutParentheses = parentheses.map { cell.replacing($0, with: "") } ?? cell
        return captures(#"`([A-Za-z][A-Za-z0-9]*)`"#, in: withoutParentheses)
    }

    /// What a row's "may import" cell names among the package's targets; "the core" is `WaveNotifications`.
    static func namedDependencies(in cell: String, targets: Set<String>) -> Set<String> {
        var named = Set(captures(#"`([A-Za-z][A-Za-z0-9]*)`"#, in: cell)).intersection(targets)
        if cell.contains("the core") { named.insert("WaveNotifications") }
        return named
    }

    /// The rows of the architecture's main table.
    private static func targetRows() throws -> [Row] {
        rows(after: "| target | what lives there | may import |", in: try text("docs/architecture.md"))
    }

    /// The architecture's rows, the main table's and the test targets'.
    private static func architectureRows() throws -> [Row] {
        try targetRows()
            + rows(after: "| test target | what it tests | may import |", in: try text("docs/architecture.md"))
    }

    @Test func everyTargetHasOneRowAndEveryRowNamesATarget() throws {
        let targets = Self.declaredTargets(in: try Self.text("Package.swift"))
        #expect(targets.count > 40, "Package.swift read: \(targets.count) targets")
        let names = Set(targets.map(\.name))
        var rowsByTarget: [String: [Int]] = [:]
        for row in try Self.architectureRows() {
            for name in Self.namedTargets(in: row.cells[0]) {
                rowsByTarget[name, default: []].append(row.line)
                #expect(names.contains(name), "docs/architecture.md:\(row.line) names `\(name)`, not a target")
            }
        }
        for target in targets {
            let lines = rowsByTarget[target.name] ?? []
            #expect(lines.count == 1, "`\(target.name)` in \(lines.count) rows of docs/architecture.md, not one")
        }
    }

    @Test func everyRowSaysWhatItsTargetsDependOn() throws {
        let targets = Self.declaredTargets(in: try Self.text("Package.swift"))
        let byName = Dictionary(targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let names = Set(byName.keys)
        for row in try Self.architectureRows() {
            let named = Self.namedDependencies(in: row.cells[2], targets: names)
            for name in Self.namedTargets(in: row.cells[0]) {
                guard let target = byName[name] else { continue }
                let missing = target.dependencies.subtracting(named).sorted()
                let extra = named.subtracting(target.dependencies).subtracting([name]).sorted()
                #expect(missing.isEmpty, "docs/architecture.md:\(row.line): `\(name)` also imports \(missing)")
                #expect(extra.isEmpty, "docs/architecture.md:\(row.line): `\(name)` does not import \(extra)")
            }
        }
    }

    @Test func everyFolderOfATargetIsNamedInItsRow() throws {
        let targets = Self.declaredTargets(in: try Self.text("Package.swift"))
        let byName = Dictionary(targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let files = FileManager.default
        for row in try Self.targetRows() {
            let rowTargets = Self.namedTargets(in: row.cells[0]).compactMap { byName[$0] }
            guard !rowTargets.isEmpty, row.cells[1] != "" else { continue }
            let mentioned = Set(
                Self.captures(#"`([A-Za-z][A-Za-z0-9]*)/[^`]*`"#, in: row.cells[1])
                    + Self.captures(#"/([A-Za-z][A-Za-z0-9]*)/`"#, in: row.cells[1]))
            var existing: Set<String> = []
            for target in rowTargets {
                let folder = Self.root.appendingPathComponent(target.folder)
                let top = (try? files.contentsOfDirectory(atPath: folder.path)) ?? []
                for entry in top.sorted() {
                    var isDirectory: ObjCBool = false
                    let path = folder.appendingPathComponent(entry).path
                    guard files.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                        continue
                    }
                    #expect(
                        mentioned.contains(entry),
                        "docs/architecture.md:\(row.line): \(target.folder)/\(entry)/ is not named in its row")
                }
                let all = files.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
                for relative in all {
                    var isDirectory: ObjCBool = false
                    let path = folder.appendingPathComponent(relative).path
                    if files.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                        existing.insert((relative as NSString).lastPathComponent)
                    }
                }
            }
            for folder in mentioned.sorted() {
                #expect(
                    existing.contains(folder),
                    "docs/architecture.md:\(row.line) names `\(folder)/`, a folder of none of \(rowTargets)")
            }
        }
    }

    @Test func readmeModuleTableNamesEveryProductAndOnlyTargets() throws {
        let manifest = try Self.text("Package.swift")
        let names = Set(Self.declaredTargets(in: manifest).map(\.name))
        let products = Self.declaredProducts(in: manifest)
        let rows = Self.rows(after: "| target | what it is |", in: try Self.text("README.md"))
        #expect(!rows.isEmpty, "README.md has its module table")
        var namedTargets: Set<String> = []
        var namedExecutables: Set<String> = []
        for row in rows {
            for name in Self.namedTargets(in: row.cells[0]) {
                namedTargets.insert(name)
                #expect(names.contains(name), "README.md:\(row.line) names `\(name)`, not a target")
            }
            namedExecutables.formUnion(Self.captures(#"\(`([a-z][a-z0-9]*)`\)"#, in: row.cells[0]))
        }
        for library in products.libraries {
            #expect(namedTargets.contains(library), "README.md's module table lacks the product `\(library)`")
        }
        for executable in products.executables {
            #expect(namedExecutables.contains(executable), "README.md's module table lacks `\(executable)`")
        }
    }

    /// Every path docs/architecture.md names (a backticked name with a slash and no space: `Tests/TestSupport`,
    /// `Sources/WaveNotificationsTesting/Devices/DeviceRunLoop.swift`, `Scenario/Decoding/`) exists, from the
    /// package's root or as the end of a path inside `Sources/`, `Tests/`, `Resources/`, `Benchmarks/` or `scripts/`.
    @Test func everyPathTheDocumentNamesExists() throws {
        let document = try Self.text("docs/architecture.md")
        let named = Set(Self.captures(#"`([A-Za-z_.][A-Za-z0-9_+.\-]*/[A-Za-z0-9_+./\-]*)`"#, in: document))
        #expect(named.count > 40, "\(named.count) paths read")
        let files = FileManager.default
        var existing: Set<String> = []
        for top in ["Sources", "Tests", "Resources", "Benchmarks", "scripts"] {
            let folder = Self.root.appendingPathComponent(top).path
            for relative in files.enumerator(atPath: folder)?.allObjects as? [String] ?? [] {
                existing.insert("\(top)/\(relative)")
            }
        }
        for path in named.sorted() {
            let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
            let found =
                files.fileExists(atPath: Self.root.appendingPathComponent(trimmed).path)
                || existing.contains { $0.hasSuffix("/" + trimmed) }
            #expect(found, "docs/architecture.md names `\(path)`, which does not exist")
        }
    }

    /// Every type the document places in a file (a backticked type followed by its file in parentheses:
    /// `` `DeviceConditionRules` (`Devices/Conditions/DeviceConditionRules.swift` ``) is declared in that file, found
    /// from the package's root or as the end of a path inside `Sources/`, `Tests/` or `Benchmarks/`.
    @Test func everyTypeTheDocumentPlacesInAFileIsDeclaredThere() throws {
        let document = try Self.text("docs/architecture.md")
        let placed = try Regex(#"`([A-Z][A-Za-z0-9]*)`\s+\(`([A-Za-z0-9_+./\-]+\.swift)`"#)
        let files = FileManager.default
        var swiftFiles: [String] = []
        for top in ["Sources", "Tests", "Benchmarks"] {
            let folder = Self.root.appendingPathComponent(top).path
            for relative in files.enumerator(atPath: folder)?.allObjects as? [String] ?? []
            where relative.hasSuffix(".swift") {
                swiftFiles.append("\(top)/\(relative)")
            }
        }
        var checked = 0
        for match in document.matches(of: placed) {
            guard let name = match.output[1].substring.map(String.init),
                let path = match.output[2].substring.map(String.init)
            else { continue }
            let candidates = swiftFiles.filter { $0 == path || $0.hasSuffix("/" + path) }
            let declared = try candidates.contains { file in
                let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
                return !Self.captures(
                    #"(?:struct|enum|class|actor|protocol|typealias)\s+("# + name + #")\b"#, in: text
                ).isEmpty
            }
            #expect(declared, "docs/architecture.md places `\(name)` in `\(path)`, which does not declare it")
            checked += 1
        }
        #expect(checked >= 8, "\(checked) placements read")
    }

    /// The folders of `wavesim` (the list after "Its folders:"): every type of `Sources/WaveSim` a folder's item names
    /// is declared in that folder, or in the folder the item says it is from (`Scenario/`'s `DecodedReplay`), so the
    /// list says where each lives; a type of another target it names is that target's, which the item says in words.
    @Test func everyWaveSimTypeTheFolderListNamesLivesInItsFolder() throws {
        let document = try Self.text("docs/architecture.md")
        guard let start = document.range(of: "Its folders:") else {
            Issue.record("docs/architecture.md has no list after \"Its folders:\"")
            return
        }
        let list = document[start.upperBound...].drop { $0 == " " || $0 == "\n" }
        let items = list.components(separatedBy: "\n\n")[0].components(separatedBy: "\n- ")
        let files = FileManager.default
        let sources = Self.root.appendingPathComponent("Sources/WaveSim")
        var declaredIn: [String: Set<String>] = [:]
        for relative in files.enumerator(atPath: sources.path)?.allObjects as? [String] ?? []
        where relative.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(relative), encoding: .utf8)
            for name in Self.captures(#"(?:struct|enum|class|actor|protocol)\s+([A-Z][A-Za-z0-9]*)"#, in: text) {
                declaredIn[name, default: []].insert((relative as NSString).deletingLastPathComponent)
            }
        }
        #expect(items.count >= 6, "\(items.count) folders listed")
        var checked = 0
        for item in items {
            guard let folder = Self.captures(#"^-? ?`([A-Za-z]+)/"#, in: item).first else {
                Issue.record("an item of the folder list names no folder first: \(item.prefix(60))")
                continue
            }
            let placed = try Regex(#"(?:`([A-Za-z/]+)/`'s )?`([A-Z][A-Za-z0-9]*)`"#)
            for match in item.matches(of: placed) {
                guard let name = match.output[2].substring.map(String.init), let folders = declaredIn[name] else {
                    continue
                }
                let home = match.output[1].substring.map(String.init) ?? folder
                checked += 1
                #expect(
                    folders.contains { $0 == home || $0.hasPrefix(home + "/") },
                    "docs/architecture.md places `\(name)` in `\(home)/`; it is declared in \(folders.sorted())")
            }
        }
        #expect(checked > 15, "\(checked) types checked")
    }
}
