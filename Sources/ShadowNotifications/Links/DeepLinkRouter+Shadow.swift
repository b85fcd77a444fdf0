public import WaveNotifications

extension DeepLinkRouter {
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
}
