import Foundation
import GoNowNotifications
import GrowBroNotifications
import HydracatNotifications
import ShadowNotifications
import Testing
import WaveNotifications

/// Every deep link an app puts on a delivered notification is accepted by that app's allowlisted router: the links
/// the apps build and the routes each app module declares for them cannot drift apart.
struct AppDeepLinkTests {
    @Test(arguments: [
        ("events.json", "worldwidewaves"), ("gonow.json", "gonow"), ("hydracat.json", "hydracat"),
        ("shadow.json", "shadow"), ("growbro.json", "growbro"),
    ])
    func everyDeliveredLinkOfAnExampleIsRoutedByItsAppsRouter(example: String, app: String) async throws {
        let router = try #require(
            [
                "worldwidewaves": DeepLinkRouter.worldWideWaves, "gonow": .goNow, "hydracat": .hydracat,
                "shadow": .shadow, "growbro": .growBro,
            ][app])
        let path = Fixture.repositoryRoot.appendingPathComponent("Examples/\(example)").path
        let run = await ReplayRun.wavesim(["replay", path, "--format", "json"])
        #expect(run.status == 0)
        let links = run.deliveries.compactMap { $0["deepLink"] as? String }
        #expect(links.count == run.deliveries.count && !links.isEmpty)
        for link in Set(links) {
            #expect(throws: Never.self, "\(link)") { try router.route(link) }
        }
    }
}
