import Foundation
import Testing

/// GrowBro's `push` of a reply or like may carry `authorId` (`[A-Za-z0-9_-]{1,64}`), read and checked with the scenario.
struct GrowBroAuthorIDReplayTests {
    /// Replays `growbro-pushes.json` with `authorId` set on some of its actions (index → value).
    private static func run(authorIDs: [Int: Any]) async throws -> ReplayRun {
        try await ReplayRun.app("growbro-pushes.json", arguments: ["--format", "json"]) { scenario in
            var actions = scenario["actions"] as! [[String: Any]]
            for (index, value) in authorIDs { actions[index]["authorId"] = value }
            scenario["actions"] = actions
        }
    }

    @Test func aReplyAndALikeWithAnAuthorIDReplayAsWithoutOne() async throws {
        let plain = await ReplayRun.app("growbro-pushes.json")
        let run = try await Self.run(authorIDs: [0: "zoe_1", 2: "Ben-2"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.isEmpty)
        #expect(run.lines("delivered") == plain.lines("delivered"))
        #expect(run.lines("delivered").contains { $0.hasSuffix("msg_m100") })
    }

    @Test(arguments: [
        ("a/b", "actions[0].authorId: 'a/b' is not an id; expected 1 to 64 of A-Z, a-z, 0-9, '_' and '-'"),
        ("", "actions[0].authorId: '' is not an id"),
        (String(repeating: "x", count: 65), "actions[0].authorId: '\(String(repeating: "x", count: 65))' is not an id"),
    ])
    func aMalformedAuthorIDIsAnErrorNamingItsPath(value: String, message: String) async throws {
        let run = try await Self.run(authorIDs: [0: value])
        #expect(run.status == 65)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.contains(message), "\(run.standardError)")
    }

    @Test func anAuthorIDThatIsNotTextOrOnASystemPushIsAnError() async throws {
        let run = try await Self.run(authorIDs: [2: 42, 5: "gb"])
        #expect(run.status == 65)
        #expect(run.standardError.contains("actions[2].authorId:"), "\(run.standardError)")
        #expect(
            run.standardError.contains("actions[5].authorId: is not a key of a system push"), "\(run.standardError)")
    }
}
