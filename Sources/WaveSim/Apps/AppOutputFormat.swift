internal import Foundation
internal import WaveJSON
internal import WaveLinuxAdapter
internal import WaveNotifications

/// Writes app replay lines as JSON Lines (keys in the spec's order) or as a readable timeline.
enum AppOutputFormat {
    /// The line as one JSON object, `type` first, then the fields in order; instants in UTC.
    ///
    /// - Parameter line: The line.
    /// - Returns: The JSON text, without a newline.
    static func json(_ line: AppOutputLine) -> String {
        var writer = JSONWriter()
        write(.object([("type", .string(line.type))] + line.fields), to: &writer)
        return writer.text
    }

    /// The line for people: the local time in the replay's zone, the kind, then the facts.
    ///
    /// - Parameters:
    ///   - line: The line.
    ///   - zone: The zone local times are shown in.
    /// - Returns: One line of text.
    static func text(_ line: AppOutputLine, in zone: TimeZone) -> String {
        var parts: [String] = []
        if case .instant(let at) = line["at"] {
            parts.append(localText(at, in: zone))
        }
        parts.append(line.type.padding(toLength: 10, withPad: " ", startingAt: 0))
        for (key, value) in line.fields where key != "at" {
            parts.append("\(key)=\(plain(value, in: zone))")
        }
        return parts.joined(separator: " ")
    }

    private static func localText(_ instant: Date, in zone: TimeZone) -> String {
        let local = zone.localDateTime(for: instant)
        let offset = zone.secondsFromGMT(for: instant)
        let sign = offset < 0 ? "-" : "+"
        let minutes = abs(offset) / 60
        let hh = minutes / 60
        let mm = minutes % 60
        return "\(local.date) \(local.time) \(sign)\(hh < 10 ? "0" : "")\(hh):\(mm < 10 ? "0" : "")\(mm)"
    }

    private static func plain(_ value: AppOutputLine.Value, in zone: TimeZone) -> String {
        switch value {
        case .string(let text): return JSONWriter.quoted(text)
        case .integer(let number): return String(number)
        case .decimal(let number): return String(number)
        case .bool(let flag): return String(flag)
        case .null: return "null"
        case .instant(let at): return localText(at, in: zone)
        case .object, .array:
            var writer = JSONWriter()
            write(value, to: &writer)
            return writer.text
        }
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
