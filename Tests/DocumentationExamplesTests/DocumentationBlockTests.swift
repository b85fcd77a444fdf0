import Foundation
import Testing

/// Every ```swift block of README.md and docs/*.md is the text of a compiled file of this target, verbatim.
///
/// Before each block, `<!-- example: Examples/Name.swift -->` names the file; the block must equal the file's
/// lines between `// example-begin` and `// example-end` (a block indented in a list is compared without its
/// indentation). docs/conformers.md is skipped here: ReadmeExampleTests (WaveNotificationsTests) checks its block.
struct DocumentationBlockTests {
    /// The package's root folder.
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The documents whose Swift blocks must be compiled examples, relative to the root.
    static func documents() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") && $0 != "conformers.md" }  // conformers.md: checked by ReadmeExampleTests
            .map { "docs/\($0)" }
        return ["README.md"] + docs.sorted()
    }

    /// One ```swift block: where it starts and the example file the comment before it names.
    struct Block {
        var document: String
        var line: Int
        var code: String
        var exampleFile: String?
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
            let marker = index > 0 ? Self.exampleFile(named: lines[index - 1]) : nil
            var code: [String] = []
            var end = index + 1
            while end < lines.count, lines[end].drop(while: { $0 == " " }) != "```" {
                code.append(String(lines[end].dropFirst(min(indentation, lines[end].prefix { $0 == " " }.count))))
                end += 1
            }
            blocks.append(
                Block(document: document, line: index + 1, code: code.joined(separator: "\n"), exampleFile: marker))
            index = end + 1
        }
        return blocks
    }

    /// `Examples/Name.swift` from `<!-- example: Examples/Name.swift -->`, or `nil` when the line is not a marker.
    private static func exampleFile(named line: String) -> String? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("<!-- example: "), trimmed.hasSuffix(" -->") else { return nil }
        return String(trimmed.dropFirst("<!-- example: ".count).dropLast(" -->".count))
    }

    /// The lines between the example markers of a file of this target.
    static func exampleCode(in file: String) throws -> String? {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(file)
        guard let source = try? String(contentsOf: url, encoding: .utf8) else { return nil }
        let lines = source.components(separatedBy: "\n")
        guard let begin = lines.firstIndex(of: "// example-begin"), let end = lines.firstIndex(of: "// example-end"),
            begin < end
        else { return nil }
        return lines[(begin + 1)..<end].joined(separator: "\n")
    }

    /// What is wrong with a block, or `nil` when it is its file's example verbatim.
    static func problem(with block: Block) throws -> String? {
        guard let file = block.exampleFile else {
            return "no <!-- example: Examples/….swift --> comment on the line before the block"
        }
        guard let code = try exampleCode(in: file) else {
            return "\(file) does not exist in Tests/DocumentationExamplesTests or has no example-begin/end markers"
        }
        guard code == block.code else {
            return "the block differs from the code between the markers of \(file)"
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
        #expect(blocks.count >= 19)
        let first = try #require(blocks.first { $0.exampleFile == "Examples/LinuxAdapterFirstUse.swift" })
        #expect(try Self.problem(with: first) == nil)
        var drifted = first
        drifted.code += "\n// a line only the doc has"
        #expect(try Self.problem(with: drifted)?.contains("differs") == true)
        drifted.exampleFile = "Examples/Missing.swift"
        #expect(try Self.problem(with: drifted)?.contains("does not exist") == true)
        drifted.exampleFile = nil
        #expect(try Self.problem(with: drifted)?.contains("no <!-- example") == true)
    }
}
