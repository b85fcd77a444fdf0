extension DefaultNotificationContentProvider {
    /// Creates a provider whose links are WorldWideWaves' own (``DeepLinkFormat/worldWideWaves``).
    public init() {
        self.init(deepLinks: .worldWideWaves)
    }
}
