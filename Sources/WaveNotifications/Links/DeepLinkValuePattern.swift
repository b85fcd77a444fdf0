/// What a route parameter's value must look like: a set of ASCII characters and a length, a local date-time
/// `YYYY-MM-DDTHH:MM`, or one of a few fixed words.
///
/// Values are compared byte for byte, never percent-decoded: a valid value needs no encoding.
public struct DeepLinkValuePattern: Hashable, Sendable {
    private enum Kind: Hashable, Sendable {
        /// Bit `c` of `low` (c < 64) or of `high` (c ≥ 64) is set when ASCII byte `c` is allowed.
        case characters(low: UInt64, high: UInt64, length: ClosedRange<Int>)
        case localDateTime
        case oneOf([[UInt8]])
    }

    private let kind: Kind

    private init(kind: Kind) {
        self.kind = kind
    }

    /// Values of `length` characters, each one of `characters` (non-ASCII characters in the set are ignored).
    ///
    /// - Parameters:
    ///   - characters: Every allowed character, listed (`"abc…_-"`).
    ///   - length: The allowed number of characters.
    /// - Returns: The pattern.
    public static func characters(_ characters: String, length: ClosedRange<Int>) -> DeepLinkValuePattern {
        var low: UInt64 = 0
        var high: UInt64 = 0
        for byte in characters.utf8 where byte < 0x80 {
            if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
        }
        return DeepLinkValuePattern(kind: .characters(low: low, high: high, length: length))
    }

    /// An identifier: `[A-Za-z0-9_-]` repeated 1 to `maximumLength` times.
    ///
    /// - Parameter maximumLength: The longest identifier accepted.
    /// - Returns: The pattern.
    public static func identifier(maximumLength: Int) -> DeepLinkValuePattern {
        characters(
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-", length: 1...max(1, maximumLength))
    }

    /// `[A-Za-z0-9_-]{1,64}`, the default id pattern.
    public static let identifier = identifier(maximumLength: 64)

    /// A local date-time `YYYY-MM-DDTHH:MM` with a month 01–12, a day 01–31, an hour 00–23 and a minute 00–59.
    public static let localDateTime = DeepLinkValuePattern(kind: .localDateTime)

    /// Exactly one of `words`.
    ///
    /// - Parameter words: The accepted values.
    /// - Returns: The pattern.
    public static func oneOf(_ words: [String]) -> DeepLinkValuePattern {
        DeepLinkValuePattern(kind: .oneOf(words.map { Array($0.utf8) }))
    }

    /// Whether `value` matches the pattern.
    ///
    /// - Parameter value: The value's UTF-8 bytes.
    /// - Returns: `true` when it matches.
    public func matches(_ value: some Collection<UInt8>) -> Bool {
        switch kind {
        case .characters(let low, let high, let length):
            guard length.contains(value.count) else { return false }
            return value.allSatisfy { byte in
                byte < 64 ? low & (1 << UInt64(byte)) != 0 : byte < 128 && high & (1 << UInt64(byte - 64)) != 0
            }
        case .localDateTime:
            return Self.isLocalDateTime(Array(value))
        case .oneOf(let words):
            return words.contains { $0.elementsEqual(value) }
        }
    }

    /// Whether `value` matches the pattern.
    ///
    /// - Parameter value: The value.
    /// - Returns: `true` when it matches.
    public func matches(_ value: String) -> Bool {
        matches(value.utf8)
    }

    private static func isLocalDateTime(_ bytes: [UInt8]) -> Bool {
        // "YYYY-MM-DDTHH:MM": digits everywhere except the four separators.
        guard bytes.count == 16 else { return false }
        var digits: [Int] = []
        for (offset, byte) in bytes.enumerated() {
            switch offset {
            case 4, 7: guard byte == UInt8(ascii: "-") else { return false }
            case 10: guard byte == UInt8(ascii: "T") else { return false }
            case 13: guard byte == UInt8(ascii: ":") else { return false }
            default:
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return false }
                digits.append(Int(byte - UInt8(ascii: "0")))
            }
        }
        let month = digits[4] * 10 + digits[5]
        let day = digits[6] * 10 + digits[7]
        let hour = digits[8] * 10 + digits[9]
        let minute = digits[10] * 10 + digits[11]
        return (1...12).contains(month) && (1...31).contains(day) && hour < 24 && minute < 60
    }
}
