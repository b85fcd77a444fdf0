import Testing
import WaveNotifications

struct DeepLinkRouterTests {
    @Test func rejectionNamesAreTheSpecs() {
        #expect(
            DeepLinkRouteRejection.allCases.map(\.rawValue) == [
                "encoding", "scheme", "userinfo", "port", "host", "path", "id", "redirect",
            ])
    }

    @Test func worldWideWavesLinksAreRouted() throws {
        #expect(
            try DeepLinkRouter.worldWideWaves.route("worldwidewaves://event?id=paris-2026")
                == DeepLinkMatch(route: "event", parameters: ["id": "paris-2026"]))
    }

    @Test(arguments: [
        ("worldwidewaves://event?id=\(String(repeating: "a", count: 51))", DeepLinkRouteRejection.id),
        ("worldwidewaves://event/?id=x", .path),
        ("worldwidewaves://evil?id=x", .path),
    ])
    func worldWideWavesRejectsWhatItsTableDoesNotAllow(link: String, expected: DeepLinkRouteRejection) {
        #expect(throws: expected) { try DeepLinkRouter.worldWideWaves.route(link) }
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
