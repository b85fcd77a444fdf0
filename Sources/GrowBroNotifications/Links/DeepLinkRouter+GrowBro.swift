public import WaveNotifications

extension DeepLinkRouter {
    /// GrowBro's links: `growbro://` and `https://growbro.app` / `https://staging.growbro.app`, routes
    /// `post/<id>`, `profile/<id>`, `task/<id>`, `calendar`, `inbox`, `settings/notifications`, ids
    /// `[A-Za-z0-9_-]{1,64}`, redirects `redirect`, `url`, `next`, `return`.
    public static let growBro = DeepLinkRouter(
        schemes: [.app("growbro"), .web("https", hosts: ["growbro.app", "staging.growbro.app"])],
        routes: [
            DeepLinkRoute("post", path: "post/<id>"),
            DeepLinkRoute("profile", path: "profile/<id>"),
            DeepLinkRoute("task", path: "task/<id>"),
            DeepLinkRoute("calendar", path: "calendar"),
            DeepLinkRoute("inbox", path: "inbox"),
            DeepLinkRoute("settings/notifications", path: "settings/notifications"),
        ]
    )
}
