internal import WaveJSON

/// Writes a parsed JSON value back as compact JSON (a scripted response's body).
enum ScenarioJSON {
    static func text(of value: JSONValue) -> String {
        var writer = JSONWriter()
        write(value, to: &writer)
        return writer.text
    }

    private static func write(_ value: JSONValue, to writer: inout JSONWriter) {
        switch value {
        case .object(let members):
            writer.beginObject()
            for (key, member) in members {
                writer.key(key)
                write(member, to: &writer)
            }
            writer.endObject()
        case .array(let elements):
            writer.beginArray()
            for element in elements { write(element, to: &writer) }
            writer.endArray()
        case .string(let text): writer.string(text)
        case .number(let text):
            if let integer = Int(text) { writer.number(integer) } else { writer.number(Double(text) ?? 0) }
        case .bool(let flag): writer.bool(flag)
        case .null: writer.null()
        }
    }
}
