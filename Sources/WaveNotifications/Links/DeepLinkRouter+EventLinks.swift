extension DeepLinkRouter {
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
