/// An independent re-derivation of "is this link in GrowBro's allowlist", written from the spec without the
/// router's code: string prefixes, the route compared as whole strings, and the query read with `split`.
///
/// It answers for links the router accepted, so it only has to be right about what a valid link looks like.
enum GrowBroAllowlist {
    static func contains(_ bytes: [UInt8]) -> Bool {
        // Printable ASCII only, no space and no backslash; `%` only as an allowed escape.
        guard bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != 0x5C }) else { return false }
        let link = String(decoding: bytes, as: UTF8.self)
        guard escapesAreAllowed(link) else { return false }

        let beforeFragment = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let parts = beforeFragment.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let target = String(parts[0])
        let lowered = target.lowercased()
        let route: Substring
        if lowered.hasPrefix("growbro://") {
            route = target.dropFirst("growbro://".count)
        } else if lowered.hasPrefix("https://growbro.app/") {
            route = target.dropFirst("https://growbro.app/".count)
        } else if lowered.hasPrefix("https://staging.growbro.app/") {
            route = target.dropFirst("https://staging.growbro.app/".count)
        } else {
            return false
        }
        guard ["calendar", "inbox", "settings/notifications"].contains(route) || isRouteWithID(route) else {
            return false
        }

        guard parts.count == 2 else { return true }
        for item in parts[1].split(separator: "&") {
            let pieces = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = decoded(pieces[0]).lowercased()
            if ["redirect", "url", "next", "return"].contains(name) { return false }
            let value = decoded(pieces.count == 2 ? pieces[1] : pieces[0])
            if value.contains("://") || value.hasPrefix("//") { return false }
        }
        return true
    }

    private static func isRouteWithID(_ route: Substring) -> Bool {
        guard let slash = route.firstIndex(of: "/"), ["post", "profile", "task"].contains(route[..<slash]) else {
            return false
        }
        let id = route[route.index(after: slash)...]
        let allowed = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"
        return (1...64).contains(id.count) && id.allSatisfy { allowed.contains($0) }
    }

    private static func escapesAreAllowed(_ link: String) -> Bool {
        let scalars = Array(link.unicodeScalars)
        for (index, scalar) in scalars.enumerated() where scalar == "%" {
            guard index + 2 < scalars.count,
                scalars[(index + 1)...(index + 2)].allSatisfy(\.properties.isASCIIHexDigit),
                let value = UInt8(String(String.UnicodeScalarView(scalars[(index + 1)...(index + 2)])), radix: 16)
            else { return false }
            if value < 0x20 || value == 0x7F || "/\\.%".unicodeScalars.contains(Unicode.Scalar(value)) {
                return false
            }
        }
        return true
    }

    private static func decoded(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        var rest = Substring(text)
        while let first = rest.first {
            if first == "%", rest.count >= 3, let value = UInt8(rest.dropFirst().prefix(2), radix: 16) {
                bytes.append(value)
                rest = rest.dropFirst(3)
            } else {
                bytes.append(contentsOf: String(first).utf8)
                rest = rest.dropFirst()
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
