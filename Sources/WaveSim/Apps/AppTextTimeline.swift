internal import Foundation
internal import WaveCommandLine
internal import WaveJSON
internal import WaveLinuxAdapter
internal import WaveNotifications

/// The readable timeline of an app replay (`wavesim replay --format text` for an app scenario), in the style of
/// WorldWideWaves' ``TextTimeline``: which notifications the user gets, when, in which words, and why others were
/// not shown.
///
/// Every line starts with the UTC instant and the local time in the device's zone then, with its UTC offset. A delivery
/// names the app and the channel, notes in words what matters about it (late, passive, time-sensitive), ends with
/// its identifier, then gives its title and body on indented lines of their own; a suppression, a cancellation or a
/// withdrawal says why in words (``AppTextWords``). The apps' own lines (analytics, links, inbox pages, payloads)
/// are written by type; a type this timeline does not know, a known one without a field it needs, and every field
/// it does not know are written as `key value` pairs, so a line added to the format later still reads sensibly. The
/// summary closes the timeline as a short block. Colours are WorldWideWaves': the UTC instant and the identifier
/// dimmed, the app and the title bold, the channel cyan, `late` yellow, the lines that are not notifications dimmed.
final class AppTextTimeline: Sendable {
    /// Where the lines go.
    private let output: OutputChannel
    /// The device's zone, in which local times are shown; it follows the scenario's `timeZone` actions.
    private let currentZone: WaveLock<TimeZone>
    /// Colours, or plain text.
    let style: TerminalStyle
    /// The instant of the last line that had one: a line without `at` (a push's payload) belongs to it.
    private let lastInstant = WaveLock<Date?>(nil)
    /// The platform's name in words ("iOS"), for what an app run's line says the system holds.
    let platformName: String
    /// WorldWideWaves' events' zones: its lines take its own forms (``worldWideWavesLines(for:eventZones:)``).
    private let eventZones: [String: TimeZone]?

    /// The indent of the lines under a header line (a title, a body, an inbox item), as WorldWideWaves has it.
    static let indent = "    "

    /// Creates a timeline.
    ///
    /// - Parameters:
    ///   - output: Where to print.
    ///   - timeZone: The scenario's zone, in which local times are shown.
    ///   - usesColor: Whether to add ANSI colours (as WorldWideWaves' timeline: on a terminal, unless `NO_COLOR`).
    ///   - platformName: The platform's name in words ("iOS").
    ///   - eventZones: WorldWideWaves' events' zones, for its timeline; `nil` for the other apps.
    init(
        output: OutputChannel, timeZone: TimeZone, usesColor: Bool, platformName: String = "the system",
        eventZones: [String: TimeZone]? = nil
    ) {
        self.output = output
        self.platformName = platformName
        self.eventZones = eventZones
        currentZone = WaveLock(timeZone)
        self.style = TerminalStyle(enabled: usesColor)
    }

    /// The zone local times are shown in now.
    var zone: TimeZone { currentZone.withLock { $0 } }

    /// Prints one output line of the replay as one or more lines of text.
    ///
    /// - Parameters:
    ///   - line: The line, as the JSON Lines format has it.
    ///   - zone: The device's zone when the line's fact happened; local times are shown in it.
    func write(_ line: AppOutputLine, in zone: TimeZone) {
        currentZone.withLock { $0 = zone }
        for text in lines(for: line) {
            output.writeLine(text)
        }
    }

    /// The text for one output line of the replay, chosen by its type; a type without its own form, or a line
    /// without a field that form needs, is written as `type  key value  key value …`.
    ///
    /// - Parameter line: The line, as the JSON Lines format has it.
    /// - Returns: The lines of text, without newlines.
    func lines(for line: AppOutputLine) -> [String] {
        if let eventZones, let lines = worldWideWavesLines(for: line, eventZones: eventZones) {
            return lines
        }
        let instant = lastInstant.withLock { last -> Date? in
            if case .instant(let at) = line["at"] {
                last = at
                return at
            }
            return line.type == "summary" ? nil : last
        }
        var fields = AppTextFieldReader(line.fields)
        let lines: [String]?
        switch line.type {
        case "delivered": lines = delivered(&fields, at: instant)
        case "suppressed": lines = suppressed(&fields, at: instant)
        case "cancelled", "withdrawn", "lost": lines = removed(line.type, &fields, at: instant)
        case "run": lines = appRun(&fields, at: instant)
        case "skipped": lines = skipped(&fields, at: instant)
        case "analytics": lines = analytics(&fields, at: instant)
        case "link": lines = link(&fields, at: instant)
        case "inbox": lines = inbox(&fields, at: instant)
        case "payload": lines = payload(&fields, at: instant)
        case "summary": lines = summary(&fields)
        default: lines = nil
        }
        return lines ?? [row(instant, [line.type], rest: AppTextFieldReader(line.fields))]
    }

    // MARK: - Notifications

    /// `app  channel  [late]  [level]  identifier`, then the title and the body indented.
    private func delivered(_ fields: inout AppTextFieldReader, at instant: Date?) -> [String]? {
        guard let identifier = fields.string("identifier"), let title = fields.string("title"),
            let body = fields.string("body")
        else { return nil }
        // Not what the user reads; `--format json` has them.
        fields.skip("numericId", "deepLink", "locale")
        var parts: [String] = []
        if let app = fields.string("app") {
            parts.append(style.bold(app))
        }
        if let channel = fields.string("channel") {
            parts.append(style.cyan(channel))
        }
        if fields.bool("late") == true {
            parts.append(style.yellow("late"))
        }
        if let level = fields.string("interruptionLevel"), level != "active" {
            parts.append(AppTextWords.words(for: level, in: AppTextWords.interruptionLevels))
        }
        parts += deviceTiming(&fields, at: instant)
        return [
            row(instant, parts, rest: fields, identifier: identifier),
            Self.indent + style.bold(Self.indented(title)),
            Self.indent + Self.indented(body),
        ]
    }

    /// What a device did to a delivery's timing, in words: `2 h 14 min late: <cause>` (yellow) when it was shown
    /// after the app's instant, `quiet until 07:00: Focus` when iOS told the user later.
    ///
    /// - Parameters:
    ///   - fields: The delivery's fields; `dueAt`, `delay`, `toldAt` and `quiet` are read.
    ///   - instant: The line's instant.
    /// - Returns: The parts, none for a delivery told at once.
    func deviceTiming(_ fields: inout AppTextFieldReader, at instant: Date?) -> [String] {
        var parts: [String] = []
        if case .object(let delay) = fields.value("delay") {
            var reader = AppTextFieldReader(delay)
            if let minutes = reader.integer("minutes"), let cause = reader.string("cause") {
                fields.skip("dueAt")
                let late = minutes == 0 ? "under a minute late" : "\(Self.duration(minutes: minutes)) late"
                parts.append(style.yellow("\(late): " + AppTextWords.words(for: cause, in: AppTextWords.delayCauses)))
            }
        }
        if let toldAt = fields.instant("toldAt"), let quiet = fields.string("quiet") {
            parts.append(
                "quiet until \(local(toldAt, besides: instant)): "
                    + AppTextWords.words(for: quiet, in: AppTextWords.quietReasons))
        }
        return parts
    }

    /// `not shown: <reason> (due <local fire time>)  identifier`; the fire time only when it is not the line's.
    private func suppressed(_ fields: inout AppTextFieldReader, at instant: Date?) -> [String]? {
        guard let identifier = fields.string("identifier"), let reason = fields.string("reason") else { return nil }
        var words = "not shown: " + AppTextWords.words(for: reason, in: AppTextWords.reasons)
        if let fireAt = fields.instant("fireAt"), fireAt != instant {
            words += " (due \(local(fireAt, besides: instant)))"
        }
        return [row(instant, [words], rest: fields, identifier: identifier)]
    }

    /// `cancelled: <reason>  identifier` or `withdrawn: <reason>  identifier`.
    private func removed(_ kind: String, _ fields: inout AppTextFieldReader, at instant: Date?) -> [String]? {
        guard let identifier = fields.string("identifier"), let reason = fields.string("reason") else { return nil }
        let words = "\(kind): " + AppTextWords.words(for: reason, in: AppTextWords.reasons)
        return [row(instant, [words], rest: fields, identifier: identifier)]
    }

    /// `app runs: 70 wanted, 64 held by iOS, runway 37 h 5 min`, dimmed as the other lines that are not
    /// notifications.
    private func appRun(_ fields: inout AppTextFieldReader, at instant: Date?) -> [String]? {
        guard let cause = fields.string("cause"), let wanted = fields.integer("wanted"),
            let held = fields.integer("held"), let minutes = fields.integer("runwayMinutes")
        else { return nil }
        let words =
            AppTextWords.words(for: cause, in: AppTextWords.runCauses)
            + ": \(wanted) wanted, \(held) held by \(platformName), runway \(Self.duration(minutes: minutes))"
        return [row(instant, [style.dim(words)], rest: fields)]
    }

    /// `skipped: background refresh (Low Power Mode)`, dimmed.
    private func skipped(_ fields: inout AppTextFieldReader, at instant: Date?) -> [String]? {
        guard let cause = fields.string("cause") else { return nil }
        let why = AppTextWords.words(for: cause, in: AppTextWords.skipCauses)
        // A push names its identifier; a background refresh has none.
        if let identifier = fields.string("identifier") {
            return [row(instant, [style.dim("skipped: push (\(why))")], rest: fields, identifier: identifier)]
        }
        return [row(instant, [style.dim("skipped: background refresh (\(why))")], rest: fields)]
    }

    /// `37 h 5 min`, `45 h`, `30 min`.
    ///
    /// - Parameter minutes: Whole minutes, not negative.
    /// - Returns: The duration in words.
    static func duration(minutes: Int) -> String {
        let hours = minutes / 60
        let rest = minutes % 60
        switch (hours, rest) {
        case (0, _): return "\(rest) min"
        case (_, 0): return "\(hours) h"
        default: return "\(hours) h \(rest) min"
        }
    }

    // MARK: - Lines and times

    /// One line: the instant's prefix, the parts, the fields not read as `key value` pairs, the identifier dimmed.
    ///
    /// - Parameters:
    ///   - instant: The line's instant, if it has one.
    ///   - parts: What the line says, in order.
    ///   - fields: The line's fields; those not read are added as pairs.
    ///   - identifier: The request's identifier, last.
    /// - Returns: The line, parts separated by two spaces as WorldWideWaves separates them.
    func row(_ instant: Date?, _ parts: [String], rest fields: AppTextFieldReader, identifier: String? = nil) -> String
    {
        let all = parts + pairs(fields.rest, near: instant) + (identifier.map { [style.dim($0)] } ?? [])
        return prefix(instant) + all.joined(separator: "  ")
    }

    /// `2026-03-28 07:00:00Z  08:00 +01:00  `: the UTC instant dimmed, then the local time with the local date only
    /// when it is not the UTC date (as WorldWideWaves writes it); nothing for a line without an instant.
    ///
    /// - Parameter instant: The line's instant.
    /// - Returns: The prefix, ending in two spaces.
    func prefix(_ instant: Date?) -> String {
        guard let instant else { return "" }
        let utc = UTCDateParts(instant).iso8601
        let local = local(instant, dayOf: String(utc.prefix(10)))
        return "\(style.dim(utc.replacingOccurrences(of: "T", with: " ")))  \(local)  "
    }

    /// The local time of an instant, with its local date when that is not the local date of `reference`.
    ///
    /// - Parameters:
    ///   - date: The instant.
    ///   - reference: The line's instant; `nil` to always write the date.
    /// - Returns: `08:00 +01:00` or `2026-03-29 08:00 +02:00`.
    func local(_ date: Date, besides reference: Date?) -> String {
        local(date, dayOf: reference.map { String(localParts($0).prefix(10)) })
    }

    /// `08:00 +01:00` (seconds only when not zero), preceded by the local date when it is not `day`.
    private func local(_ date: Date, dayOf day: String?) -> String {
        let parts = localParts(date)
        let seconds = parts.dropFirst(17).prefix(2)
        let time = parts.dropFirst(11).prefix(seconds == "00" ? 5 : 8)
        let offsetText = TimeZone.offsetText(seconds: zone.secondsFromGMT(for: date))
        let localDay = String(parts.prefix(10))
        return (localDay == day ? "" : "\(localDay) ") + "\(time) \(offsetText)"
    }

    /// The local wall time as `YYYY-MM-DDTHH:MM:SS…`.
    private func localParts(_ date: Date) -> String {
        Self.localParts(date, in: zone)
    }

    /// The local wall time of an instant in a zone as `YYYY-MM-DDTHH:MM:SS…` (milliseconds when not whole): the one
    /// conversion of an instant to its wall time for the timeline's local dates.
    static func localParts(_ date: Date, in zone: TimeZone) -> String {
        UTCDateParts(date.addingTimeInterval(TimeInterval(zone.secondsFromGMT(for: date)))).iso8601
    }

    /// Each field as `key value`.
    ///
    /// - Parameters:
    ///   - fields: The fields, in order.
    ///   - instant: The line's instant, for the dates of instants.
    /// - Returns: One `key value` per field.
    func pairs(_ fields: [(String, AppOutputLine.Value)], near instant: Date?) -> [String] {
        fields.map { "\($0.0) \(plain($0.1, near: instant))" }
    }

    /// A value for people: a word as it is (quoted when empty or with spaces), an instant in local time, a
    /// structure as JSON.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - instant: The line's instant, for the date of an instant.
    /// - Returns: The text.
    func plain(_ value: AppOutputLine.Value, near instant: Date?) -> String {
        switch value {
        case .string(let text):
            let needsQuotes =
                text.isEmpty
                || text.unicodeScalars.contains {
                    $0 == "\"" || $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F
                }
            return needsQuotes ? JSONWriter.quoted(text) : text
        case .integer(let number): return String(number)
        case .decimal(let number): return String(number)
        case .bool(let flag): return String(flag)
        case .null: return "none"
        case .instant(let at): return local(at, besides: instant)
        case .object, .array: return AppOutputFormat.json(value)
        }
    }

    /// A title or a body keeps its indent on every line when it has line breaks.
    ///
    /// - Parameter text: The text.
    /// - Returns: The text with the indent after each line break.
    static func indented(_ text: String) -> String {
        text.replacingOccurrences(of: "\n", with: "\n" + indent)
    }

    /// `1 item`, `3 items`.
    ///
    /// - Parameters:
    ///   - number: How many.
    ///   - singular: The noun for one.
    ///   - plural: The noun for several, when it is not `singular` + "s".
    /// - Returns: The number and the noun.
    static func count(_ number: Int, _ singular: String, plural: String? = nil) -> String {
        "\(number) \(number == 1 ? singular : plural ?? singular + "s")"
    }
}
