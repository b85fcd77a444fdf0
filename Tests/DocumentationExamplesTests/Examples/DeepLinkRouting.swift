// Shown in docs/links-and-payloads.md.
// example-begin
import GrowBroNotifications
import WaveNotifications

/// Your own app's allowlist, declared as data.
let myAppRouter = DeepLinkRouter(
    schemes: [.app("myapp"), .web("https", hosts: ["myapp.example"])],
    routes: [DeepLinkRoute("item", path: "item/<id>"), DeepLinkRoute("home", path: "home")],
    idPattern: .identifier(maximumLength: 32))

/// A GrowBro link from a push, routed by GrowBro's own table.
func routeGrowBroPost() throws -> DeepLinkMatch {
    let match = try DeepLinkRouter.growBro.route("https://growbro.app/post/42?utm=push")
    // match.route == "post", match.parameters == ["id": "42"]
    return match
}
// example-end
