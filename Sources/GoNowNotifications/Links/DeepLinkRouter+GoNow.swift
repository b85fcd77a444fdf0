public import WaveNotifications

extension DeepLinkRouter {
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
}
