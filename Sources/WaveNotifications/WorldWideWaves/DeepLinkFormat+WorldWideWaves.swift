extension DeepLinkFormat {
    /// The WorldWideWaves app's format: `worldwidewaves://event?id=<id>`.
    public static let worldWideWaves = DeepLinkFormat(uncheckedScheme: "worldwidewaves", host: "event")
}
