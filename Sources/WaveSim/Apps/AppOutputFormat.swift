internal import Foundation
internal import WaveCommandLine
internal import WaveJSON
internal import WaveLinuxAdapter

/// Writes app replay lines as JSON Lines, keys in the spec's order (``AppTextTimeline`` writes them for people).
enum AppOutputFormat {
    /// Writes the line as one JSON object, `type` first, then the fields in order (instants in UTC), and a newline,
    /// straight into the output's buffer.
    ///
    /// - Parameters:
    ///   - line: The line.
    ///   - output: Where it goes.
    static func writeJSON(_ line: AppOutputLine, to output: OutputChannel) {
        output.writeJSONLine { write(line, to: &$0) }
    }

    /// The line as one JSON object, `type` first: written member by member, with no copy of the fields; a line
    /// another writer writes (``AppOutputLine/delivery``) is that writer's members, then the fields appended to it.
    private static func write(_ line: AppOutputLine, to writer: inout JSONWriter) {
        writer.beginObject()
        if let delivery = line.delivery {
            JSONLinesSink.writeMembers(of: delivery, to: &writer)
            for (key, field) in line.appendedToDelivery {
                writer.key(key)
                write(field, to: &writer)
            }
        } else {
            writer.key("type")
            writer.string(line.type)
            for (key, field) in line.fields {
                writer.key(key)
                write(field, to: &writer)
            }
        }
        writer.endObject()
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
        case .instant(let at):
            // Digits, `-`, `:`, `.`, `T` and `Z`: nothing to escape, so written in place.
            writer.beginString()
            writer.appendToStringUnescaped { UTCDateParts(at).appendISO8601(to: &$0) }
            writer.endString()
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
