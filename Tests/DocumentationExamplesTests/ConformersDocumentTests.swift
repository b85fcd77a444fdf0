import Foundation
import Testing
import WaveNotifications
import WaveNotificationsTesting

/// docs/conformers.md says what the code says: every requirement of `NotificationRequestCenter` with its signature,
/// and every rule of the check with its name, Swift case, needs and summary.
struct ConformersDocumentTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    private static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The rows of the markdown table whose header starts with `header`.
    private static func rows(after header: String, in document: String) -> [String] {
        let lines = document.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.hasPrefix(header) }) else { return [] }
        return Array(lines[(start + 2)...].prefix { $0.hasPrefix("|") })
    }

    /// The Swift name of each rule's case.
    static func caseName(_ rule: ConformanceRule) -> String {
        switch rule {
        case .replacesByIdentifier: "replacesByIdentifier"
        case .removesByIdentifier: "removesByIdentifier"
        case .removesByThread: "removesByThread"
        case .listsSoonestFirst: "listsSoonestFirst"
        case .listsByThread: "listsByThread"
        case .keepsEveryField: "keepsEveryField"
        case .comparesIdentifiersLiterally: "comparesIdentifiersLiterally"
        case .keepsTheSoonestWithinItsLimit: "keepsTheSoonestWithinItsLimit"
        case .showLeavesPending: "showLeavesPending"
        case .showsNow: "showsNow"
        case .withdrawsShown: "withdrawsShown"
        case .changeCountsMoveAndNeverRepeat: "changeCountsMoveAndNeverRepeat"
        case .noLostUpdateUnderConcurrency: "noLostUpdateUnderConcurrency"
        case .dueRequestsLeavePending: "dueRequestsLeavePending"
        case .showsWhenDue: "showsWhenDue"
        case .showsWhatItLists: "showsWhatItLists"
        case .withdrawsWhatCameDue: "withdrawsWhatCameDue"
        case .changeCountsMoveWhenDue: "changeCountsMoveWhenDue"
        }
    }

    @Test func theRulesTableHasEveryRuleWithItsNameCaseNeedsAndSummary() throws {
        let rows = Self.rows(after: "| Rule | Swift case |", in: try Self.text("docs/conformers.md"))
        let expected = ConformanceRule.allCases.map { rule in
            let counts = [.changeCountsMoveAndNeverRepeat, .changeCountsMoveWhenDue].contains(rule) ? ["counts"] : []
            let needs = [ConformanceCapability.time, .screen].filter(rule.needs.contains).map(\.rawValue) + counts
            return "| `\(rule.rawValue)` | `.\(Self.caseName(rule))` | "
                + (needs.isEmpty ? "—" : needs.joined(separator: ", ")) + " | \(rule.summary) |"
        }
        #expect(rows == expected)
    }

    @Test func theFieldsTableHasEveryFieldOfARequestInOrder() throws {
        let rows = Self.rows(after: "| Field | Type |", in: try Self.text("docs/conformers.md"))
        let documented = rows.compactMap { $0.firstMatch(of: /^\| `([^`]+)`/).map { String($0.1) } }
        let request = requestWithEveryField(now: Date(timeIntervalSince1970: 0))
        let fields = Mirror(reflecting: request).children.compactMap(\.label)
        #expect(fields.count == 12)
        #expect(documented == fields)
    }

    @Test func theReasonsTableHasEveryReasonWithItsStableName() throws {
        let rows = Self.rows(after: "| Case | Name |", in: try Self.text("docs/conformers.md"))
        let documented = rows.compactMap { row in
            row.firstMatch(of: /^\| `\.([A-Za-z]+)` \| `([a-z_]+)` \|/).map { "\($0.1)=\($0.2)" }
        }
        #expect(documented.map { String($0.split(separator: "=")[1]) } == NotificationReason.allCases.map(\.rawValue))
        // The Swift case names, read from the source, in the same order.
        let source = try Self.text("Sources/WaveNotifications/Requests/NotificationReason.swift")
        let names = source.matches(of: /\n    case ([a-zA-Z]+)/).map { String($0.1) }
        #expect(documented.map { String($0.split(separator: "=")[0]) } == names)
    }

    @Test func aRemovedRuleNameIsNeverAgainARule() throws {
        let table = Self.rows(after: "| Name (Swift case) | Since |", in: try Self.text("docs/conformers.md"))
        let removed = table.compactMap { $0.firstMatch(of: /^\| `([a-z-]+)`/).map { String($0.1) } }
        #expect(removed == ["canonically-equivalent-identifiers"])
        for name in removed { #expect(ConformanceRule(rawValue: name) == nil) }
    }

    @Test func theRequirementsTableHasEveryRequirementWithItsSignature() throws {
        let source = try Self.text("Sources/WaveNotifications/Requests/NotificationRequestCenter.swift")
        let protocolBody = source.components(separatedBy: "public protocol NotificationRequestCenter")[1]
            .components(separatedBy: "\n}\n")[0]
        let requirements = protocolBody.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("func ") }
        let rows = Self.rows(after: "| Requirement | Default |", in: try Self.text("docs/conformers.md"))
        let documented = rows.compactMap { $0.firstMatch(of: /^\| `([^`]+)`/).map { String($0.1) } }
        #expect(requirements.count == 9)
        #expect(documented == requirements)
    }
}
