import Foundation
import Testing

/// The README's replay excerpts are real: each `<!-- excerpt:NAME: swift run wavesim ARGS -->` block's lines (but
/// the `…` that mark cuts) appear, in order, in what that command prints now.
struct ReadmeExcerptTests {
    struct Excerpt: CustomTestStringConvertible {
        var name: String
        var arguments: [String]
        var lines: [String]

        var testDescription: String { name }
    }

    static let excerpts: [Excerpt] = {
        let readme =
            (try? String(contentsOf: Fixture.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
        var result: [Excerpt] = []
        var current: Excerpt?
        var inBlock = false
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("<!-- excerpt:"), let colon = line.dropFirst(13).firstIndex(of: ":") {
                let name = String(line.dropFirst(13)[..<colon])
                let command = line[line.index(after: colon)...].replacingOccurrences(of: "-->", with: "")
                    .trimmingCharacters(in: .whitespaces)
                let words = command.split(separator: " ").map(String.init)
                current = Excerpt(name: name, arguments: Array(words.dropFirst(3)), lines: [])
            } else if line.hasPrefix("<!-- /excerpt:"), let finished = current {
                result.append(finished)
                current = nil
            } else if current != nil && line.hasPrefix("```") {
                inBlock.toggle()
            } else if inBlock && line != "…" {
                current?.lines.append(line)
            }
        }
        return result
    }()

    @Test func everyAppHasAnExcerpt() {
        #expect(Set(Self.excerpts.map(\.name)) == ["worldwidewaves", "gonow", "hydracat", "shadow", "growbro"])
        #expect(Self.excerpts.allSatisfy { $0.arguments.first == "replay" && !$0.lines.isEmpty })
    }

    @Test(arguments: excerpts)
    func theExcerptIsWhatTheCommandPrints(excerpt: Excerpt) async {
        let arguments = excerpt.arguments.map {
            $0.hasSuffix(".json") ? Fixture.repositoryRoot.appendingPathComponent($0).path : $0
        }
        let run = await ReplayRun.wavesim(arguments)
        #expect(run.status == 0)
        var remaining = run.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)[
            ...]
        for line in excerpt.lines {
            guard let found = remaining.firstIndex(of: line) else {
                Issue.record("\(excerpt.name): not printed (in this order): \(line)")
                return
            }
            remaining = remaining[(found + 1)...]
        }
    }
}
