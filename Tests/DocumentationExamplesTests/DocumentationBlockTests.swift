import Foundation
import Testing

/// Every ```swift block of README.md and docs/*.md is checked, by the marker on the line before it:
///
/// - `<!-- example: Examples/Name.swift -->`: the block is the text of a compiled file of this target, verbatim: its
///   lines between `// example-begin` and `// example-end` (a block indented in a list is compared without its
///   indentation). An iOS example imports an Apple framework on iOS and a stand-in here, after its markers
///   (`#if os(iOS)`, `import UserNotifications`, `#else`, `import IOSFrameworkStandIns`, `#endif`): its block must
///   show `import UserNotifications` too, the one line it may have beyond the file's example, so it reads as iOS code.
/// - `<!-- checked-by: Tests/Target/File.swift -->`: the block is compiled and checked verbatim by that test file
///   (its own test); here, that the file contains the block's code.
/// - `<!-- manifest: Package.swift -->`: a fragment of an app's manifest, which cannot compile alone; here, that
///   every `.product(name:package:)` it names is a library of this package's Package.swift, under its package name.
struct DocumentationBlockTests {
    /// The package's root folder.
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The documents whose Swift blocks must be compiled examples, relative to the root.
    static func documents() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }
            .map { "docs/\($0)" }
        return ["README.md"] + docs.sorted()
    }

    /// How a block is checked, from the comment on the line before it.
    enum Marker: Hashable {
        /// A compiled file of this target, `Examples/Name.swift`.
        case example(String)
        /// A test file that compiles and checks the block itself, relative to the root.
        case checkedBy(String)
        /// A fragment of an app's `Package.swift`.
        case manifest
    }

    /// One ```swift block: where it starts and the marker before it.
    struct Block {
        var document: String
        var line: Int
        var code: String
        var marker: Marker?

        /// The example file the marker names, if it names one.
        var exampleFile: String? {
            get {
                guard case .example(let file) = marker else { return nil }
                return file
            }
            set { marker = newValue.map(Marker.example) }
        }
    }

    static func blocks(in document: String) throws -> [Block] {
        let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        var blocks: [Block] = []
        var index = 0
        while index < lines.count {
            let trimmed = lines[index].drop { $0 == " " }
            guard trimmed == "```swift" else {
                index += 1
                continue
            }
            let indentation = lines[index].count - trimmed.count
            let marker = index > 0 ? Self.marker(in: lines[index - 1]) : nil
            var code: [String] = []
            var end = index + 1
            while end < lines.count, lines[end].drop(while: { $0 == " " }) != "```" {
                code.append(String(lines[end].dropFirst(min(indentation, lines[end].prefix { $0 == " " }.count))))
                end += 1
            }
            blocks.append(
                Block(document: document, line: index + 1, code: code.joined(separator: "\n"), marker: marker))
            index = end + 1
        }
        return blocks
    }

    /// The marker of a line, or `nil` when the line is not one.
    private static func marker(in line: String) -> Marker? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("<!-- "), trimmed.hasSuffix(" -->") else { return nil }
        let body = trimmed.dropFirst("<!-- ".count).dropLast(" -->".count)
        for (prefix, marker) in [("example: ", Marker.example), ("checked-by: ", Marker.checkedBy)]
        where body.hasPrefix(prefix) {
            return marker(String(body.dropFirst(prefix.count)))
        }
        return body == "manifest: Package.swift" ? .manifest : nil
    }

    /// The lines between the example markers of a file of this target, and the frameworks it imports on iOS only
    /// (an `import` right after an `#if` line, outside the markers).
    static func example(in file: String) throws -> (code: String, iOSImports: Set<String>)? {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(file)
        guard let source = try? String(contentsOf: url, encoding: .utf8) else { return nil }
        let lines = source.components(separatedBy: "\n")
        guard let begin = lines.firstIndex(of: "// example-begin"), let end = lines.firstIndex(of: "// example-end"),
            begin < end
        else { return nil }
        let outside = Array(lines[..<begin]) + Array(lines[(end + 1)...])
        let iOSImports = zip(outside, outside.dropFirst()).filter { $0.0.hasPrefix("#if ") }
            .map { $0.1.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("import ") }
        return (lines[(begin + 1)..<end].joined(separator: "\n"), Set(iOSImports))
    }

    /// What is wrong with a block, or `nil` when it is checked as its marker says and passes.
    static func problem(with block: Block) throws -> String? {
        switch block.marker {
        case nil:
            return
                "no <!-- example: Examples/….swift --> (or checked-by:, manifest:) comment on the line before the block"
        case .example(let file):
            guard let (code, iOSImports) = try example(in: file) else {
                return "\(file) does not exist in Tests/DocumentationExamplesTests or has no example-begin/end markers"
            }
            let lines = block.code.components(separatedBy: "\n")
            guard iOSImports.isSubset(of: lines) else {
                return "the block lacks \(iOSImports.subtracting(lines).sorted()), which \(file) imports on iOS"
            }
            guard lines.filter({ !iOSImports.contains($0) }).joined(separator: "\n") == code else {
                return "the block differs from the code between the markers of \(file)"
            }
            return nil
        case .checkedBy(let file):
            guard let source = try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8) else {
                return "\(file) does not exist"
            }
            return source.contains(block.code + "\n") ? nil : "\(file) does not contain the block verbatim"
        case .manifest:
            return try manifestProblem(with: block.code)
        }
    }

    /// What is wrong with an app's manifest fragment: a product that is not a library of this package, or a package
    /// other than this one's (its name in lowercase words joined by "-", as an app's dependency names it), in a
    /// product or in the `.package(name:path:)` dependency that names the package.
    static func manifestProblem(with fragment: String) throws -> String? {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let libraries = Set(manifest.matches(of: /\.library\(name: "([^"]+)"/).map { String($0.1) })
        let packageName = try #require(manifest.firstMatch(of: /name: "([^"]+)"/)).1
        let identity = packageName.replacing(/([a-z])([A-Z])/) { "\($0.1)-\($0.2)" }.lowercased()
        let products = fragment.matches(of: /\.product\(name: "([^"]+)", package: "([^"]+)"\)/)
        guard !products.isEmpty else { return "the manifest fragment names no .product(name:package:)" }
        for dependency in fragment.matches(of: /\.package\(name: "([^"]+)", path: "[^"]+"\)/)
        where dependency.1 != identity {
            return "the dependency names package \"\(dependency.1)\", not this package (\(identity))"
        }
        for product in products {
            guard libraries.contains(String(product.1)) else {
                return "\(product.1) is not a library product of Package.swift"
            }
            guard product.2 == identity else { return "package \"\(product.2)\" is not this package (\(identity))" }
        }
        return nil
    }

    @Test(arguments: try documents())
    func everySwiftBlockIsACompiledExampleVerbatim(document: String) throws {
        for block in try Self.blocks(in: document) {
            if let problem = try Self.problem(with: block) {
                Issue.record("\(block.document):\(block.line): \(problem)")
            }
        }
    }

    @Test func theCheckFindsBlocksAndCatchesDrift() throws {
        let blocks = try Self.documents().flatMap { try Self.blocks(in: $0) }
        #expect(blocks.count >= 25)
        let first = try #require(blocks.first { $0.exampleFile == "Examples/LinuxAdapterFirstUse.swift" })
        #expect(try Self.problem(with: first) == nil)
        var drifted = first
        drifted.code += "\n// a line only the doc has"
        #expect(try Self.problem(with: drifted)?.contains("differs") == true)
        drifted.exampleFile = "Examples/Missing.swift"
        #expect(try Self.problem(with: drifted)?.contains("does not exist") == true)
        drifted.exampleFile = nil
        #expect(try Self.problem(with: drifted)?.contains("no <!-- example") == true)
        drifted.marker = .checkedBy("Tests/WaveNotificationsTests/ReadmeExampleTests.swift")
        #expect(try Self.problem(with: drifted)?.contains("does not contain") == true)
    }

    @Test func anIOSExampleMustShowItsFrameworkImportAndNothingElseBeyondItsFile() throws {
        let blocks = try Self.blocks(in: "docs/conformers.md")
        var iOS = try #require(blocks.first { $0.exampleFile == "Examples/IOSBackgroundRefresh.swift" })
        #expect(try Self.problem(with: iOS) == nil)
        #expect(iOS.code.hasPrefix("import BackgroundTasks\n"))
        iOS.code = String(iOS.code.dropFirst("import BackgroundTasks\n".count))
        #expect(try Self.problem(with: iOS)?.contains("lacks [\"import BackgroundTasks\"]") == true)
        iOS.code = "import UserNotifications\nimport BackgroundTasks\n" + iOS.code
        #expect(try Self.problem(with: iOS)?.contains("differs") == true)
    }

    @Test func theManifestFragmentNamesThisPackagesLibraries() throws {
        let blocks = try Self.blocks(in: "docs/conformers.md")
        let fragment = try #require(blocks.first { $0.marker == .manifest })
        #expect(fragment.code.contains(#".product(name: "WaveNotificationsTesting", package: "wave-notifications")"#))
        #expect(try Self.problem(with: fragment) == nil)
        let renamed = fragment.code.replacing("WaveNotificationsTesting", with: "WaveTesting")
        #expect(try Self.manifestProblem(with: renamed) == "WaveTesting is not a library product of Package.swift")
        let otherPackage = fragment.code.replacing("wave-notifications", with: "wavenotifications")
        #expect(try Self.manifestProblem(with: otherPackage)?.contains("not this package") == true)
        #expect(fragment.code.contains(#".package(name: "wave-notifications", path: "../wave-notifications")"#))
        let otherDependency = fragment.code.replacing(
            #"name: "wave-notifications", path"#, with: #"name: "waves", path"#)
        #expect(
            try Self.manifestProblem(with: otherDependency)
                == "the dependency names package \"waves\", not this package (wave-notifications)")
    }
}
