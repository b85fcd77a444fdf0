/// Why a ``DeepLinkRouter`` refused a link: the first of its eight checks that failed, in the order listed.
///
/// The raw values are the names printed in `{"type":"link",…,"rejected":reason}` lines.
public enum DeepLinkRouteRejection: String, Error, Hashable, Sendable, CaseIterable {
    /// A control character, a space, a backslash, a non-ASCII byte, a `%` without two hex digits, or a
    /// percent-encoded `/`, `\`, `.`, `%` or control character.
    case encoding
    /// The scheme, lowercased, is not one of the router's.
    case scheme
    /// The authority contains `@`.
    case userInfo = "userinfo"
    /// The authority contains `:`.
    case port
    /// For a web scheme, the lowercased authority is not one of its hosts.
    case host
    /// No `//` after the scheme, an empty, `.` or `..` segment, a trailing `/`, or a route that is not declared.
    case path
    /// A placeholder or a declared query parameter is missing, repeated or does not match its pattern.
    case id
    /// A query parameter has a redirect name (any case), or its value contains `://` or starts with `//`.
    case redirect
}
