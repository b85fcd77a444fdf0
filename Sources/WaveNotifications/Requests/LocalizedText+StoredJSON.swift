internal import Foundation

extension LocalizedText {
    /// The text as the compact JSON a store keeps in a text column (its key and arguments).
    ///
    /// - Throws: `EncodingError` when an argument cannot be encoded.
    package func storedJSON() throws -> String {
        String(decoding: try JSONEncoder().encode(self), as: UTF8.self)
    }

    /// The text a store kept as ``storedJSON()``.
    ///
    /// - Parameter json: The column's text.
    /// - Throws: `DecodingError` when it is not a stored text; the store reports its column damaged.
    package init(storedJSON json: String) throws {
        self = try JSONDecoder().decode(LocalizedText.self, from: Data(json.utf8))
    }
}
