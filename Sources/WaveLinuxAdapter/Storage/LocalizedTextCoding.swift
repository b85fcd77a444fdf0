internal import CSQLite
internal import Foundation
package import WaveNotifications

/// A ``LocalizedText`` as the compact JSON kept in a text column, and back.
package struct LocalizedTextCoding: Sendable {
    /// Creates the coding.
    package init() {}

    /// The JSON of a text.
    package func encode(_ text: LocalizedText) throws -> String {
        String(decoding: try JSONEncoder().encode(text), as: UTF8.self)
    }

    /// The text of its JSON; a column that does not decode is a damaged file.
    package func decode(_ json: String, path: String) throws -> LocalizedText {
        do {
            return try JSONDecoder().decode(LocalizedText.self, from: Data(json.utf8))
        } catch {
            throw SQLiteError(code: SQLITE_CORRUPT, message: "a stored text does not decode: \(error)", path: path)
        }
    }
}
