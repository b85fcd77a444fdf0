/// One domain's app association: the iOS apps (team and bundle ids) and the Android app (package and signing
/// certificate fingerprints) that may open its links.
public struct WellKnownEnvironment: Hashable, Sendable {
    /// The environment's name (`production`, `staging`).
    public var name: String
    /// The domain the files are served from, one of the link router's web hosts.
    public var domain: String
    /// iOS app ids: `<team id>.<bundle id>`.
    public var appleAppIDs: [String]
    /// The Android package name.
    public var androidPackage: String
    /// SHA-256 fingerprints of the Android signing certificates, 32 uppercase hex bytes separated by colons.
    public var fingerprints: [String]

    /// Validates and creates an environment.
    ///
    /// - Parameters:
    ///   - name: The name.
    ///   - domain: The domain; must be a web host of `router`'s allowlist.
    ///   - teamID: The Apple team id: 10 uppercase letters or digits.
    ///   - bundleIDs: The iOS bundle ids (reverse DNS).
    ///   - androidPackage: The Android package name.
    ///   - fingerprints: SHA-256 fingerprints (`AB:CD:…`, 32 bytes; any case, stored uppercase).
    ///   - hosts: The web hosts of the link router.
    ///   - path: Where the environment was read, for messages (`environments[1]`).
    /// - Throws: ``GrowBroServerError/invalidValue(field:value:expected:)`` naming the field at fault.
    public init(
        name: String, domain: String, teamID: String, bundleIDs: [String], androidPackage: String,
        fingerprints: [String], hosts: [String], path: String = ""
    ) throws(GrowBroServerError) {
        let prefix = path.isEmpty ? "" : path + "."
        guard hosts.contains(domain.lowercased()) else {
            throw .invalidValue(
                field: prefix + "domain", value: domain,
                expected: "one of the link router's hosts: " + hosts.joined(separator: ", "))
        }
        guard teamID.utf8.count == 10, teamID.utf8.allSatisfy({ Self.isUpperAlphanumeric($0) }) else {
            throw .invalidValue(field: prefix + "teamId", value: teamID, expected: "10 uppercase letters or digits")
        }
        guard !bundleIDs.isEmpty else {
            throw .invalidValue(field: prefix + "bundleIds", value: "[]", expected: "at least one bundle id")
        }
        for (index, bundleID) in bundleIDs.enumerated() where !Self.isReverseDNS(bundleID, allowHyphen: true) {
            throw .invalidValue(
                field: prefix + "bundleIds[\(index)]", value: bundleID,
                expected: "a reverse-DNS bundle id like app.growbro")
        }
        guard Self.isReverseDNS(androidPackage, allowHyphen: false) else {
            throw .invalidValue(
                field: prefix + "package", value: androidPackage, expected: "an Android package name like app.growbro")
        }
        guard !fingerprints.isEmpty else {
            throw .invalidValue(field: prefix + "sha256", value: "[]", expected: "at least one SHA-256 fingerprint")
        }
        var normalized: [String] = []
        for (index, fingerprint) in fingerprints.enumerated() {
            let upper = fingerprint.uppercased()
            let groups = upper.split(separator: ":", omittingEmptySubsequences: false)
            guard groups.count == 32, groups.allSatisfy({ $0.utf8.count == 2 && $0.utf8.allSatisfy(Self.isHexDigit) })
            else {
                throw .invalidValue(
                    field: prefix + "sha256[\(index)]", value: fingerprint,
                    expected: "a SHA-256 fingerprint: 32 hex bytes separated by colons (AB:CD:…)")
            }
            normalized.append(upper)
        }
        self.name = name
        self.domain = domain.lowercased()
        self.appleAppIDs = bundleIDs.map { "\(teamID).\($0)" }
        self.androidPackage = androidPackage
        self.fingerprints = normalized
    }

    private static func isUpperAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte)
    }

    /// At least two dot-separated parts, each starting with a letter, of letters, digits and `_` (and `-`).
    private static func isReverseDNS(_ text: String, allowHyphen: Bool) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count >= 2
            && parts.allSatisfy { part in
                guard let first = part.utf8.first, (0x41...0x5A).contains(first) || (0x61...0x7A).contains(first)
                else { return false }
                return part.utf8.allSatisfy { byte in
                    (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                        || byte == UInt8(ascii: "_") || (allowHyphen && byte == UInt8(ascii: "-"))
                }
            }
    }
}
