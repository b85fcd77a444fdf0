/// Builds and strictly parses an app's event deep links, `<scheme>://<host>?id=<event id>`.
///
/// Parsing is an allowlist: a link is accepted only when it has exactly the configured scheme (in any
/// case) and host, no user info, port, path or fragment, no percent-encoding, and exactly one query item
/// `id` holding a valid event id. Everything else is rejected with a ``DeepLinkRejection``.
public struct DeepLinkFormat: Hashable, Sendable {
    /// The URL scheme, compared without regard to case.
    public let scheme: String
    /// The host, compared without regard to case.
    public let host: String
    /// The allowlist that has the last word on every link this format accepts (see ``eventID(fromLink:)``).
    private let router: DeepLinkRouter

    /// Creates a format for a consumer's own app.
    ///
    /// - Parameters:
    ///   - scheme: A URL scheme: a letter, then letters, digits, `+`, `-` or `.`.
    ///   - host: A host made of letters, digits, `-` and `.`.
    /// - Throws: ``DeepLinkFormatError`` when the scheme or host could not be parsed back unambiguously.
    public init(scheme: String, host: String) throws(DeepLinkFormatError) {
        guard Self.isValidScheme(scheme) else { throw .invalidScheme(scheme) }
        guard !host.isEmpty, host.unicodeScalars.allSatisfy(Self.isHostScalar) else { throw .invalidHost(host) }
        self.init(uncheckedScheme: scheme, host: host)
    }

    /// Creates a format from a scheme and host known to be valid (an app's own constant), without checking them.
    init(uncheckedScheme scheme: String, host: String) {
        self.scheme = scheme.lowercased()
        self.host = host.lowercased()
        self.router = .eventLinks(scheme: self.scheme, host: self.host)
    }

    /// The deep link that opens the event with id `eventID`.
    ///
    /// - Parameter eventID: The event's id.
    /// - Returns: The link, for example `myapp://event?id=paris-solstice`.
    /// - Throws: ``EventIDError`` when the id is invalid; an invalid id never becomes a link.
    public func link(forEventID eventID: String) throws(EventIDError) -> String {
        try EventID.validate(eventID)
        return "\(scheme)://\(host)?id=\(eventID)"
    }

    /// Extracts the event id from an incoming link, accepting only the exact shape this format builds.
    ///
    /// - Parameter link: The link as received, for example from a notification tap or another app.
    /// - Returns: The valid event id it names.
    /// - Throws: ``DeepLinkRejection`` naming the first thing that is wrong.
    public func eventID(fromLink link: String) throws(DeepLinkRejection) -> String {
        // Only printable ASCII: whitespace, control characters and look-alike letters are never valid here.
        if let bad = link.unicodeScalars.first(where: { $0.value < 0x21 || $0.value > 0x7E }) {
            throw .disallowedCharacter(bad)
        }
        guard let colon = link.firstIndex(of: ":") else { throw .missingScheme }
        let linkScheme = link[..<colon]
        guard Self.isValidScheme(linkScheme) else { throw .missingScheme }
        guard linkScheme.lowercased() == scheme else { throw .unsupportedScheme(String(linkScheme)) }
        if link.contains("%") { throw .percentEncoded }

        let afterScheme = link[link.index(after: colon)...]
        guard afterScheme.hasPrefix("//") else { throw .missingHost }
        let authorityAndRest = afterScheme.dropFirst(2)
        let authorityEnd = authorityAndRest.firstIndex(where: { "/?#".contains($0) }) ?? authorityAndRest.endIndex
        let authority = authorityAndRest[..<authorityEnd]
        if authority.contains("@") { throw .hasUserInfo }
        if authority.contains(":") { throw .hasPort }
        guard authority.lowercased() == host else { throw .unexpectedHost(String(authority)) }

        var rest = authorityAndRest[authorityEnd...]
        if rest.contains("#") { throw .hasFragment }
        if rest.first == "/" { throw .hasPath }
        guard rest.first == "?" else { throw .missingEventID }
        rest = rest.dropFirst()

        var eventID: Substring?
        for item in rest.split(separator: "&", omittingEmptySubsequences: false) {
            guard let equals = item.firstIndex(of: "=") else { throw .malformedQuery(String(item)) }
            let name = item[..<equals]
            guard name == "id" else { throw .unexpectedQueryItem(String(name)) }
            guard eventID == nil else { throw .duplicateQueryItem(String(name)) }
            eventID = item[item.index(after: equals)...]
        }
        guard let eventID else { throw .missingEventID }

        do {
            try EventID.validate(String(eventID))
        } catch {
            throw .invalidEventID(error)
        }
        // The checks above keep this format's own reasons and order (they predate the router and are stricter:
        // no fragment, no other query item, no percent-encoding at all). The id is then the router's reading of
        // `<scheme>://<host>?id=…`; a host made only of dots (`.`, `..`) is a dot segment to the router, which
        // never routes it, so such a format keeps its own reading.
        if let routed = try? router.route("\(scheme)://\(host)?\(rest)").parameters["id"] {
            return routed
        }
        return String(eventID)
    }

    private static func isValidScheme(_ scheme: some StringProtocol) -> Bool {
        guard let first = scheme.unicodeScalars.first, isLetter(first) else {
            return false
        }
        return scheme.unicodeScalars.allSatisfy {
            isLetter($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)
        }
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    private static func isHostScalar(_ scalar: Unicode.Scalar) -> Bool {
        isLetter(scalar) || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "."
    }
}

/// Why a deep-link format could not be created.
public enum DeepLinkFormatError: Error, Hashable, Sendable {
    /// The scheme is not a letter followed by letters, digits, `+`, `-` or `.`.
    case invalidScheme(String)
    /// The host is empty or has characters other than letters, digits, `-` and `.`.
    case invalidHost(String)
}

/// Why an incoming deep link was rejected.
public enum DeepLinkRejection: Error, Hashable, Sendable, CustomStringConvertible {
    /// The link contains whitespace, a control character or a non-ASCII character.
    case disallowedCharacter(Unicode.Scalar)
    /// The link does not start with a valid `scheme:`.
    case missingScheme
    /// The scheme is not the app's (for example `https`, `javascript` or `file`).
    case unsupportedScheme(String)
    /// The link contains percent-encoding, which a valid event link never needs.
    case percentEncoded
    /// The scheme is not followed by `//` and a host.
    case missingHost
    /// The authority contains user info (`user@`).
    case hasUserInfo
    /// The authority contains a port.
    case hasPort
    /// The host is not the app's.
    case unexpectedHost(String)
    /// The link has a path, even `/`.
    case hasPath
    /// The link has a fragment.
    case hasFragment
    /// There is no `id` query item.
    case missingEventID
    /// A query item has no `=`.
    case malformedQuery(String)
    /// A query item other than `id`.
    case unexpectedQueryItem(String)
    /// The `id` query item appears more than once.
    case duplicateQueryItem(String)
    /// The `id` value is not a valid event id.
    case invalidEventID(EventIDError)

    public var description: String {
        switch self {
        case .disallowedCharacter(let scalar):
            return "link contains U+\(String(scalar.value, radix: 16, uppercase: true)), outside printable ASCII"
        case .missingScheme: return "link has no scheme"
        case .unsupportedScheme(let scheme): return "scheme '\(scheme)' is not the app's"
        case .percentEncoded: return "link contains percent-encoding"
        case .missingHost: return "link has no '//' host"
        case .hasUserInfo: return "link has user info"
        case .hasPort: return "link has a port"
        case .unexpectedHost(let host): return "host '\(host)' is not the app's"
        case .hasPath: return "link has a path"
        case .hasFragment: return "link has a fragment"
        case .missingEventID: return "link has no 'id' query item"
        case .malformedQuery(let item): return "query item '\(item)' has no '='"
        case .unexpectedQueryItem(let name): return "query item '\(name)' is not allowed"
        case .duplicateQueryItem(let name): return "query item '\(name)' appears more than once"
        case .invalidEventID(let error): return "\(error)"
        }
    }
}
