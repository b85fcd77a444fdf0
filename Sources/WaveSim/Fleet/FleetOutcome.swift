internal import Foundation
internal import WaveNotifications

/// What became of one notification that came due for a user: told (on time or late), quiet, lost, suppressed or
/// skipped, with the minutes and the reason the replay gave.
struct FleetOutcome: Sendable, Hashable, CustomStringConvertible {
    /// The outcome's kind.
    enum Kind: Sendable, Hashable {
        /// Shown `minutes` whole minutes after its instant (0: on time), for `cause` (`nil` when on time).
        case told(minutes: Int, cause: String?)
        /// Shown quietly at its instant, the user told `minutes` later, for `reason` (`focus`, `scheduled_summary`).
        case quiet(minutes: Int, reason: String)
        /// Never shown: the system did not hold it (`pending_limit`, `reboot`, `exact_alarm_revoked` …).
        case lost(reason: String)
        /// Held back by a policy or the device (`quiet_hours`, `missed`, `android_notification_cap` …).
        case suppressed(reason: String)
        /// Never reached the app (a push while it was stopped).
        case skipped(cause: String)
    }

    /// The notification's identifier.
    var identifier: String
    /// Its channel; `unattributed` for a suppression of something the replay never showed nor lost (a suppression
    /// names only an identifier, and the channel is an app's rule that wavesim does not repeat).
    var channel: String
    /// What became of it.
    var kind: Kind

    /// Whole minutes from its instant to when the user was told; `nil` when never told.
    var toldAfterMinutes: Int? {
        switch kind {
        case .told(let minutes, _), .quiet(let minutes, _): minutes
        case .lost, .suppressed, .skipped: nil
        }
    }

    var description: String {
        switch kind {
        case .told(let minutes, let cause): "\(identifier) told +\(minutes) min\(cause.map { " (\($0))" } ?? "")"
        case .quiet(let minutes, let reason): "\(identifier) quiet +\(minutes) min (\(reason))"
        case .lost(let reason): "\(identifier) lost (\(reason))"
        case .suppressed(let reason): "\(identifier) suppressed (\(reason))"
        case .skipped(let cause): "\(identifier) skipped (\(cause))"
        }
    }
}

/// The facts of one replay line a fleet reads: from the engine's lines in process, or (in tests) from the JSON
/// Lines `wavesim replay --format json` prints of the same scenario.
struct FleetLineFacts: Sendable {
    /// The line's type (`delivered`, `lost`, `suppressed`, `skipped`; others are not outcomes).
    var type: String
    /// The notification's identifier, when the line names one.
    var identifier: String?
    /// The channel, when the line knows it.
    var channel: String?
    /// The line's instant.
    var at: Date?
    /// A late delivery's whole minutes and cause.
    var delay: (minutes: Int, cause: String)?
    /// A quiet delivery's instant told and reason.
    var quiet: (toldAt: Date, reason: String)?
    /// A `lost` or `suppressed` line's reason, or a `skipped` line's cause.
    var reason: String?
}

/// Turns one user's replay lines into outcomes, in the order the replay printed them.
///
/// A delivery is always a due notification told; a line that says a notification was not told (lost, suppressed,
/// skipped) counts once per identifier, and not at all after that identifier already has an outcome (Hydracat's
/// `missed` of a reminder already `lost` is the same notification).
struct FleetOutcomeCollector: Sendable {
    /// The outcomes so far.
    private(set) var outcomes: [FleetOutcome] = []
    /// The runs the device skipped (a `backgroundRefresh` in Low Power Mode), by cause.
    private(set) var skippedRuns: [String: Int] = [:]
    /// The warnings the replay gave (an action that did nothing).
    var warnings = 0
    /// Each identifier's channel, from the lines that carried one.
    private var channels: [String: String] = [:]
    /// The identifiers with an outcome.
    private var decided: Set<String> = []
    /// The background pushes' identifiers: a push that only runs the app is a run, not a notification.
    private var runs: Set<String> = []

    /// A collector for a scenario's lines: the channels of the pushes it brings noted first, and its background
    /// pushes known as runs.
    ///
    /// - Parameter scenario: The scenario.
    init(scenario: AppScenario) {
        for action in scenario.actions {
            guard case .app(let payload) = action.kind else { continue }
            if payload.isBackgroundPush, let identifier = payload.pushIdentifier {
                runs.insert(identifier)
            } else if let brought = payload.broughtNotification {
                channels[brought.identifier] = brought.channel
            }
        }
    }

    /// Reads one line.
    ///
    /// - Parameter facts: The line's facts.
    mutating func add(_ facts: FleetLineFacts) {
        switch facts.type {
        case "delivered":
            guard let identifier = facts.identifier, let at = facts.at else { return }
            let channel = facts.channel ?? channels[identifier] ?? "unattributed"
            channels[identifier] = channel
            decided.insert(identifier)
            let kind: FleetOutcome.Kind
            if let quiet = facts.quiet {
                kind = .quiet(minutes: quiet.toldAt.wholeMinutes(since: at), reason: quiet.reason)
            } else if let delay = facts.delay {
                kind = .told(minutes: delay.minutes, cause: delay.cause)
            } else {
                kind = .told(minutes: 0, cause: nil)
            }
            outcomes.append(FleetOutcome(identifier: identifier, channel: channel, kind: kind))
        case "lost", "suppressed", "skipped":
            guard let reason = facts.reason else { return }
            guard let identifier = facts.identifier, !runs.contains(identifier) else {
                if facts.type == "skipped" { skippedRuns[reason, default: 0] += 1 }
                return
            }
            if let channel = facts.channel { channels[identifier] = channel }
            guard decided.insert(identifier).inserted else { return }
            let kind: FleetOutcome.Kind =
                switch facts.type {
                case "lost": .lost(reason: reason)
                case "suppressed": .suppressed(reason: reason)
                default: .skipped(cause: reason)
                }
            outcomes.append(
                FleetOutcome(identifier: identifier, channel: channels[identifier] ?? "unattributed", kind: kind))
        default:
            return
        }
    }
}

extension FleetLineFacts {
    /// The facts of one of the engine's lines.
    ///
    /// - Parameter line: The line, as ``ReplayEngine`` emits it.
    init(_ line: AppOutputLine) {
        type = line.type
        if case .string(let identifier) = line["identifier"] ?? .null {
            self.identifier = identifier
        } else {
            identifier = line.request?.identifier
        }
        if case .string(let channel) = line["channel"] ?? .null {
            self.channel = channel
        } else {
            channel = line.request?.channel.id
        }
        if case .instant(let at) = line["at"] ?? .null { self.at = at }
        if case .object(let fields) = line["delay"] ?? .null,
            case .integer(let minutes) = fields.first(where: { $0.0 == "minutes" })?.1 ?? .null,
            case .string(let cause) = fields.first(where: { $0.0 == "cause" })?.1 ?? .null
        {
            delay = (minutes, cause)
        }
        if case .instant(let toldAt) = line["toldAt"] ?? .null, case .string(let reason) = line["quiet"] ?? .null {
            quiet = (toldAt, reason)
        }
        switch line.type {
        case "skipped":
            if case .string(let cause) = line["cause"] ?? .null { reason = cause }
        default:
            if case .string(let reason) = line["reason"] ?? .null { self.reason = reason }
        }
    }
}
