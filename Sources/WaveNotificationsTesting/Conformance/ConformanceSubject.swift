public import Foundation
public import WaveNotifications

/// A center to check, with what the check may use besides its calls: its limit, control of time, a view of the
/// screen, and the app runs it decides at the end of.
public struct ConformanceSubject: Sendable {
    /// How the check makes time pass for the center.
    public enum Time: Sendable {
        /// The center cannot be made to see time pass: the rules that need it are skipped.
        case unavailable
        /// The center reads the ``ManualWaveClock`` the factory was given (it sets alarms on it): the check moves
        /// that clock with ``ManualWaveClock/advance(to:)``.
        case sharedClock
        /// The check calls this to move the center's time to an instant (for example
        /// ``SimulatedIOSCenter/advance(to:)``, or a swift-clocks `TestClock`'s `advance(by:)`); it must not return
        /// before everything due by then is handled.
        case advance(@Sendable (Date) async throws -> Void)
        /// The center sleeps on this Swift clock (it is generic over `some Clock<Duration>`, `ContinuousClock` in an
        /// app): the clock's ``ManualClock/now`` when the factory returns stands for
        /// ``NotificationCenterConformance/start``, and the check moves it with ``ManualClock/advance(to:)`` by the
        /// time from then to each instant.
        case clock(ManualClock)
    }

    /// The two calls that bracket an app run, for a center that decides what it keeps when a run ends.
    ///
    /// ``SimulatedIOSCenter`` takes everything handed over during a run and keeps the soonest of it at
    /// ``SimulatedIOSCenter/endRun()``, so its listing is final only between runs. The check makes every step one
    /// app run: it calls ``begin``, then the step's calls (an `add`, a listing, …), then ``end``, and observes the
    /// center (listing, counts, screen) in runs of their own. A center that decides at once needs no app run.
    public struct AppRun: Sendable {
        /// Called before the calls of a step.
        public var begin: @Sendable () async throws -> Void
        /// Called after them, even when one threw.
        public var end: @Sendable () async throws -> Void

        /// Creates the brackets of an app run.
        ///
        /// - Parameters:
        ///   - begin: Called before the calls of a step.
        ///   - end: Called after them.
        public init(
            begin: @escaping @Sendable () async throws -> Void, end: @escaping @Sendable () async throws -> Void
        ) {
            self.begin = begin
            self.end = end
        }
    }

    /// The center checked.
    public var center: any NotificationRequestCenter
    /// How many pending requests it holds at most, when it keeps only the soonest (64 for iOS); `nil` when it
    /// keeps every request or the check should detect a limit (a limit above 100 is not detected).
    public var limit: Int?
    /// How the check makes time pass for the center.
    public var time: Time
    /// Lists the notifications on screen (or in the notification center), in any order, each as the request shown:
    /// the version the user sees, with its texts, link, actions and fields (its instant is not compared); `nil` when
    /// the check cannot see the screen.
    ///
    /// A center that keeps two notifications under one identifier (one shown by `show(_:)`, one that came due) lists
    /// both.
    public var onScreen: (@Sendable () async throws -> [NotificationRequest])?
    /// The brackets of an app run, for a center that decides what it keeps at the end of one; `nil` for a center
    /// that decides at each call.
    public var appRun: AppRun?

    /// Creates a subject.
    ///
    /// - Parameters:
    ///   - center: The center checked, fresh (nothing pending, nothing shown).
    ///   - limit: How many pending requests it keeps at most, when it keeps only the soonest; `nil` to detect one.
    ///   - time: How the check makes time pass for it; ``Time/unavailable`` by default.
    ///   - onScreen: The requests on screen, as shown, for the rules about showing; `nil` by default.
    ///   - appRun: The brackets of an app run, for a center that decides at the end of one; `nil` by default.
    public init(
        center: any NotificationRequestCenter, limit: Int? = nil, time: Time = .unavailable,
        onScreen: (@Sendable () async throws -> [NotificationRequest])? = nil, appRun: AppRun? = nil
    ) {
        self.center = center
        self.limit = limit
        self.time = time
        self.onScreen = onScreen
        self.appRun = appRun
    }

    /// What this subject offers besides its center.
    public var capabilities: Set<ConformanceCapability> {
        var capabilities: Set<ConformanceCapability> = []
        if case .unavailable = time {} else { capabilities.insert(.time) }
        if onScreen != nil { capabilities.insert(.screen) }
        return capabilities
    }
}
