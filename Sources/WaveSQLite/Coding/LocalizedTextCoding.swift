internal import Foundation
public import WaveNotifications

/// A ``LocalizedText`` as the compact JSON kept in a text column, and back.
public struct LocalizedTextCoding: Sendable {
    /// Creates the coding.
    public init() {}

    /// The JSON of a text.
    ///
    /// - Parameter text: The text (a key and its arguments).
    /// - Returns: Its compact JSON.
    /// - Throws: `EncodingError` when an argument cannot be encoded.
    public func encode(_ text: LocalizedText) throws -> String {
        try text.storedJSON()
    }

    /// The text of its JSON; a column that does not decode is a damaged file.
    ///
    /// - Parameters:
    ///   - json: The column's text.
    ///   - path: The database file, for the error.
    /// - Returns: The text.
    /// - Throws: ``SQLiteError/corrupt(_:path:)`` when the column does not decode.
    public func decode(_ json: String, path: String) throws -> LocalizedText {
        do {
            return try LocalizedText(storedJSON: json)
        } catch {
            throw SQLiteError.corrupt("a stored text does not decode: \(error)", path: path)
        }
    }
}
