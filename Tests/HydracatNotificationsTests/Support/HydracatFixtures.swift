import Foundation
import HydracatNotifications
import WaveNotifications
import WaveStringTables

/// Builders shared by the Hydracat suites.
enum HydracatFixtures {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    static let newYork = TimeZone(identifier: "America/New_York")!

    /// An instant from ISO 8601 text with an offset or `Z`.
    static func instant(_ text: String) -> Date {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)!
    }

    /// The instant of a local date-time text in a zone, read with the core's DST rules.
    static func local(_ text: String, _ zone: TimeZone = berlin) -> Date {
        zone.instant(for: slot(text))
    }

    static func slot(_ text: String) -> LocalDateTime {
        try! LocalDateTime(parsing: text)
    }

    static func times(_ texts: String...) -> [LocalTime] {
        texts.map { try! LocalTime(parsing: $0) }
    }

    static func settings(
        times: [LocalTime], kind: TreatmentKind = .medication, medicationName: String = "Benazepril",
        dose: String = "5 mg", endOfDay: EndOfDaySettings = EndOfDaySettings()
    ) -> HydracatSettings {
        HydracatSettings(
            userID: "u1", endOfDay: endOfDay,
            pets: [
                HydracatPet(
                    id: "p1", name: "Luna",
                    schedules: [
                        TreatmentSchedule(
                            id: "s1", kind: kind, medicationName: PrivateText(medicationName), dose: PrivateText(dose),
                            times: times)
                    ])
            ])
    }

    static func identifier(_ slot: String, _ type: HydracatNotificationType, schedule: String = "s1") -> String {
        "u1|p1|\(schedule)|\(slot)|\(type.rawValue)"
    }

    /// The English table, read from the bundled `en.lproj/Hydracat.strings`.
    static let english: [String: String] = {
        let url = BundledStringTables.directory.appendingPathComponent("en.lproj/Hydracat.strings")
        let text = try! String(contentsOf: url, encoding: .utf8)
        var table: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("\"") {
            let pieces = line.components(separatedBy: "\" = \"")
            guard pieces.count == 2, pieces[1].hasSuffix("\";") else { continue }
            let key = String(pieces[0].dropFirst())
            let value = String(pieces[1].dropLast(2)).replacingOccurrences(of: "\\\"", with: "\"")
            table[key] = value
        }
        return table
    }()

    /// A text rendered in English: the key looked up in `Hydracat.strings`, `%n$@` replaced by the arguments.
    static func render(_ text: LocalizedText) -> String? {
        guard text.table == HydracatContent.table, var value = english[text.key] else { return nil }
        for (index, argument) in text.arguments.enumerated() {
            value = value.replacingOccurrences(of: "%\(index + 1)$@", with: argument)
        }
        return value
    }
}

extension DeliveryLog {
    /// Records a Hydracat notification as shown at an instant (only its identifier matters to the planner).
    ///
    /// - Parameters:
    ///   - identifier: The identifier shown.
    ///   - instant: When it was shown.
    mutating func recordShown(_ identifier: String, at instant: Date) {
        let text = LocalizedText(table: "Hydracat", key: "test")
        recordShown(
            NotificationRequest(
                identifier: identifier, channel: HydracatContent.treatmentRemindersChannel, fireAt: instant,
                title: text, body: text, deepLink: "hydracat://test"),
            at: instant)
    }

    /// Records what a plan did once carried out: its late reminders shown and its withdrawals.
    ///
    /// - Parameters:
    ///   - plan: The plan carried out.
    ///   - instant: The reconcile instant.
    mutating func record(_ plan: HydracatPlan, at instant: Date) {
        for request in plan.plan.showNow { recordShown(request.identifier, at: instant) }
        for withdrawal in plan.withdrawals { recordWithdrawn(withdrawal.identifier) }
    }
}

extension HydracatPlanner {
    /// Records a snooze carried out: the snoozed one leaves the screen, the snooze is remembered.
    ///
    /// - Parameters:
    ///   - snooze: The snooze.
    ///   - shown: The log the snoozed notification leaves.
    mutating func record(_ snooze: HydracatSnooze, in shown: inout DeliveryLog) {
        shown.recordWithdrawn(snooze.withdrawal.identifier)
        snoozes[snooze.request.identifier] = snooze.record
    }
}
