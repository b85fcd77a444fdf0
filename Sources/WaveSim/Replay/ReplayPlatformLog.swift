public import Foundation
internal import WaveJSON
internal import WaveLinuxAdapter
public import WaveNotifications

/// Told what the device did besides deliveries, on iOS and Android (`wavesim-apps.md`, Platforms): each app run with
/// what the system holds then, and each notification the user lost.
public protocol ReplayPlatformLog: Sendable {
    /// The app ran and handed the system what it wants.
    ///
    /// - Parameter run: When, why, and what the system holds of what the app wants.
    func replay(didRun run: AppRunReport)

    /// A request the app wanted came due while the system did not hold it: the user does not see it.
    ///
    /// - Parameters:
    ///   - request: The request, at its instant.
    ///   - reason: Why the system did not hold it.
    func replay(didLose request: NotificationRequest, reason: LossReason)
}

/// One app run as a `run` line reports it.
public struct AppRunReport: Sendable, Hashable {
    /// Why the app ran.
    public enum Cause: String, Sendable, Hashable {
        /// The replay's start: the app launches.
        case start
        /// An action of the scenario's.
        case action
        /// The system let the app run briefly in the background.
        case backgroundRefresh
        /// Android's boot receiver, after a reboot.
        case boot
    }

    /// When the app ran.
    public var at: Date
    /// Why it ran.
    public var cause: Cause
    /// The platform it runs on.
    public var platform: ReplayOptions.Platform
    /// The requests the app wants pending after the run.
    public var wanted: Int
    /// How many of them the system holds.
    public var held: Int
    /// Whole minutes the app may stay closed without a loss (``NotificationRunway/minutes(from:)``).
    public var runwayMinutes: Int

    /// Creates the report of a run.
    ///
    /// - Parameters:
    ///   - at: When the app ran.
    ///   - cause: Why.
    ///   - platform: The platform.
    ///   - wanted: The requests the app wants pending.
    ///   - held: How many of them the system holds.
    ///   - refreshDeadline: The first wanted request the system does not hold, else the last one it holds; `nil`
    ///     when nothing is wanted. The runway is the whole minutes to it, 0 when it is not after `at`.
    public init(
        at: Date, cause: Cause, platform: ReplayOptions.Platform, wanted: Int, held: Int, refreshDeadline: Date?
    ) {
        self.at = at
        self.cause = cause
        self.platform = platform
        self.wanted = wanted
        self.held = held
        if let refreshDeadline, refreshDeadline > at {
            runwayMinutes = Int((refreshDeadline.timeIntervalSince(at) / 60).rounded(.down))
        } else {
            runwayMinutes = 0
        }
    }

    /// Creates the report of a run from the runway at its end.
    ///
    /// - Parameters:
    ///   - at: When the app ran.
    ///   - cause: Why.
    ///   - platform: The platform.
    ///   - runway: What the system holds of what the app wants.
    public init(at: Date, cause: Cause, platform: ReplayOptions.Platform, runway: NotificationRunway) {
        self.init(
            at: at, cause: cause, platform: platform, wanted: runway.held.count + runway.notHeld.count,
            held: runway.held.count, refreshDeadline: runway.refreshDeadline)
    }

    /// Creates the report of a run where the system lacks some wanted requests for a reason other than its limit
    /// (Android after a reboot): the runway ends at the first request it lacks, else at the last one it holds.
    ///
    /// - Parameters:
    ///   - at: When the app ran.
    ///   - cause: Why.
    ///   - platform: The platform.
    ///   - runway: What the system holds of what it was handed, at its limit.
    ///   - missing: Wanted requests the system does not have at all.
    public init(
        at: Date, cause: Cause, platform: ReplayOptions.Platform, runway: NotificationRunway,
        missing: [NotificationRequest]
    ) {
        let firstMissing = missing.map(\.fireAt).min()
        let firstNotHeld = [firstMissing, runway.notHeld.first?.fireAt].compactMap { $0 }.min()
        self.init(
            at: at, cause: cause, platform: platform, wanted: runway.held.count + runway.notHeld.count + missing.count,
            held: runway.held.count, refreshDeadline: firstNotHeld ?? runway.held.last?.fireAt)
    }
}

/// The `run` and `lost` lines of `--format json`, in the app scenarios' shape.
struct JSONPlatformLog: ReplayPlatformLog {
    /// Writes one line.
    let writer: @Sendable (String) -> Void

    func replay(didRun run: AppRunReport) {
        var json = JSONWriter()
        json.beginObject()
        json.member("type", "run")
        json.member("at", UTCDateParts(run.at).iso8601)
        json.member("cause", run.cause.rawValue)
        json.member("wanted", run.wanted)
        json.member("held", run.held)
        json.member("runwayMinutes", run.runwayMinutes)
        json.endObject()
        writer(json.text)
    }

    func replay(didLose request: NotificationRequest, reason: LossReason) {
        var json = JSONWriter()
        json.beginObject()
        json.member("type", "lost")
        json.member("at", UTCDateParts(request.fireAt).iso8601)
        json.member("identifier", request.identifier)
        json.member("reason", reason.rawValue)
        json.endObject()
        writer(json.text)
    }
}
