/// One allowlisted route: its name, its path segments (literals and `<name>` placeholders) and the query
/// parameters it reads.
///
/// The path is written as it appears in an app-scheme link without the scheme, `post/<id>`; for a web
/// scheme it is the path after the host's `/`. A placeholder matches one segment, whose value must then match
/// the placeholder's pattern (``DeepLinkRouter/idPattern`` unless `patterns` names another).
public struct DeepLinkRoute: Hashable, Sendable {
    /// One segment of a route's path.
    public enum Segment: Hashable, Sendable {
        /// A segment that must be exactly this text (case-sensitive).
        case literal(String)
        /// A segment captured as the parameter of this name.
        case placeholder(String)
    }

    /// A query parameter a route reads.
    public struct QueryParameter: Hashable, Sendable {
        /// The parameter's name, compared exactly.
        public let name: String
        /// The pattern its value must match; `nil` for the router's ``DeepLinkRouter/idPattern``.
        public let pattern: DeepLinkValuePattern?
        /// Whether a link without it is rejected.
        public let isRequired: Bool

        /// Declares a query parameter.
        ///
        /// - Parameters:
        ///   - name: The name, compared exactly.
        ///   - pattern: Its value's pattern, or `nil` for the router's id pattern.
        ///   - isRequired: Whether the route needs it.
        public init(_ name: String, pattern: DeepLinkValuePattern? = nil, isRequired: Bool = true) {
            self.name = name
            self.pattern = pattern
            self.isRequired = isRequired
        }
    }

    /// The route's name, reported in a ``DeepLinkMatch``.
    public let name: String
    /// The path's segments, in order.
    public let segments: [Segment]
    /// The query parameters the route reads; any other query parameter is ignored.
    public let query: [QueryParameter]
    /// Patterns for placeholders that do not use the router's id pattern, by placeholder name.
    public let patterns: [String: DeepLinkValuePattern]

    /// Declares a route from a path written as `post/<id>`.
    ///
    /// - Parameters:
    ///   - name: The route's name.
    ///   - path: Segments separated by `/`; a segment `<name>` is a placeholder.
    ///   - query: The query parameters it reads.
    ///   - patterns: Placeholder patterns other than the router's id pattern.
    public init(
        _ name: String, path: String, query: [QueryParameter] = [], patterns: [String: DeepLinkValuePattern] = [:]
    ) {
        self.name = name
        self.segments = path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            if segment.count > 2, segment.first == "<", segment.last == ">" {
                return .placeholder(String(segment.dropFirst().dropLast()))
            }
            return .literal(String(segment))
        }
        self.query = query
        self.patterns = patterns
    }
}
