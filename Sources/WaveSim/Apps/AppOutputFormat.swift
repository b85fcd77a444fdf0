internal import Foundation
internal import WaveLinuxAdapter
internal import WaveNotifications

/// Writes app replay lines as JSON Lines (keys in the spec's order) or as a readable timeline.
enum AppOutputFormat {
    /// The line as one JSON object, `type` first, then the fields in order; instants in UTC.
    ///
    /// - Parameter line: The line.
    /// - Returns: The JSON text, without a newline.
    static func json(_ line: AppOutputLine) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        appendValue(.object([("type", .string(line.type))] + line.fields), to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
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
        case .string(let text): return JSONText.quoted(text)
        case .integer(let number): return String(number)
        case .bool(let flag): return String(flag)
        case .null: return "null"
        case .instant(let at): return localText(at, in: zone)
        case .object, .array:
            var bytes: [UInt8] = []
            appendValue(value, to: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    private static func appendValue(_ value: AppOutputLine.Value, to bytes: inout [UInt8]) {
        switch value {
        case .string(let text): JSONText.appendQuoted(text, to: &bytes)
        case .integer(let number): bytes.append(contentsOf: String(number).utf8)
        case .bool(let flag): bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        case .null: bytes.append(contentsOf: "null".utf8)
        case .instant(let at): JSONText.appendQuotedISO8601(UTCDateParts(at), to: &bytes)
        case .object(let fields):
            bytes.append(UInt8(ascii: "{"))
            for (index, (key, field)) in fields.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                JSONText.appendQuoted(key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                appendValue(field, to: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                appendValue(element, to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        }
    }
}
