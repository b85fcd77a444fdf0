// Shown in docs/localization.md, "How the language is chosen".
// example-begin
import WaveNotifications
import WaveStrings

/// Keys of two tables rendered in French, and one in Hebrew for this call only.
func renderInFrench() -> [String] {
    let strings = LocalizedStringResolver(language: "fr", environment: [:])
    return [
        strings.string(forKey: "notification_1h_before", arguments: ["Paris"]),  // Notifications, current language
        strings.string(forKey: "gonow.swim_solo.title", table: "GoNow"),  // GoNow, falls back per table to en
        strings.string(
            for: LocalizedText(table: "GoNow", key: "gonow.swim_solo.perfect", arguments: ["06:30", "08:00"]),
            language: "he"),
    ]
}
// example-end
