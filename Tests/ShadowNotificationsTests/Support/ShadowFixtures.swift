import Foundation
import ShadowNotifications
import WaveNotifications

/// Builders for Shadow tests: local times in Europe/Berlin, settings in one call, the English table.
enum ShadowFixtures {
    static let zone = TimeZone(identifier: "Europe/Berlin")!

    /// The instant of a local `YYYY-MM-DDTHH:MM` in Berlin (core gap/overlap rules).
    static func local(_ text: String) -> Date {
        zone.instant(for: try! LocalDateTime(parsing: text))
    }

    /// An instant written with an offset or `Z`, e.g. `2026-03-29T01:30:00Z`.
    static func instant(_ text: String) -> Date {
        try! Date(text, strategy: .iso8601)
    }

    static func time(_ text: String) -> LocalTime {
        try! LocalTime(parsing: text)
    }

    /// Settings with these categories enabled (default schedules unless given) and these supplements.
    static func settings(
        _ categories: [ShadowCategory: ShadowCategorySettings], supplements: [ShadowSupplement] = [],
        anchors: [ShadowAnchor: ShadowAnchorSetting] = [:]
    ) -> ShadowSettings {
        ShadowSettings(anchors: anchors, categories: categories, supplements: supplements)
    }

    static let on = try! ShadowCategorySettings(enabled: true)

    /// The check-ins of `settings` in [start, start + hours).
    static func checkIns(_ settings: ShadowSettings, from start: String, hours: Double = 24) -> [ShadowCheckIn] {
        let begin = local(start)
        return ShadowPlanner.checkIns(
            settings: settings, from: begin, to: begin.addingTimeInterval(hours * 3600), in: zone)
    }

    /// The slots (`YYYY-MM-DDTHH:MM`) of check-ins, in order.
    static func slots(_ checkIns: [ShadowCheckIn]) -> [String] {
        checkIns.map(\.slot.description)
    }

    /// The English `Shadow.strings`, read from the source tree.
    static let english: [String: String] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Resources/Localizations/en.lproj/Shadow.strings")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        var result: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("\"") && line.hasSuffix("\";") {
            let parts = line.dropLast(2).components(separatedBy: "\" = \"")
            if parts.count == 2 { result[String(parts[0].dropFirst())] = parts[1] }
        }
        return result
    }()

    /// A text rendered in English with its positional arguments.
    static func render(_ text: LocalizedText) -> String {
        var value = english[text.key] ?? "<missing \(text.key)>"
        for (index, argument) in text.arguments.enumerated() {
            value = value.replacingOccurrences(of: "%\(index + 1)$@", with: argument)
        }
        return value
    }
}
