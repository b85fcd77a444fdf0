internal import WaveNotifications
internal import WavePushPayloads

/// The forms of ids and tokens the server accepts, checked before anything is stored (the HTTP API checks the ids
/// it reads itself with the same rules).
package enum Validation {
    /// A user or installation id: 1…128 of `A-Z a-z 0-9 _ - . :`.
    package static func identifier(_ value: String, field: String) throws(GrowBroServerError) -> String {
        try word(
            value, field: field, lengths: 1...128, punctuation: "_-.:", expected: "1 to 128 of A-Z a-z 0-9 _ - . :")
    }

    /// A message or post id: `[A-Za-z0-9_-]{1,64}` (the link router's id pattern).
    package static func shortID(_ value: String, field: String) throws(GrowBroServerError) -> String {
        try word(value, field: field, lengths: 1...64, punctuation: "_-", expected: "[A-Za-z0-9_-]{1,64}")
    }

    /// `value` when it has a length in `lengths` (UTF-8 bytes) and only ASCII letters, digits and `punctuation`.
    private static func word(
        _ value: String, field: String, lengths: ClosedRange<Int>, punctuation: String, expected: String
    ) throws(GrowBroServerError) -> String {
        let ok =
            lengths.contains(value.utf8.count)
            && value.utf8.allSatisfy { isAlphanumeric($0) || punctuation.utf8.contains($0) }
        guard ok else { throw .invalidValue(field: field, value: value, expected: expected) }
        return value
    }

    /// A platform name.
    static func platform(_ name: String) throws(GrowBroServerError) -> PushPayload.Platform {
        guard let platform = PushPayload.Platform(rawValue: name) else { throw .unknownPlatform(name) }
        return platform
    }

    /// A token in its stored form: APNs hex lowercased (an even number of 64…200 hex digits); an FCM token of
    /// 32…4096 of `A-Z a-z 0-9 _ - : .`.
    static func token(_ token: String, platform: PushPayload.Platform) throws(GrowBroServerError) -> String {
        switch platform {
        case .apns:
            let bytes = token.utf8
            guard bytes.allSatisfy(isHexDigit) else {
                throw .malformedToken(platform: "apns", reason: "an APNs token is hexadecimal (0-9, a-f)")
            }
            guard (64...200).contains(bytes.count), bytes.count.isMultiple(of: 2) else {
                throw .malformedToken(
                    platform: "apns",
                    reason: "an APNs token has an even number of 64 to 200 hex digits, not \(bytes.count)")
            }
            return token.lowercased()
        case .fcm:
            let bytes = token.utf8
            guard bytes.allSatisfy({ isAlphanumeric($0) || "_-:.".utf8.contains($0) }) else {
                throw .malformedToken(platform: "fcm", reason: "an FCM token has only A-Z a-z 0-9 _ - : .")
            }
            guard (32...4096).contains(bytes.count) else {
                throw .malformedToken(
                    platform: "fcm", reason: "an FCM token has 32 to 4096 characters, not \(bytes.count)")
            }
            return token
        }
    }

    /// The environment a platform requires: one for APNs, none for FCM.
    static func environment(
        _ environment: APNsEnvironment?, platform: PushPayload.Platform
    ) throws(GrowBroServerError) -> APNsEnvironment? {
        switch (platform, environment) {
        case (.apns, nil):
            throw .invalidValue(field: "environment", value: "", expected: "production or sandbox for an APNs token")
        case (.fcm, .some(let environment)):
            throw .invalidValue(field: "environment", value: environment.rawValue, expected: "none for an FCM token")
        default:
            return environment
        }
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }
}
