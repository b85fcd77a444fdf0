public import Foundation
public import WaveLinuxAdapter
public import WaveNotifications
internal import WaveStrings

/// The readable timeline of `wavesim replay --format text`: each delivery with its UTC and local time,
/// event, trigger, title and body; each action on a line of its own.
public final class TextTimeline: NotificationSink, ReplayActionLog, ReplayPlatformLog {
    private let output: OutputChannel
    private let timeZones: [String: TimeZone]
    private let style: TerminalStyle

    /// Creates a timeline.
    ///
    /// - Parameters:
    ///   - output: Where to print.
    ///   - events: The scenario's events, for their local time zones.
    ///   - usesColor: Whether to add ANSI colours.
    public init(output: OutputChannel, events: [ScenarioEvent], usesColor: Bool) {
        self.output = output
        self.timeZones = Dictionary(
            events.map { ($0.id, $0.timeZone ?? TimeZone(identifier: "UTC")!) }, uniquingKeysWith: { first, _ in first }
        )
        self.style = TerminalStyle(enabled: usesColor)
    }

    public func deliver(_ delivery: NotificationDelivery) async throws {
        var line = header(for: delivery.request, at: delivery.deliveredAt)
        if delivery.isLate {
            line += style.yellow("  late by \(Int(delivery.lateness.components.seconds)) s")
        }
        output.writeLine(line)
        output.writeLine("    \(style.bold(delivery.text.title))")
        output.writeLine("    \(delivery.text.body)")
    }

    /// `app starts: 180 wanted, 64 held by iOS, runway 1 h 5 min`, dimmed as the other lines that are not
    /// notifications.
    public func replay(didRun run: AppRunReport) {
        let words =
            AppTextWords.words(for: run.cause.rawValue, in: AppTextWords.runCauses)
            + ": \(run.wanted) wanted, \(run.held) held by "
            + AppTextWords.words(for: run.platform.rawValue, in: AppTextWords.platforms)
            + ", runway \(AppTextTimeline.duration(minutes: run.runwayMinutes))"
        output.writeLine(style.dim("\(Self.utc(run.at))  \(words)"))
    }

    /// At the request's instant, as a delivery's header: `lost: over the platform's pending limit`.
    public func replay(didLose request: NotificationRequest, reason: LossReason) {
        output.writeLine(
            header(for: request, at: request.fireAt) + "  "
                + style.yellow("lost: " + AppTextWords.words(for: reason.rawValue, in: AppTextWords.reasons)))
    }

    public func replay(didLaunchAt instant: Date, favorites: Int, events: Int) {
        output.writeLine(
            style.dim(
                "\(Self.utc(instant))  launch: sync \(favorites) favorite\(favorites == 1 ? "" : "s") of \(events) event\(events == 1 ? "" : "s")"
            ))
    }

    public func replay(didPerform action: ScenarioAction, at instant: Date) {
        guard action.kind != .launch else { return }  // The launch prints its own line with counts.
        output.writeLine(style.dim("\(Self.utc(instant))  \(Self.describe(action))"))
    }

    public func replay(didSkip action: ScenarioAction, at instant: Date, reason: String) {
        output.writeLine(style.dim("\(Self.utc(instant))  \(Self.describe(action)): skipped, \(reason)"))
    }

    /// `2026-06-21 16:00:00Z  18:00 Europe/Paris  e1  start_60m`: the instant, the local time in the event's zone, the
    /// event bold and the trigger cyan.
    private func header(for request: NotificationRequest, at instant: Date) -> String {
        let metadata = request.metadata
        let eventID = metadata[NotificationManagerBridge.eventIDMetadataKey] ?? request.threadID
        var line = "\(style.dim(Self.utc(instant)))  "
        if let zone = timeZones[eventID] {
            line += "\(Self.local(instant, in: zone))  "
        }
        return line
            + "\(style.bold(eventID))  \(style.cyan(metadata[NotificationManagerBridge.triggerMetadataKey] ?? request.identifier))"
    }

    /// Prints the summary block.
    ///
    /// - Parameter summary: The replay's summary.
    public func write(_ summary: ReplaySummary) {
        output.writeLine("")
        output.writeLine(
            style.bold("\(summary.delivered) delivered, \(summary.missed) missed")
                + " · \(summary.scheduled) scheduled, \(summary.cancelled) cancelled"
                + " · peak \(summary.peakPending) pending"
                + (summary.pendingLimit == Int.max ? ", no limit" : " of \(summary.pendingLimit)")
                + (summary.platform.map {
                    " · \(summary.lost) lost on \(AppTextWords.words(for: $0.rawValue, in: AppTextWords.platforms))"
                } ?? ""))
        let gate = summary.isGated ? "gated: nothing scheduled at speed \(summary.speed)" : "not gated"
        output.writeLine("speed \(summary.speed), \(gate)" + (summary.failed > 0 ? " · \(summary.failed) failed" : ""))
        if summary.platform != nil {
            output.writeLine(
                "shortest runway: "
                    + (summary.minRunwayMinutes.map(AppTextTimeline.duration(minutes:)) ?? "none (nothing was wanted)"))
        }
    }

    private static func describe(_ action: ScenarioAction) -> String {
        switch action.kind {
        case .favorite(let id): return "favorite \(id)"
        case .unfavorite(let id): return "unfavorite \(id)"
        case .remove(let id): return "remove \(id)"
        case .launch: return "launch"
        case .backgroundRefresh: return "background refresh"
        case .reboot: return "reboot"
        case .update(let id, let start, let end, let hit):
            let changes = [
                start.map { "start \(utc($0))" }, end.map { "end \(utc($0))" }, hit.map { "wave hit \(utc($0))" },
            ]
            return "update \(id): " + changes.compactMap { $0 }.joined(separator: ", ")
        }
    }

    /// `2026-06-21 16:00:00Z`.
    private static func utc(_ date: Date) -> String {
        let text = UTCDateParts(date).iso8601
        return text.replacingOccurrences(of: "T", with: " ")
    }

    /// `18:00 Europe/Paris` (seconds only when not zero), with the local date when it differs from the UTC date.
    private static func local(_ date: Date, in zone: TimeZone) -> String {
        let shifted = date.addingTimeInterval(TimeInterval(zone.secondsFromGMT(for: date)))
        let local = UTCDateParts(shifted).iso8601
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
