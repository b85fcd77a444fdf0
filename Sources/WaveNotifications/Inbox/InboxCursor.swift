/// Where an inbox page ended: pass it back to get the entries after it, even if newer ones arrived meanwhile.
///
/// Opaque: its string form (``description``, parsed back by ``init(_:)``) is for handing to a client and back,
/// not for reading. It names a position in the newest-first order, not an offset, so entries added, read or
/// deleted since do not shift the pages that follow it.
public struct InboxCursor: Hashable, Sendable, Codable, LosslessStringConvertible {
    /// The received instant of the last entry of the page, in milliseconds since 1970.
    package let receivedAtMilliseconds: Int64
    /// The store's insertion sequence of that entry (later added = larger).
    package let sequence: Int64

    /// Creates a cursor after an entry.
    ///
    /// - Parameters:
    ///   - receivedAtMilliseconds: The entry's received instant in milliseconds.
    ///   - sequence: The entry's insertion sequence.
    package init(receivedAtMilliseconds: Int64, sequence: Int64) {
        self.receivedAtMilliseconds = receivedAtMilliseconds
        self.sequence = sequence
    }

    /// Parses the string form of a cursor.
    ///
    /// - Parameter description: A string a cursor's ``description`` gave.
    /// - Returns: The cursor, or `nil` when the string is not one.
    public init?(_ description: String) {
        let parts = description.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "c1", let milliseconds = Int64(parts[1], radix: 36),
            let sequence = Int64(parts[2], radix: 36), sequence >= 0
        else { return nil }
        self.init(receivedAtMilliseconds: milliseconds, sequence: sequence)
    }

    /// The cursor's string form.
    public var description: String {
        "c1.\(String(receivedAtMilliseconds, radix: 36)).\(String(sequence, radix: 36))"
    }

    /// Decodes the string form.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError.dataCorrupted` when the string is not a cursor.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let cursor = InboxCursor(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not an inbox cursor")
        }
        self = cursor
    }

    /// Encodes the string form.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
