/// Why a saved state file could not be trusted, so it was moved aside instead of loaded.
public enum StateFileDamage: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file does not start with the `WAVENOTIFICATIONS-STATE` header line.
    case missingHeader
    /// The header names a format version this build does not read.
    case unsupportedVersion(String)
    /// The body is not as long as the header says: the file was truncated or appended to.
    case lengthMismatch(expected: Int, actual: Int)
    /// The body's FNV-1a-32 checksum is not the one in the header.
    case checksumMismatch(expected: UInt32, actual: UInt32)
    /// The body passed the checksum but is not valid state (an older writer's bug, or a hand edit).
    case invalidContent(String)

    public var description: String {
        switch self {
        case .missingHeader:
            return "no state header"
        case .unsupportedVersion(let version):
            return "unsupported state format version \(version)"
        case .lengthMismatch(let expected, let actual):
            return "body has \(actual) bytes, header says \(expected)"
        case .checksumMismatch(let expected, let actual):
            return "checksum \(Self.hex(actual)) does not match header \(Self.hex(expected))"
        case .invalidContent(let reason):
            return "invalid content: \(reason)"
        }
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}
