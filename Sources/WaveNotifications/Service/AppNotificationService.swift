public import Foundation

/// What every app's notification service answers: the calls an app makes at run time, with the same names and shapes
/// for the same roles in every app.
///
/// An app keeps one service per process (or builds one at each launch from its saved state, ``savedState``) over one
/// platform conformer (``NotificationRequestCenter``), and calls it:
/// - at every **app run** (a launch, a background refresh, a boot, a settings or permission change, a user action) and
///   at each of its **own moments** (``nextOwnMoment(after:in:)``: local midnight, a DST change, a wave reaching the
///   user): ``reconcile(device:cause:)``;
/// - when the platform **showed** one of its pending requests: ``notificationShown(_:device:)`` (the app ran, in the
///   foreground or woken by the platform) or, at its next run, ``notificationShownWhileClosed(_:shownAt:device:)``
///   (iOS showed it while the app was not running);
/// - when the user **responds** to a notification (taps it, or picks one of its actions):
///   ``respond(to:actionID:device:)``;
/// - when a shown notification's time is up (``nextExpiry``): ``withdrawExpired(device:)``.
///
/// What an app's rules want pending is ``desiredRequests(device:)``, so ``NotificationRunway`` tells an iOS app what
/// to hand over of more than 64 and when it must run again. App-specific actions (log a treatment, receive a push,
/// page the inbox, favorite an event) are typed methods of each service.
///
/// Implementation requirements:
/// - Every method takes the instant, zone and permission from its ``DeviceState`` and never reads a clock
///   (a service built on an older scheduler that reads its own clock says so; that clock must agree).
/// - Each call returns, in order, everything it did that the user could see or miss: deliveries, suppressions with
///   their reasons, cancellations and withdrawals (``NotificationEvent``), and the app's own facts (``Fact``), in the
///   order they happened. Nothing held back is left unreported.
/// - A call that throws leaves the service as it was before the failing platform call; calls made before it stand.
/// - ``savedState`` holds everything the service needs to continue in a later process, restored through the
///   service's initializer; it holds no secret the app did not give it, and no medication name or dose.
public protocol AppNotificationService: Actor {
    /// The app's own facts a call may report beside notification events (an analytics event, a link the app opens);
    /// `Never` for an app that has none.
    associatedtype Fact: Hashable & Sendable = Never
    /// What the service remembers between processes.
    associatedtype SavedState: Hashable & Sendable & Codable

    /// The app's code runs: it plans with its rules and brings the platform's pending requests to the plan.
    ///
    /// - Parameters:
    ///   - device: The instant, zone and permission now.
    ///   - cause: Why the app runs (a launch, a background refresh, one of its own moments…).
    /// - Returns: What happened, in order.
    /// - Throws: What the platform conformer (or a store of the app's) throws.
    func reconcile(device: DeviceState, cause: ReconcileCause) async throws -> ServiceReport<Fact>

    /// The platform showed one of the app's pending requests at its instant, and the app's code runs then (in the
    /// foreground, through the Linux adapter's delivery, an Android alarm).
    ///
    /// - Parameters:
    ///   - request: The request that came due.
    ///   - device: The device's state when it came due.
    /// - Returns: Its delivery (or, for an app that decides at that moment, its suppression), then what follows.
    /// - Throws: What the platform conformer throws.
    func notificationShown(_ request: NotificationRequest, device: DeviceState) async throws -> ServiceReport<Fact>

    /// The system showed one of the app's pending requests while the app was not running (iOS): call it at the next
    /// app run, before ``reconcile(device:cause:)``, for each one, in the order they were shown.
    ///
    /// - Parameters:
    ///   - request: The request the system showed.
    ///   - shownAt: When it was shown.
    ///   - device: The device's state at this app run.
    /// - Returns: What the app does about it now (no delivery: the system showed it at `shownAt`).
    /// - Throws: What the platform conformer throws.
    func notificationShownWhileClosed(
        _ request: NotificationRequest, shownAt: Date, device: DeviceState
    ) async throws -> ServiceReport<Fact>

    /// The user responded to a shown notification: tapped it (``NotificationAction/defaultActionID``) or picked one
    /// of its actions (an id its channel declares, such as `snooze` or `log`).
    ///
    /// - Parameters:
    ///   - identifier: The notification's identifier.
    ///   - actionID: The action's id.
    ///   - device: The instant, zone and permission now.
    /// - Returns: What the response did, in order; empty when it does nothing (an unknown action, a notification
    ///   no longer on screen).
    /// - Throws: What the platform conformer throws, or the app's error for an identifier it cannot read.
    func respond(to identifier: String, actionID: String, device: DeviceState) async throws -> ServiceReport<Fact>

    /// Withdraws the shown notifications whose time is up (`expired`), soonest first.
    ///
    /// - Parameter device: The instant now.
    /// - Returns: The withdrawals.
    /// - Throws: What the platform conformer throws.
    func withdrawExpired(device: DeviceState) async throws -> ServiceReport<Fact>

    /// When the next shown notification expires, if one does: call ``withdrawExpired(device:)`` then.
    var nextExpiry: Date? { get async }

    /// The app's next own moment strictly after an instant, if any: when it wants its code run even if nothing else
    /// happens (local midnight, a weekly summary, a wave reaching the user). Call ``reconcile(device:cause:)`` with
    /// ``ReconcileCause/ownMoment`` then.
    ///
    /// - Parameters:
    ///   - instant: The current instant.
    ///   - zone: The device's zone.
    /// - Returns: The next such moment, or `nil`.
    func nextOwnMoment(after instant: Date, in zone: TimeZone) async -> Date?

    /// Whether the user has the app open at its own moments (a wave shown as it reaches the user):
    /// then they are app runs on every platform, iOS included; otherwise they are timers that run only where the
    /// platform wakes the app.
    nonisolated var ownMomentsAreForeground: Bool { get }

    /// How the app's Android code hands its requests and its own moments to the system (an exact alarm, an inexact
    /// one, WorkManager work), from what the app calls: a phone in Doze or a low standby bucket shows them later or
    /// sooner by mode (`docs/scenario-format.md`, Device conditions).
    static var androidScheduling: AndroidScheduling { get }

    /// The requests the app's rules want pending now, soonest first: what a reconcile at this instant hands the
    /// platform. Give them to ``NotificationRunway`` to learn what a platform with a limit keeps.
    ///
    /// - Parameter device: The instant, zone and permission now.
    /// - Returns: The desired requests.
    /// - Throws: What the platform conformer (or a store of the app's) throws.
    func desiredRequests(device: DeviceState) async throws -> [NotificationRequest]

    /// What the service remembers now, to save when the app's process may end and restore in the next one.
    var savedState: SavedState { get async }

    /// The system took these notifications off the screen on its own (Android's force stop): the app learns of it
    /// at its next run, from the platform's list of what is shown, and no longer counts them on screen (nothing to
    /// withdraw later). By default it does nothing.
    ///
    /// - Parameters:
    ///   - identifiers: The notifications removed.
    ///   - device: The instant, zone and permission now.
    func notificationsRemovedBySystem(_ identifiers: [String], device: DeviceState) async
}

extension AppNotificationService {
    public func notificationsRemovedBySystem(_ identifiers: [String], device: DeviceState) async {}

    /// Own moments are timers: the app is not open at them unless it says so.
    public nonisolated var ownMomentsAreForeground: Bool { false }

    /// Exact alarms while allowed, inexact allow-while-idle ones otherwise (flutter_local_notifications' way).
    public static var androidScheduling: AndroidScheduling { .exactWithInexactFallback }
}
