internal import Foundation
internal import WaveCommandLine
internal import WaveLinuxAdapter
internal import WaveNotifications

/// WorldWideWaves' forms of the timeline, as its replay has always printed them: a delivery names the event (with
/// the local time in the event's zone) and the trigger; actions, app runs and the summary are its own.
extension AppTextTimeline {
    /// The text of a WorldWideWaves line, or `nil` for a type with no form of its own here.
    ///
    /// - Parameters:
    ///   - line: The line.
    ///   - eventZones: Each event's zone.
    /// - Returns: The lines of text.
    func worldWideWavesLines(for line: AppOutputLine, eventZones: [String: TimeZone]) -> [String]? {
        var fields = AppTextFieldReader(line.fields)
        let instant = fields.instant("at")
        switch line.type {
        case "delivered":
            guard let request = line.request, let instant, let title = fields.string("title"),
                let body = fields.string("body")
            else { return nil }
            let timing = deviceTiming(&fields, at: instant)
            return [
                ([header(for: request, at: instant, eventZones: eventZones)] + timing).joined(separator: "  "),
                "    \(style.bold(title))", "    \(body)",
            ]
        case "lost":
            guard let request = line.request, let reason = fields.string("reason") else { return nil }
            return [
                header(for: request, at: request.fireAt, eventZones: eventZones) + "  "
                    + style.yellow("lost: " + AppTextWords.words(for: reason, in: AppTextWords.reasons))
            ]
        case "suppressed":
            guard let request = line.request, let instant, let reason = fields.string("reason") else { return nil }
            return [
                header(for: request, at: instant, eventZones: eventZones) + "  "
                    + style.yellow("not shown: " + AppTextWords.words(for: reason, in: AppTextWords.reasons))
            ]
        case "note":
            guard let instant, let text = fields.string("text") else { return nil }
            return [style.dim("\(Self.utc(instant))  \(text)")]
        case "run":
            guard let instant, let cause = fields.string("cause"), let wanted = fields.integer("wanted"),
                let held = fields.integer("held"), let minutes = fields.integer("runwayMinutes")
            else { return nil }
            let words =
                AppTextWords.words(for: cause, in: AppTextWords.runCauses)
                + ": \(wanted) wanted, \(held) held by \(platformName), runway \(Self.duration(minutes: minutes))"
            return [style.dim("\(Self.utc(instant))  \(words)")]
        case "summary":
            return worldWideWavesSummary(line)
        default:
            return nil
        }
    }

    /// `2026-06-21 16:00:00Z  18:00 Europe/Paris  e1  start_60m`: the instant, the local time in the event's zone, the
    /// event bold and the trigger cyan.
    private func header(for request: NotificationRequest, at instant: Date, eventZones: [String: TimeZone]) -> String {
        let eventID = request.metadataValue(forKey: NotificationManagerBridge.eventIDMetadataKey) ?? request.threadID
        var line = "\(style.dim(Self.utc(instant)))  "
        if let zone = eventZones[eventID] {
            line += "\(Self.local(instant, in: zone))  "
        }
        let trigger = request.metadataValue(forKey: NotificationManagerBridge.triggerMetadataKey) ?? request.identifier
        return line + "\(style.bold(eventID))  \(style.cyan(trigger))"
    }

    /// The summary block.
    private func worldWideWavesSummary(_ line: AppOutputLine) -> [String]? {
        var fields = AppTextFieldReader(line.fields)
        var hidden = AppTextFieldReader(line.textOnlyFields)
        guard let speed = fields.integer("speed"), let gated = fields.bool("gated"),
            let scheduled = fields.integer("scheduled"), let cancelled = fields.integer("cancelled"),
            let delivered = fields.integer("delivered"), let missed = fields.integer("missed"),
            let peak = fields.integer("peakPending")
        else { return nil }
        let limit: String
        switch fields.value("pendingLimit") {
        case .integer(let number): limit = " of \(number)"
        default: limit = ", no limit"
        }
        let platform = fields.string("platform")
        let lost = fields.integer("lost") ?? 0
        let failed = hidden.integer("failed") ?? 0
        var lines = [
            "",
            style.bold("\(delivered) delivered, \(missed) missed")
                + " · \(scheduled) scheduled, \(cancelled) cancelled · peak \(peak) pending\(limit)"
                + (platform.map { " · \(lost) lost on \(AppTextWords.words(for: $0, in: AppTextWords.platforms))" }
                    ?? ""),
        ]
        let gate = gated ? "gated: nothing scheduled at speed \(speed)" : "not gated"
        lines.append("speed \(speed), \(gate)" + (failed > 0 ? " · \(failed) failed" : ""))
        if platform != nil {
            let runway: String
            if case .integer(let minutes) = fields.value("minRunwayMinutes") {
                runway = Self.duration(minutes: minutes)
            } else {
                runway = "none (nothing was wanted)"
            }
            lines.append("shortest runway: " + runway)
        }
        // With a device condition: what the device did not show, by reason (docs/scenario-format.md).
        if case .object(let reasons) = fields.value("suppressed"), !reasons.isEmpty {
            let words = reasons.map { reason, count in
                let number = if case .integer(let n) = count { n } else { 0 }
                return "\(AppTextWords.words(for: reason, in: AppTextWords.reasons)) (\(number))"
            }
            lines.append("not shown: " + words.joined(separator: ", "))
        }
        return lines + deviceSummary(&fields)
    }

    /// `2026-06-21 16:00:00Z`.
    static func utc(_ date: Date) -> String {
        UTCDateParts(date).iso8601.replacingOccurrences(of: "T", with: " ")
    }

    /// `18:00 Europe/Paris` (seconds only when not zero), with the local date when it differs from the UTC date.
    static func local(_ date: Date, in zone: TimeZone) -> String {
        let local = localParts(date, in: zone)
        let utcDay = UTCDateParts(date).iso8601.prefix(10)
        let seconds = local.dropFirst(17).prefix(2)
        let time = local.dropFirst(11).prefix(seconds == "00" ? 5 : 8)
        let day = local.prefix(10) == utcDay ? "" : "\(local.prefix(10)) "
        // Foundation names the zero-offset zone "GMT"; the scenario format calls it UTC.
        let name = zone.identifier == "GMT" ? "UTC" : zone.identifier
        return "\(day)\(time) \(name)"
    }
}

/// ANSI styling, or plain text when colour is off.
struct TerminalStyle: Sendable {
    let enabled: Bool

    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }
    func cyan(_ text: String) -> String { wrap(text, "36") }
    func yellow(_ text: String) -> String { wrap(text, "33") }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
