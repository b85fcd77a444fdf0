/// An allowlist of deep links, declared as data: schemes, hosts, routes with placeholders, an id pattern and
/// the query parameter names that mean a redirect.
///
/// ``route(_:)`` accepts a link only when it passes eight checks, in this order, and otherwise throws the
/// first that fails (``DeepLinkRouteRejection``):
/// 1. `encoding`: no control character, space, backslash or non-ASCII byte; every `%` followed by two hex
///    digits that do not encode `/`, `\`, `.`, `%` or a control character;
/// 2. `scheme`: the scheme, lowercased, is one of ``schemes``; then, when the colon is not followed by `//`,
///    `path`;
/// 3. `userinfo`: the authority (between `//` and the next `/`, `?` or `#`) has no `@`;
/// 4. `port`: the authority has no `:`;
/// 5. `host`: for a web scheme, the lowercased authority is one of its hosts (an app scheme's authority is the
///    route's first segment);
/// 6. `path`: the route (app scheme: authority + path; web scheme: the path after its first `/`) split on `/`
///    has no empty, `.` or `..` segment and has the shape of one of ``routes``;
/// 7. `id`: every placeholder matches its pattern, and every declared query parameter is present when
///    required, at most once, and matches its pattern;
/// 8. `redirect`: no query parameter's name, percent-decoded and lowercased, is one of
///    ``redirectParameterNames``, and no value, percent-decoded, contains `://` or starts with `//` (an item
///    without `=` is checked as a value too).
///
/// Other query parameters and the fragment are ignored. The router reads UTF-8 bytes only (no Foundation URL
/// parsing) and never traps, whatever the input.
public struct DeepLinkRouter: Hashable, Sendable {
    /// The accepted schemes.
    public let schemes: [DeepLinkScheme]
    /// The accepted routes, tried in order; the first whose shape fits the link decides.
    public let routes: [DeepLinkRoute]
    /// The pattern of placeholders and query parameters that do not declare their own.
    public let idPattern: DeepLinkValuePattern
    /// Query parameter names that are refused in any case, stored lowercased.
    public let redirectParameterNames: Set<String>

    /// The names refused by default: `redirect`, `url`, `next`, `return`.
    public static let defaultRedirectParameterNames: Set<String> = ["redirect", "url", "next", "return"]

    /// Creates a router.
    ///
    /// - Parameters:
    ///   - schemes: The accepted schemes.
    ///   - routes: The accepted routes.
    ///   - idPattern: The default pattern of parameter values.
    ///   - redirectParameterNames: Query parameter names refused in any case.
    public init(
        schemes: [DeepLinkScheme], routes: [DeepLinkRoute], idPattern: DeepLinkValuePattern = .identifier,
        redirectParameterNames: Set<String> = DeepLinkRouter.defaultRedirectParameterNames
    ) {
        self.schemes = schemes
        self.routes = routes
        self.idPattern = idPattern
        self.redirectParameterNames = Set(redirectParameterNames.map { $0.lowercased() })
    }

    /// Routes a link.
    ///
    /// - Parameter link: The link as received.
    /// - Returns: The route it names and its parameters.
    /// - Throws: ``DeepLinkRouteRejection``, the first of the eight checks that fails.
    public func route(_ link: String) throws(DeepLinkRouteRejection) -> DeepLinkMatch {
        try route(utf8: Array(link.utf8))
    }

    /// Routes a link given as bytes, which need not be valid UTF-8 (any byte ≥ 0x80 is an `encoding` rejection).
    ///
    /// - Parameter bytes: The link's bytes.
    /// - Returns: The route it names and its parameters.
    /// - Throws: ``DeepLinkRouteRejection``, the first of the eight checks that fails.
    public func route(utf8 bytes: [UInt8]) throws(DeepLinkRouteRejection) -> DeepLinkMatch {
        // 1. encoding
        try Self.checkEncoding(bytes)

        // 2. scheme
        guard let colon = bytes.firstIndex(of: Self.colon) else { throw .scheme }
        let schemeName = Self.lowercased(bytes[..<colon])
        guard let scheme = schemes.first(where: { $0.name.utf8.elementsEqual(schemeName) }) else { throw .scheme }
        let slashes = colon + 1
        guard slashes + 1 < bytes.count, bytes[slashes] == Self.slash, bytes[slashes + 1] == Self.slash else {
            throw .path
        }

        // 3, 4. userinfo, port
        let authorityStart = slashes + 2
        var authorityEnd = authorityStart
        while authorityEnd < bytes.count, !Self.endsAuthority(bytes[authorityEnd]) { authorityEnd += 1 }
        let authority = bytes[authorityStart..<authorityEnd]
        if authority.contains(Self.at) { throw .userInfo }
        if authority.contains(Self.colon) { throw .port }

        // 5. host
        if !scheme.isAppScheme {
            let host = Self.lowercased(authority)
            guard scheme.hosts.contains(where: { $0.utf8.elementsEqual(host) }) else { throw .host }
        }

        // 6. path
        var pathEnd = authorityEnd
        while pathEnd < bytes.count, bytes[pathEnd] != Self.question, bytes[pathEnd] != Self.hash { pathEnd += 1 }
        let routeBytes: ArraySlice<UInt8>
        if scheme.isAppScheme {
            routeBytes = bytes[authorityStart..<pathEnd]
        } else {
            // The path begins with the `/` that ended the authority, or is empty.
            guard authorityEnd < pathEnd else { throw .path }
            routeBytes = bytes[(authorityEnd + 1)..<pathEnd]
        }
        let segments = routeBytes.split(separator: Self.slash, omittingEmptySubsequences: false)
        for segment in segments where segment.isEmpty || Self.isDotSegment(segment) {
            throw .path
        }
        guard let route = routes.first(where: { Self.fits($0, segments) }) else { throw .path }

        // 7. id
        var parameters: [String: String] = [:]
        for (segment, value) in zip(route.segments, segments) {
            guard case .placeholder(let name) = segment else { continue }
            guard (route.patterns[name] ?? idPattern).matches(value) else { throw .id }
            parameters[name] = String(decoding: value, as: UTF8.self)
        }
        let queryItems = Self.queryItems(bytes, from: pathEnd)
        for declared in route.query {
            let values = queryItems.filter { $0.name.elementsEqual(declared.name.utf8) }
            guard values.count <= 1 else { throw .id }
            guard let value = values.first?.value else {
                if declared.isRequired { throw .id }
                continue
            }
            guard (declared.pattern ?? idPattern).matches(value) else { throw .id }
            parameters[declared.name] = String(decoding: value, as: UTF8.self)
        }

        // 8. redirect
        for item in queryItems {
            let name = Self.lowercased(Self.percentDecoded(item.name))
            if redirectParameterNames.contains(String(decoding: name, as: UTF8.self)) { throw .redirect }
            // A bare item (`?//evil.com`, no `=`) is read as a value too: some parsers take it as one.
            let value = Self.percentDecoded(item.hasValue ? item.value : item.name)
            if value.starts(with: Self.doubleSlash) || Self.contains(value, Self.schemeSeparator) { throw .redirect }
        }
        return DeepLinkMatch(route: route.name, parameters: parameters)
    }

    /// Whether `link` is accepted.
    ///
    /// - Parameter link: The link.
    /// - Returns: `true` when ``route(_:)`` would not throw.
    public func accepts(_ link: String) -> Bool {
        (try? route(link)) != nil
    }

    // MARK: - Bytes

    private static let colon = UInt8(ascii: ":")
    private static let slash = UInt8(ascii: "/")
    private static let at = UInt8(ascii: "@")
    private static let question = UInt8(ascii: "?")
    private static let hash = UInt8(ascii: "#")
    private static let percent = UInt8(ascii: "%")
    private static let dot = UInt8(ascii: ".")
    private static let doubleSlash: [UInt8] = [slash, slash]
    private static let schemeSeparator: [UInt8] = [colon, slash, slash]

    private static func checkEncoding(_ bytes: [UInt8]) throws(DeepLinkRouteRejection) {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte <= 0x20 || byte == 0x7F || byte == UInt8(ascii: "\\") || byte >= 0x80 { throw .encoding }
            if byte == percent {
                guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]),
                    let low = hexValue(bytes[index + 2])
                else { throw .encoding }
                let decoded = high << 4 | low
                if decoded < 0x20 || decoded == 0x7F || decoded == slash || decoded == UInt8(ascii: "\\")
                    || decoded == dot || decoded == percent
                {
                    throw .encoding
                }
                index += 3
            } else {
                index += 1
            }
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    private static func lowercased(_ bytes: some Collection<UInt8>) -> [UInt8] {
        bytes.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 }
    }

    private static func endsAuthority(_ byte: UInt8) -> Bool {
        byte == slash || byte == question || byte == hash
    }

    private static func isDotSegment(_ segment: ArraySlice<UInt8>) -> Bool {
        segment.allSatisfy { $0 == dot } && segment.count <= 2
    }

    private static func fits(_ route: DeepLinkRoute, _ segments: [ArraySlice<UInt8>]) -> Bool {
        guard route.segments.count == segments.count else { return false }
        for (declared, actual) in zip(route.segments, segments) {
            if case .literal(let text) = declared, !text.utf8.elementsEqual(actual) { return false }
        }
        return true
    }

    /// The `name=value` items of the query that starts at `start` when `bytes[start]` is `?`, up to the fragment.
    private static func queryItems(
        _ bytes: [UInt8], from start: Int
    ) -> [(name: ArraySlice<UInt8>, value: ArraySlice<UInt8>, hasValue: Bool)] {
        guard start < bytes.count, bytes[start] == question else { return [] }
        var end = start + 1
        while end < bytes.count, bytes[end] != hash { end += 1 }
        return bytes[(start + 1)..<end].split(separator: UInt8(ascii: "&")).map { item in
            guard let equals = item.firstIndex(of: UInt8(ascii: "=")) else {
                return (item, item[item.endIndex...], false)
            }
            return (item[..<equals], item[(equals + 1)...], true)
        }
    }

    /// The bytes with every `%XX` replaced by the byte it encodes (`checkEncoding` has vetted every `%`).
    private static func percentDecoded(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == percent, index + 2 < bytes.endIndex, let high = hexValue(bytes[index + 1]),
                let low = hexValue(bytes[index + 2])
            {
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        return decoded
    }

    private static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard bytes.count >= needle.count else { return false }
        for start in 0...(bytes.count - needle.count) where bytes[start..<(start + needle.count)].elementsEqual(needle)
        {
            return true
        }
        return false
    }
}
