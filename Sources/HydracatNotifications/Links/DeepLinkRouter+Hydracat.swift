public import WaveNotifications

extension DeepLinkRouter {
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
}
