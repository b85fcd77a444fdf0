/// A link accepted by a ``DeepLinkRouter``: the route it names and the values of that route's parameters.
public struct DeepLinkMatch: Hashable, Sendable {
    /// The route's name, for example `post` or `settings/notifications`.
    public let route: String
    /// The route's path placeholders and declared query parameters that are present, by name (`["id": "42"]`).
    public let parameters: [String: String]

    /// Creates a match.
    ///
    /// - Parameters:
    ///   - route: The route's name.
    ///   - parameters: Its parameter values by name.
    public init(route: String, parameters: [String: String]) {
        self.route = route
        self.parameters = parameters
    }
}
