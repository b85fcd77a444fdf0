import GrowBroNotifications
import Testing
import WaveNotifications

/// GrowBro's allowlisted router (`DeepLinkRouter.growBro`): the hostile corpus, the order of the checks, id lengths.
struct GrowBroLinkRouterTests {
    @Test(arguments: HostileLink.all)
    func hostileCorpusGetsItsExpectedAnswer(link: HostileLink) {
        let answer: HostileLink.Expected
        do {
            answer = .accepted(try DeepLinkRouter.growBro.route(utf8: link.bytes))
        } catch {
            answer = .rejected(error)
        }
        #expect(answer == link.expected)
    }

    @Test func corpusCoversEveryReasonAndEveryRoute() {
        var reasons: [DeepLinkRouteRejection: Int] = [:]
        var routes: Set<String> = []
        for link in HostileLink.all {
            switch link.expected {
            case .rejected(let reason): reasons[reason, default: 0] += 1
            case .accepted(let match): routes.insert(match.route)
            }
        }
        for reason in DeepLinkRouteRejection.allCases {
            #expect(reasons[reason, default: 0] >= 5, "reason \(reason.rawValue)")
        }
        #expect(routes == Set(DeepLinkRouter.growBro.routes.map(\.name)))
    }

    @Test(arguments: [
        // Each link fails two checks; the earlier one in the spec's order is reported.
        ("javascript://growbro.app/post/1?redirect=x\u{0}", DeepLinkRouteRejection.encoding),
        ("http://a@b:1/post/1", .scheme),
        ("https://a@growbro.app:1/post/1", .userInfo),
        ("https://evil.com:1/post/1", .port),
        ("https://evil.com/post/..", .host),
        ("growbro://post/../a.b", .path),
        ("growbro://post/a.b?redirect=x", .id),
        ("growbro:post/a.b", .path),
    ])
    func theFirstFailingCheckWins(link: String, expected: DeepLinkRouteRejection) {
        #expect(throws: expected) { try DeepLinkRouter.growBro.route(link) }
    }

    @Test func idsOfSixtyFourCharactersAreAcceptedAndSixtyFiveAreNot() throws {
        let ok = String(repeating: "x", count: 64)
        #expect(try DeepLinkRouter.growBro.route("growbro://task/\(ok)").parameters == ["id": ok])
        #expect(throws: DeepLinkRouteRejection.id) { try DeepLinkRouter.growBro.route("growbro://task/\(ok)y") }
    }

}
