import GoNowNotifications
import Testing
import WaveNotifications

/// GoNow's router (`DeepLinkRouter.goNow`): the links its notifications carry, and what its table refuses.
struct GoNowLinkRouterTests {
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
        ("gonow://today", DeepLinkRouteRejection.id),
        ("gonow://today?mode=fly", .id),
        ("gonow://today?mode=run_dog&mode=swim_dog", .id),
        ("gonow://today?hour=2026-13-01T06:00&mode=run_dog", .id),
        ("gonow://today?hour=2026-03-29T24:00&mode=run_dog", .id),
        ("gonow://today?mode=run_dog&next=x", .redirect),
        ("gonow://tomorrow?mode=run_dog", .path),
        ("https://gonow.app/today?mode=run_dog", .scheme),
    ])
    func rejectsWhatItsTableDoesNotAllow(link: String, expected: DeepLinkRouteRejection) {
        #expect(throws: expected) { try DeepLinkRouter.goNow.route(link) }
    }
}
