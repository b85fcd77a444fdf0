extension DeepLinkRouter {
    /// WorldWideWaves' link `worldwidewaves://event?id=<id>`, ids `[A-Za-z0-9_-]{1,50}`.
    public static let worldWideWaves = eventLinks(scheme: "worldwidewaves", host: "event")
}
