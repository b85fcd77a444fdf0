extension JSONWriter {
    /// Writes a parsed value back: members in their order, numbers as they were written.
    ///
    /// - Parameter value: The value.
    public mutating func value(_ value: JSONValue) {
        switch value {
        case .object(let members):
            beginObject()
            for (name, member) in members {
                key(name)
                self.value(member)
            }
            endObject()
        case .array(let elements):
            beginArray()
            for element in elements { self.value(element) }
            endArray()
        case .string(let text): string(text)
        case .number(let text): number(text: text)
        case .bool(let flag): bool(flag)
        case .null: null()
        }
    }
}
