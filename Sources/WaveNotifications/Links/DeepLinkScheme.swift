/// A scheme a ``DeepLinkRouter`` accepts, with where its route begins.
///
/// An app scheme (`myapp://post/1`) has no host: its authority is the route's first segment. A web scheme
/// (`https://myapp.example/post/1`) must name one of its hosts, and its route is the path after the host.
public struct DeepLinkScheme: Hashable, Sendable {
    /// The scheme, lowercase ASCII, compared with the link's scheme lowercased.
    public let name: String
    /// The accepted hosts, lowercase ASCII; empty for an app scheme.
    public let hosts: [String]

    /// An app's own scheme, whose authority is the first segment of the route.
    ///
    /// - Parameter name: The scheme, for example `myapp`; stored lowercased.
    /// - Returns: The scheme.
    public static func app(_ name: String) -> DeepLinkScheme {
        DeepLinkScheme(name: name.lowercased(), hosts: [])
    }

    /// A web scheme whose links must name one of `hosts` exactly (compared lowercased, no trailing dot).
    ///
    /// - Parameters:
    ///   - name: The scheme, for example `https`; stored lowercased.
    ///   - hosts: The accepted hosts, for example `myapp.example`; stored lowercased.
    /// - Returns: The scheme.
    public static func web(_ name: String, hosts: [String]) -> DeepLinkScheme {
        DeepLinkScheme(name: name.lowercased(), hosts: hosts.map { $0.lowercased() })
    }

    /// Whether the authority is the route's first segment rather than a host.
    public var isAppScheme: Bool { hosts.isEmpty }
}
