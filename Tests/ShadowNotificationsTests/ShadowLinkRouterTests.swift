import ShadowNotifications
import Testing
import WaveNotifications

/// Shadow's router (`DeepLinkRouter.shadow`): the links its notifications carry, and what its table refuses.
struct ShadowLinkRouterTests {
    @Test func entryLinksAreRouted() throws {
        #expect(
            try DeepLinkRouter.shadow.route("shadow://entry/fluids?slot=2026-06-01T10:00")
                == DeepLinkMatch(route: "entry", parameters: ["category": "fluids", "slot": "2026-06-01T10:00"]))
    }

    @Test(arguments: [
        ("shadow://entry/passwords?slot=2026-06-01T10:00", DeepLinkRouteRejection.id),
        ("shadow://entry?slot=2026-06-01T10:00", .path),
        ("shadow://entry/food", .id),
        ("shadow://entry/food?slot=2026-06-01T10:00&url=x", .redirect),
    ])
    func rejectsWhatItsTableDoesNotAllow(link: String, expected: DeepLinkRouteRejection) {
        #expect(throws: expected) { try DeepLinkRouter.shadow.route(link) }
    }
}
