import Foundation
public import WaveNotifications

/// Hydracat's channels, texts and deep links: everything a request shows, and nothing private.
///
/// Texts are keys of the `Hydracat` table. Reminder and follow-up titles have one key per part of the day and
/// treatment kind (`hydracat_reminder_title_morning_medication`, …) so a translation can inflect both words; the
/// only argument is the pet's name. Summaries take the pet's name and counts. No text, argument, link or metadata
/// value is ever built from a medication name or dose.
public enum HydracatContent {
    /// The strings table, `Hydracat.strings`.
    public static let table = "Hydracat"

    /// Reminders, follow-ups and snoozes: high importance, time sensitive.
    public static let treatmentRemindersChannel = NotificationChannel(
        id: "treatment_reminders", importance: .high, categoryID: "TREATMENT_REMINDERS",
        interruptionLevel: .timeSensitive,
        name: LocalizedText(table: table, key: "hydracat_channel_treatment_reminders_name"),
        channelDescription: LocalizedText(table: table, key: "hydracat_channel_treatment_reminders_description")
    )

    /// Weekly and end-of-day summaries: low importance, passive.
    public static let summariesChannel = NotificationChannel(
        id: "summaries", importance: .low, categoryID: "SUMMARIES", interruptionLevel: .passive,
        name: LocalizedText(table: table, key: "hydracat_channel_summaries_name"),
        channelDescription: LocalizedText(table: table, key: "hydracat_channel_summaries_description")
    )

    /// The channel a notification of `type` is shown on: treatments (reminders, follow-ups, snoozes) on
    /// ``treatmentRemindersChannel``, summaries on ``summariesChannel``.
    ///
    /// - Parameter type: The notification's type.
    /// - Returns: The channel.
    public static func channel(for type: HydracatNotificationType) -> NotificationChannel {
        type.isTreatment ? treatmentRemindersChannel : summariesChannel
    }

    /// The snooze button (offered while snoozing is on).
    public static let snoozeAction = NotificationAction(
        id: "snooze", title: LocalizedText(table: table, key: "hydracat_action_snooze"))

    /// The log button.
    public static let logAction = NotificationAction(
        id: "log", title: LocalizedText(table: table, key: "hydracat_action_log"))

    /// The key of a reminder or follow-up title.
    ///
    /// - Parameters:
    ///   - type: ``HydracatNotificationType/reminder`` or ``HydracatNotificationType/followup``.
    ///   - part: The slot's part of the day.
    ///   - kind: The treatment kind.
    /// - Returns: For example `hydracat_followup_title_evening_fluid`.
    public static func titleKey(for type: HydracatNotificationType, part: DayPart, kind: TreatmentKind) -> String {
        "hydracat_\(type == .followup ? "followup" : "reminder")_title_\(part.rawValue)_\(kind.rawValue)"
    }

    /// The title and body of a treatment notification: "Time for {pet}'s {part} {treatment}" and its body.
    ///
    /// - Parameters:
    ///   - type: ``HydracatNotificationType/reminder`` or ``HydracatNotificationType/followup``.
    ///   - petName: The pet's name.
    ///   - slot: The slot (its time gives the part of the day).
    ///   - kind: The treatment kind.
    /// - Returns: The title and body.
    public static func treatmentTexts(
        for type: HydracatNotificationType, petName: String, slot: LocalDateTime, kind: TreatmentKind
    ) -> (title: LocalizedText, body: LocalizedText) {
        let title = LocalizedText(
            table: table, key: titleKey(for: type, part: DayPart(slot.time), kind: kind), arguments: [petName])
        let body = LocalizedText(
            table: table, key: type == .followup ? "hydracat_followup_body" : "hydracat_reminder_body")
        return (title, body)
    }

    /// The weekly summary's texts: "{pet}'s weekly progress" / "Treatments logged this week: {logged} of {due}."
    /// with " Great job!" (its own key) when every due treatment was logged.
    ///
    /// - Parameters:
    ///   - petName: The pet's name.
    ///   - logged: Treatments logged.
    ///   - due: Treatments due.
    /// - Returns: The title and body.
    public static func weeklyTexts(
        petName: String, logged: Int, due: Int
    ) -> (title: LocalizedText, body: LocalizedText) {
        (
            LocalizedText(table: table, key: "hydracat_weekly_title", arguments: [petName]),
            LocalizedText(
                table: table, key: logged == due ? "hydracat_weekly_body_all_logged" : "hydracat_weekly_body",
                arguments: [String(logged), String(due)])
        )
    }

    /// The end-of-day texts: "{pet}'s day" / "Treatments not logged today: {n}".
    ///
    /// - Parameters:
    ///   - petName: The pet's name.
    ///   - notLogged: Today's treatments up to the check's time that are not logged.
    /// - Returns: The title and body.
    public static func endOfDayTexts(petName: String, notLogged: Int) -> (title: LocalizedText, body: LocalizedText) {
        (
            LocalizedText(table: table, key: "hydracat_eod_title", arguments: [petName]),
            LocalizedText(table: table, key: "hydracat_eod_body", arguments: [String(notLogged)])
        )
    }

    /// The link a notification opens: `hydracat://log?pet=…&schedule=…&slot=…` for treatments,
    /// `hydracat://progress?pet=…` for weekly summaries, `hydracat://today?pet=…` for end-of-day checks.
    ///
    /// - Parameter identifier: The notification's identifier.
    /// - Returns: The deep link; ids are percent-encoded where they hold `&`, `=`, `+`, `#` or spaces.
    public static func deepLink(for identifier: HydracatIdentifier) -> String {
        let pet = encoded(identifier.petID)
        switch identifier.type {
        case .reminder, .followup, .snooze:
            return "hydracat://log?pet=\(pet)&schedule=\(encoded(identifier.scheduleID))&slot=\(identifier.slot)"
        case .weekly: return "hydracat://progress?pet=\(pet)"
        case .eod: return "hydracat://today?pet=\(pet)"
        }
    }

    /// The metadata that routes a tap: `pet`, `schedule`, `slot`, `type` (ids only).
    ///
    /// - Parameter identifier: The notification's identifier.
    /// - Returns: The metadata.
    public static func metadata(for identifier: HydracatIdentifier) -> [String: String] {
        [
            "pet": identifier.petID, "schedule": identifier.scheduleID, "slot": identifier.slot.description,
            "type": identifier.type.rawValue,
        ]
    }

    private static let queryValueAllowed: CharacterSet = {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+#")
        return allowed
    }()

    private static func encoded(_ value: String) -> String {
        // Ids are nearly always letters, digits, `-`, `_`, `.` and `~`, which the allowed set keeps as they are: those
        // are returned without the trip through Foundation's encoder, which cost a tenth of a fleet's time.
        if value.utf8.allSatisfy(isUnreservedASCII) { return value }
        return value.addingPercentEncoding(withAllowedCharacters: queryValueAllowed) ?? value
    }

    /// Whether a byte is an ASCII letter or digit, `-`, `.`, `_` or `~` (RFC 3986's unreserved characters).
    private static func isUnreservedASCII(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }
}
