import HydracatNotifications
import Testing
import WaveNotifications

/// Hydracat's router (`DeepLinkRouter.hydracat`): the links its notifications carry, and what its table refuses.
struct HydracatLinkRouterTests {
    @Test(arguments: [
        (
            "hydracat://log?pet=p1&schedule=s-2&slot=2026-01-05T08:00", "log",
            ["pet": "p1", "schedule": "s-2", "slot": "2026-01-05T08:00"]
        ),
        ("hydracat://progress?pet=milo", "progress", ["pet": "milo"]),
        ("hydracat://today?pet=milo", "today", ["pet": "milo"]),
    ])
    func linksAreRouted(link: String, route: String, parameters: [String: String]) throws {
        #expect(try DeepLinkRouter.hydracat.route(link) == DeepLinkMatch(route: route, parameters: parameters))
    }

    @Test(arguments: [
        ("hydracat://log?pet=p1&schedule=s&slot=2026-01-05", DeepLinkRouteRejection.id),
        ("hydracat://log?pet=p1&slot=2026-01-05T08:00", .id),
        ("hydracat://progress?pet=a.b", .id),
        ("hydracat://progress", .id),
        ("hydracat://weekly?pet=x", .path),
    ])
    func rejectsWhatItsTableDoesNotAllow(link: String, expected: DeepLinkRouteRejection) {
        #expect(throws: expected) { try DeepLinkRouter.hydracat.route(link) }
    }
}
