import Testing
import WaveNotifications

struct DeepLinkRouterTests {
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

    @Test func rejectionNamesAreTheSpecs() {
        #expect(
            DeepLinkRouteRejection.allCases.map(\.rawValue) == [
                "encoding", "scheme", "userinfo", "port", "host", "path", "id", "redirect",
            ])
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

    @Test(arguments: [
        (
            "gonow://today?hour=2026-03-29T06:00&mode=swim_dog", "today",
            ["hour": "2026-03-29T06:00", "mode": "swim_dog"]
        ),
        ("gonow://today?mode=run_dog", "today", ["mode": "run_dog"]),
        ("GONOW://today?mode=run_solo&utm=1#x", "today", ["mode": "run_solo"]),
    ])
    func goNowLinksAreRouted(link: String, route: String, parameters: [String: String]) throws {
        #expect(try DeepLinkRouter.goNow.route(link) == DeepLinkMatch(route: route, parameters: parameters))
    }

    @Test(arguments: [
        (
            "hydracat://log?pet=p1&schedule=s-2&slot=2026-01-05T08:00", "log",
            ["pet": "p1", "schedule": "s-2", "slot": "2026-01-05T08:00"]
        ),
        ("hydracat://progress?pet=milo", "progress", ["pet": "milo"]),
        ("hydracat://today?pet=milo", "today", ["pet": "milo"]),
        ("shadow://entry/fluids?slot=2026-06-01T10:00", "entry", ["category": "fluids", "slot": "2026-06-01T10:00"]),
        ("worldwidewaves://event?id=paris-2026", "event", ["id": "paris-2026"]),
    ])
    func otherAppsLinksAreRouted(link: String, route: String, parameters: [String: String]) throws {
        let router = [DeepLinkRouter.hydracat, .shadow, .worldWideWaves].first { $0.accepts(link) }
        #expect(try router?.route(link) == DeepLinkMatch(route: route, parameters: parameters))
    }

    @Test(arguments: [
        (DeepLinkRouter.goNow, "gonow://today", DeepLinkRouteRejection.id),
        (.goNow, "gonow://today?mode=fly", .id),
        (.goNow, "gonow://today?mode=run_dog&mode=swim_dog", .id),
        (.goNow, "gonow://today?hour=2026-13-01T06:00&mode=run_dog", .id),
        (.goNow, "gonow://today?hour=2026-03-29T24:00&mode=run_dog", .id),
        (.goNow, "gonow://today?mode=run_dog&next=x", .redirect),
        (.goNow, "gonow://tomorrow?mode=run_dog", .path),
        (.goNow, "https://gonow.app/today?mode=run_dog", .scheme),
        (.hydracat, "hydracat://log?pet=p1&schedule=s&slot=2026-01-05", .id),
        (.hydracat, "hydracat://log?pet=p1&slot=2026-01-05T08:00", .id),
        (.hydracat, "hydracat://progress?pet=a.b", .id),
        (.hydracat, "hydracat://progress", .id),
        (.hydracat, "hydracat://weekly?pet=x", .path),
        (.shadow, "shadow://entry/passwords?slot=2026-06-01T10:00", .id),
        (.shadow, "shadow://entry?slot=2026-06-01T10:00", .path),
        (.shadow, "shadow://entry/food", .id),
        (.shadow, "shadow://entry/food?slot=2026-06-01T10:00&url=x", .redirect),
        (.worldWideWaves, "worldwidewaves://event?id=\(String(repeating: "a", count: 51))", .id),
        (.worldWideWaves, "worldwidewaves://event/?id=x", .path),
        (.worldWideWaves, "worldwidewaves://evil?id=x", .path),
    ])
    func otherAppsRejectWhatTheirTablesDoNotAllow(
        router: DeepLinkRouter, link: String, expected: DeepLinkRouteRejection
    ) {
        #expect(throws: expected) { try router.route(link) }
    }

    @Test func routesAreDeclaredAsData() throws {
        let route = DeepLinkRoute("thing", path: "a/<x>/b")
        #expect(route.segments == [.literal("a"), .placeholder("x"), .literal("b")])
        let router = DeepLinkRouter(
            schemes: [.web("HTTPS", hosts: ["Example.com"])], routes: [route],
            idPattern: .characters("0123456789", length: 2...3), redirectParameterNames: ["Back"])
        #expect(router.schemes == [.web("https", hosts: ["example.com"])])
        #expect(try router.route("https://EXAMPLE.com/a/12/b").parameters == ["x": "12"])
        #expect(throws: DeepLinkRouteRejection.id) { try router.route("https://example.com/a/1/b") }
        #expect(throws: DeepLinkRouteRejection.id) { try router.route("https://example.com/a/1234/b") }
        #expect(throws: DeepLinkRouteRejection.redirect) { try router.route("https://example.com/a/12/b?BACK=1") }
        #expect(router.accepts("https://example.com/a/12/b?redirect=1"))
    }

    @Test(arguments: [
        ("2026-03-29T06:00", true), ("0000-01-01T00:00", true), ("2026-12-31T23:59", true),
        ("2026-00-01T06:00", false), ("2026-01-32T06:00", false), ("2026-01-01T06:60", false),
        ("2026-01-01 06:00", false), ("2026-01-01T6:00", false), ("2026-01-01T06:00Z", false), ("", false),
    ])
    func localDateTimePatternChecksEveryField(value: String, matches: Bool) {
        #expect(DeepLinkValuePattern.localDateTime.matches(value) == matches)
    }
}
