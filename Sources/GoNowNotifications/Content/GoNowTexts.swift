public import Foundation
public import WaveNotifications

/// GoNow's titles and bodies as keys of the `GoNow` table with positional arguments, never final words.
///
/// Keys are `gonow.<mode>.<text>`: `title`, `perfect` (average ≥ 85), `good`, `good_no_reason`, `backup`,
/// `tomorrow` (`swim_dog`) or `tomorrow.<morning|afternoon|evening>`, `heat` (`run_dog`). Texts naming the dog have
/// a `.unnamed` twin that says "your dog" itself, so translators can inflect or capitalize it. Arguments follow one
/// order, leaving out those a key lacks: window start `HH:MM`, window end `HH:MM`, dog name, reason. The reason
/// argument has one trailing period removed; the text adds its own, so "Waves calm." does not end in "..".
public enum GoNowTexts {
    /// The table's name (`GoNow.strings`).
    public static let table = "GoNow"

    /// The smallest average score that uses the `perfect` text for a best window.
    public static let perfectAverage = 85.0

    /// The title of a mode's notifications.
    ///
    /// - Parameters:
    ///   - mode: The mode.
    ///   - dogName: The dog's name; `nil` or blank uses the unnamed key.
    /// - Returns: `gonow.<mode>.title`, for dog modes with the name as `%1$@` or the `.unnamed` key.
    public static func title(for mode: GoNowMode, dogName: String?) -> LocalizedText {
        guard mode.involvesDog else { return text("gonow.\(mode.rawValue).title") }
        guard let dog = cleanDogName(dogName) else { return text("gonow.\(mode.rawValue).title.unnamed") }
        return text("gonow.\(mode.rawValue).title", [dog])
    }

    /// The body of a candidate: perfect, good (with or without reason), backup, tomorrow or heat.
    ///
    /// - Parameters:
    ///   - candidate: The candidate.
    ///   - dogName: The dog's name; `nil` or blank uses the unnamed keys.
    ///   - zone: The device's zone, for the `HH:MM` times and the part of the day.
    /// - Returns: The body's key and arguments.
    public static func body(for candidate: GoNowCandidate, dogName: String?, in zone: TimeZone) -> LocalizedText {
        let mode = candidate.mode
        let dog = mode.involvesDog ? cleanDogName(dogName) : nil
        let prefix = "gonow.\(mode.rawValue)."
        guard let window = candidate.window else {
            return dog.map { text(prefix + "heat", [$0]) } ?? text(prefix + "heat.unnamed")
        }
        var name: String
        var reason: String?
        switch candidate.kind {
        case .best where window.average >= perfectAverage:
            name = "perfect"
        case .best, .heat:
            reason = reasonArgument(window.topReason)
            name = reason == nil ? "good_no_reason" : "good"
        case .backup:
            name = "backup"
        case .tomorrow:
            name = mode == .swimDog ? "tomorrow" : "tomorrow.\(GoNowDayPart(start: window.start, in: zone).rawValue)"
        }
        let namesDog = mode.involvesDog && !(mode == .runDog && candidate.kind == .backup)
        if namesDog, dog == nil { name += ".unnamed" }
        var arguments = [GoNowFormat.clock(window.start, in: zone), GoNowFormat.clock(window.end, in: zone)]
        if namesDog, let dog { arguments.append(dog) }
        if let reason { arguments.append(reason) }
        return text(prefix + name, arguments)
    }

    /// The reason as a `{reason}` argument: trimmed, one trailing period removed; `nil` when absent or blank.
    ///
    /// - Parameter reason: The reason chip of the window's top hour.
    /// - Returns: The argument, or `nil` when the reason sentence is left out.
    public static func reasonArgument(_ reason: String?) -> String? {
        guard var reason = reason?.trimmingCharacters(in: .whitespacesAndNewlines), !reason.isEmpty else {
            return nil
        }
        if reason.hasSuffix(".") { reason.removeLast() }
        return reason.isEmpty ? nil : reason
    }

    /// The dog's name trimmed, or `nil` when absent or blank.
    static func cleanDogName(_ name: String?) -> String? {
        guard let name = name?.trimmingCharacters(in: .whitespacesAndNewlines), !name.isEmpty else { return nil }
        return name
    }

    private static func text(_ key: String, _ arguments: [String] = []) -> LocalizedText {
        LocalizedText(table: table, key: key, arguments: arguments)
    }
}
