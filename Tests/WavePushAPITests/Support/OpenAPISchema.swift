import WaveJSON

/// The part of JSON Schema the API's OpenAPI document uses (`$ref`, `type` or a list of types, `enum`,
/// `properties`, `required`, `additionalProperties: false`, `items`, `minItems`, `maxItems`), enough to check that
/// an answer is what the document says; anything else in a schema is a problem, so the check cannot pass by
/// ignoring a keyword.
struct OpenAPISchema {
    let document: JSONValue

    /// What differs between `value` and `schema`, each `path: what`.
    func problems(_ value: JSONValue, against schema: JSONValue, at path: String = "$") -> [String] {
        guard case .object(let members) = schema else { return ["\(path): the schema is not an object"] }
        if case .string(let reference)? = schema.member("$ref") {
            guard let target = resolve(reference) else { return ["\(path): unknown reference \(reference)"] }
            return problems(value, against: target, at: path)
        }
        var found: [String] = []
        let known: Set<String> = [
            "type", "enum", "properties", "required", "additionalProperties", "items", "minItems", "maxItems",
            "description", "format", "pattern",
        ]
        for (key, _) in members where !known.contains(key) { found.append("\(path): keyword \(key) is not checked") }
        if let type = schema.member("type") {
            let types: [String]
            switch type {
            case .string(let one): types = [one]
            case .array(let many): types = many.compactMap { if case .string(let t) = $0 { t } else { nil } }
            default: types = []
            }
            guard types.contains(where: { Self.value(value, is: $0) }) else {
                return found + ["\(path): expected \(types.joined(separator: " or ")), found \(value.typeDescription)"]
            }
        }
        if case .array(let allowed)? = schema.member("enum"), !allowed.contains(value) {
            found.append("\(path): not one of the enum's values")
        }
        if case .object(let fields) = value {
            let properties: [(key: String, value: JSONValue)]
            if case .object(let declared)? = schema.member("properties") {
                properties = declared
            } else {
                properties = []
            }
            if case .array(let required)? = schema.member("required") {
                for case .string(let name) in required where !fields.contains(where: { $0.key == name }) {
                    found.append("\(path).\(name): required, missing")
                }
            }
            for (name, field) in fields {
                if let property = properties.first(where: { $0.key == name }) {
                    found += problems(field, against: property.value, at: "\(path).\(name)")
                } else if schema.member("additionalProperties") == .bool(false) {
                    found.append("\(path).\(name): not in the schema")
                }
            }
        }
        if case .array(let elements) = value {
            if let items = schema.member("items") {
                for (index, element) in elements.enumerated() {
                    found += problems(element, against: items, at: "\(path)[\(index)]")
                }
            }
            if case .number(let text)? = schema.member("minItems"), let minimum = Int(text), elements.count < minimum {
                found.append("\(path): fewer than \(minimum) items")
            }
            if case .number(let text)? = schema.member("maxItems"), let maximum = Int(text), elements.count > maximum {
                found.append("\(path): more than \(maximum) items")
            }
        }
        return found
    }

    /// The value a local reference (`#/components/…`) names.
    func resolve(_ reference: String) -> JSONValue? {
        guard reference.hasPrefix("#/") else { return nil }
        var value: JSONValue? = document
        for part in reference.dropFirst(2).split(separator: "/") { value = value?.member(String(part)) }
        return value
    }

    private static func value(_ value: JSONValue, is type: String) -> Bool {
        switch (type, value) {
        case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool), ("null", .null):
            true
        case ("number", .number): true
        case ("integer", .number(let text)): Int(text) != nil
        default: false
        }
    }
}
