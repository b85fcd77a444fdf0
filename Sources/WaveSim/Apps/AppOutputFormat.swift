internal import Foundation
internal import WaveJSON
internal import WaveLinuxAdapter

/// Writes app replay lines as JSON Lines, keys in the spec's order (``AppTextTimeline`` writes them for people).
enum AppOutputFormat {
    /// The line as one JSON object, `type` first, then the fields in order; instants in UTC.
    ///
    /// - Parameter line: The line.
    /// - Returns: The JSON text, without a newline.
    static func json(_ line: AppOutputLine) -> String {
        if let json = line.json { return json }
        var writer = JSONWriter()
        write(.object([("type", .string(line.type))] + line.fields), to: &writer)
        return writer.text
    }

    /// A value as JSON text, for the text timeline's `key value` pairs.
    ///
    /// - Parameter value: The value; instants are written in UTC.
    /// - Returns: The JSON text.
    static func json(_ value: AppOutputLine.Value) -> String {
        var writer = JSONWriter()
        write(value, to: &writer)
        return writer.text
    }

    private static func write(_ value: AppOutputLine.Value, to writer: inout JSONWriter) {
        switch value {
        case .string(let text): writer.string(text)
        case .integer(let number): writer.number(number)
        case .decimal(let number): writer.number(number)
        case .bool(let flag): writer.bool(flag)
        case .null: writer.null()
        case .instant(let at): writer.string(UTCDateParts(at).iso8601)
        case .object(let fields):
            writer.beginObject()
            for (key, field) in fields {
                writer.key(key)
                write(field, to: &writer)
            }
            writer.endObject()
        case .array(let elements):
            writer.beginArray()
            for element in elements {
                write(element, to: &writer)
            }
            writer.endArray()
        }
    }
}
