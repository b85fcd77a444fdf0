internal import Foundation
internal import WaveJSON

/// Judges what a server answered for a well-known file: 200, no redirect, `application/json`, the expected JSON.
public enum WellKnownCheck {
    /// The problems with one answer; empty when it is right.
    ///
    /// - Parameters:
    ///   - status: The HTTP status.
    ///   - headers: The header fields.
    ///   - body: The body's bytes.
    ///   - expected: The JSON the file must hold (compared as JSON: member order and spacing do not matter).
    /// - Returns: One sentence per problem, in this order: redirect or status, content type, content.
    public static func problems(status: Int, headers: [HTTPHeader], body: [UInt8], expected: String) -> [String] {
        var problems: [String] = []
        if (300...399).contains(status) {
            let location = headers.value(named: "location").map { " to \($0)" } ?? ""
            problems.append("redirects (\(status))\(location); Apple and Google do not follow redirects")
            return problems
        }
        guard status == 200 else {
            problems.append("status \(status); expected 200")
            return problems
        }
        let type = headers.value(named: "content-type") ?? ""
        let mediaType = type.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        if mediaType != "application/json" {
            problems.append("Content-Type is '\(type)'; expected application/json")
        }
        let served: JSONValue
        do {
            served = try JSONParser.parse(body)
        } catch {
            problems.append("the body is not JSON: \(error)")
            return problems
        }
        guard let wanted = try? JSONParser.parse(Array(expected.utf8)), equivalent(served, wanted) else {
            problems.append("the body is not the expected file")
            return problems
        }
        return problems
    }

    /// Structural equality with objects compared as unordered members.
    static func equivalent(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.object(let left), .object(let right)):
            guard left.count == right.count else { return false }
            return left.allSatisfy { member in
                right.first { $0.key == member.key }.map { equivalent(member.value, $0.value) } ?? false
            }
        case (.array(let left), .array(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { equivalent($0, $1) }
        case (.number(let left), .number(let right)):
            return left == right || Double(left) == Double(right)
        default:
            return a == b
        }
    }
}
