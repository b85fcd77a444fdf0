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

    /// GoNow's link `gonow://today?hour=<YYYY-MM-DDTHH:MM>&mode=<mode>` (`hour` is absent from the heat warning).
    public static let goNow = DeepLinkRouter(
        schemes: [.app("gonow")],
        routes: [
            DeepLinkRoute(
                "today", path: "today",
                query: [
                    .init("hour", pattern: .localDateTime, isRequired: false),
                    .init("mode", pattern: .oneOf(["swim_solo", "swim_dog", "run_solo", "run_dog"])),
                ])
        ]
    )

    /// Hydracat's links `hydracat://log?pet=<id>&schedule=<id>&slot=<slot>`, `hydracat://progress?pet=<id>` and
    /// `hydracat://today?pet=<id>`.
    public static let hydracat = DeepLinkRouter(
        schemes: [.app("hydracat")],
        routes: [
            DeepLinkRoute(
                "log", path: "log", query: [.init("pet"), .init("schedule"), .init("slot", pattern: .localDateTime)]),
            DeepLinkRoute("progress", path: "progress", query: [.init("pet")]),
            DeepLinkRoute("today", path: "today", query: [.init("pet")]),
        ]
    )

    /// Shadow's link `shadow://entry/<category>?slot=<YYYY-MM-DDTHH:MM>`, for its eight categories.
    public static let shadow = DeepLinkRouter(
        schemes: [.app("shadow")],
        routes: [
            DeepLinkRoute(
                "entry", path: "entry/<category>", query: [.init("slot", pattern: .localDateTime)],
                patterns: [
                    "category": .oneOf([
                        "supplements", "food", "fluids", "photos", "journal", "activities", "checkins", "vitals",
                    ])
                ])
        ]
    )

    /// WorldWideWaves' link `worldwidewaves://event?id=<id>`, ids `[A-Za-z0-9_-]{1,50}`.
    public static let worldWideWaves = eventLinks(scheme: "worldwidewaves", host: "event")

    /// The event links `<scheme>://<host>?id=<id>` of a ``DeepLinkFormat``, ids as ``EventID`` allows them.
    ///
    /// - Parameters:
    ///   - scheme: The scheme.
    ///   - host: The host, which is the route's only segment.
    /// - Returns: A router with one route, `event`, reading the `id` query parameter.
    public static func eventLinks(scheme: String, host: String) -> DeepLinkRouter {
        DeepLinkRouter(
            schemes: [.app(scheme)],
            routes: [DeepLinkRoute("event", path: host.lowercased(), query: [.init("id")])],
            idPattern: .identifier(maximumLength: 50)
        )
    }
}
