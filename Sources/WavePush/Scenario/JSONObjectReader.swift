internal import Foundation
internal import WaveJSON

/// Reads one JSON object against the keys it may have: an unknown or repeated key, a missing required key or a
/// value of the wrong type throws a ``ScenarioError`` naming its path.
struct JSONObjectReader {
    let path: String
    private let members: [(key: String, value: JSONValue)]

    init(_ value: JSONValue, at path: String, keys: [String]) throws(ScenarioError) {
        guard case .object(let members) = value else {
            throw ScenarioError(path, "expected an object, found \(value.typeDescription)")
        }
        var seen: Set<String> = []
        for member in members {
            guard keys.contains(member.key) else {
                throw ScenarioError(
                    Self.join(path, member.key), "unknown key; expected one of " + keys.joined(separator: ", "))
            }
            guard seen.insert(member.key).inserted else {
                throw ScenarioError(Self.join(path, member.key), "duplicate key; each key may appear once")
            }
        }
        self.path = path
        self.members = members
    }

    static func join(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }

    func path(_ key: String) -> String { Self.join(path, key) }

    func value(_ key: String) -> JSONValue? {
        members.first { $0.key == key }?.value
    }

    func has(_ key: String) -> Bool { value(key) != nil }

    func string(_ key: String) throws(ScenarioError) -> String {
        guard let value = value(key) else { throw ScenarioError(path(key), "required") }
        guard case .string(let text) = value else {
            throw ScenarioError(path(key), "expected a string, found \(value.typeDescription)")
        }
        return text
    }

    func optionalString(_ key: String) throws(ScenarioError) -> String? {
        has(key) ? try string(key) : nil
    }

    func integer(_ key: String, in range: ClosedRange<Int>) throws(ScenarioError) -> Int {
        guard let value = value(key) else { throw ScenarioError(path(key), "required") }
        guard case .number(let text) = value, let number = Int(text), range.contains(number) else {
            throw ScenarioError(path(key), "expected a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    func optionalInteger(_ key: String, in range: ClosedRange<Int>) throws(ScenarioError) -> Int? {
        has(key) ? try integer(key, in: range) : nil
    }

    func optionalDouble(_ key: String, in range: ClosedRange<Double>) throws(ScenarioError) -> Double? {
        guard let value = value(key) else { return nil }
        guard case .number(let text) = value, let number = Double(text), range.contains(number) else {
            throw ScenarioError(path(key), "expected a number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    func bool(_ key: String, default fallback: Bool) throws(ScenarioError) -> Bool {
        guard let value = value(key) else { return fallback }
        guard case .bool(let flag) = value else {
            throw ScenarioError(path(key), "expected true or false, found \(value.typeDescription)")
        }
        return flag
    }

    func instant(_ key: String) throws(ScenarioError) -> Date {
        let text = try string(key)
        guard let date = Self.parseInstant(text) else {
            throw ScenarioError(path(key), "'\(text)' is not an instant; expected ISO 8601 like 2026-05-04T07:00:00Z")
        }
        return date
    }

    func optionalInstant(_ key: String) throws(ScenarioError) -> Date? {
        has(key) ? try instant(key) : nil
    }

    func array(_ key: String) throws(ScenarioError) -> [JSONValue] {
        guard let value = value(key) else { throw ScenarioError(path(key), "required") }
        guard case .array(let elements) = value else {
            throw ScenarioError(path(key), "expected an array, found \(value.typeDescription)")
        }
        return elements
    }

    func strings(_ key: String) throws(ScenarioError) -> [String] {
        var strings: [String] = []
        for (index, element) in try array(key).enumerated() {
            guard case .string(let text) = element else {
                throw ScenarioError("\(path(key))[\(index)]", "expected a string, found \(element.typeDescription)")
            }
            strings.append(text)
        }
        return strings
    }

    /// An instant with its zone (`Z` or an offset), seconds required, fractions allowed.
    static func parseInstant(_ text: String) -> Date? {
        guard text.count >= 20, text.contains("T") else { return nil }
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle()) { return date }
        return try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
