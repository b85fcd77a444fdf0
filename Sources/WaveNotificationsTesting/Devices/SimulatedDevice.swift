public import Foundation
public import WaveNotifications

/// Which phone (or computer) a simulated device is: it decides when the app's code runs and what a reboot does.
public enum DevicePlatform: String, Hashable, Sendable, CaseIterable {
    /// iOS: the app runs only at app runs; the system shows what it holds meanwhile.
    case ios
    /// Android: alarms wake the app; a reboot forgets every alarm.
    case android
    /// A Linux process that is always running (the reference adapter).
    case linux
}

/// A device a ``DeviceRunLoop`` plays: the app's request center plus what the system does on its own as time passes
/// (`docs/scenario-format.md`, Platforms and Device conditions).
///
/// ``SimulatedIOSCenter`` and ``SimulatedAndroidCenter`` conform, and so does any center a test wraps (wavesim wraps
/// the Linux adapter's manager). What the platform decides is two values: for every app, fixed, its ``policy``; under
/// the device's conditions, its rules (``DeviceConditionRules``, lent by ``withConditionRules(_:)``). A device itself
/// holds requests, moves time, reports runs, reboots and force-stops. Methods a device does not need have defaults:
/// an always-running device with no conditions. A conformer that implements a defaulted method declares it `async`,
/// as the defaults are: a sync method of an actor loses, in an async context, to the async default when called
/// through the protocol.
public protocol SimulatedDevice: NotificationRequestCenter {
    /// What its platform decides for every app: which platform, the pending limit, the boot receiver, whether it has
    /// conditions.
    nonisolated var policy: DevicePolicy { get }

    /// Moves the clock to `instant` and returns what the system did on the way, in order.
    ///
    /// - Parameter instant: The new current instant.
    /// - Returns: The requests shown (on time or late), lost, or not shown.
    func advance(to instant: Date) async -> [DeviceFact]

    /// When the device next does something on its own (shows a request, or loses one).
    var nextFireDate: Date? { get async }

    /// The most requests armed at once so far.
    var peakPendingCount: Int { get async }

    /// Requests handed over so far (each request of an `add`, replacements included).
    var addedCount: Int { get async }

    /// Pending requests removed so far.
    var removedCount: Int { get async }

    /// What it holds, after an app run, of what the app handed it.
    ///
    /// - Returns: How many requests the app wants pending, how many it holds, and when the app must run again.
    /// - Throws: When it fails to list its requests.
    func runReport() async throws -> DeviceRunReport

    /// An app run begins.
    func beginRun() async

    /// Whether the device needs, at the end of an app run, what the app wants pending now: Android does while it has
    /// requests the system removed that may still be lost. The loop asks the app only then, since the app plans
    /// everything it wants to answer (600,000 requests for 100,000 favorite WorldWideWaves events).
    var needsWantedRequestsAtRunEnd: Bool { get async }

    /// An app run ends.
    ///
    /// - Parameter wanted: What the app wants pending now, when the device needs it
    ///   (``needsWantedRequestsAtRunEnd``: Android forgets a request a reboot removed once the app no longer wants
    ///   it); `nil` when the app was not asked.
    func endRun(stillWanting wanted: [NotificationRequest]?) async

    /// Whether the app listed the pending requests since the run began (it reconciled).
    var wasListedDuringRun: Bool { get async }

    /// The device restarts.
    ///
    /// - Returns: The pending requests it forgot (Android), soonest first; none where pending requests survive.
    func reboot() async -> [NotificationRequest]

    /// The user force-stops the app (`docs/scenario-format.md`, Killed apps). Android removes every pending request
    /// (each lost at its instant unless the app hands it over again at its next launch) and every notification on
    /// screen; iOS keeps both.
    ///
    /// - Returns: The pending requests removed, soonest first, and the notifications taken off the screen, in the
    ///   order shown; none where nothing is removed.
    func forceStop() async -> (cancelled: [NotificationRequest], withdrawn: [NotificationRequest])

    /// Lends the platform's rules under the device's conditions (when the app's own alarms run, when a push arrives,
    /// whether a notification is told quietly or a refresh skipped) to `body`, which reads or changes them: a wake, a
    /// move to another zone, an alarm of the app's own that ran. A device whose alarms run under the rules (Android's)
    /// holds the one value both use. By default the ideal rules, which allow everything at once.
    ///
    /// - Parameter body: Reads or changes the rules.
    /// - Returns: What `body` returns.
    func withConditionRules<Result: Sendable>(_ body: @Sendable (inout DeviceConditionRules) -> Result) async -> Result

    /// The device's conditions change (a `device` action): its rules read them from now on, and it does what the
    /// change does to the app's requests (Android deletes the exact alarms when exact alarms are revoked). By default
    /// the rules' change alone.
    ///
    /// - Parameters:
    ///   - conditions: The conditions from now on.
    ///   - instant: Now.
    /// - Returns: What the change does to the app.
    func changeConditions(to conditions: DeviceConditions, at instant: Date) async -> DeviceConditionChange
}

/// What a change of a device's conditions does to the app.
public enum DeviceConditionChange: Hashable, Sendable {
    /// Nothing the app learns of.
    case none
    /// Android revoked exact alarms: it deleted the app's exact alarms and stopped the app.
    case exactAlarmsRevoked
    /// Android granted exact alarms: the app runs and hands its requests over again.
    case exactAlarmsGranted
}

extension SimulatedDevice {
    /// Which platform it is: its policy's.
    public nonisolated var platform: DevicePlatform { policy.platform }

    /// How many pending requests it arms or holds at once: its policy's.
    public nonisolated var pendingLimit: Int { policy.pendingLimit }

    /// Whether the scenario gave it conditions: its policy's.
    public nonisolated var hasConditions: Bool { policy.hasConditions }

    /// Whether the device runs the app at a reboot: its policy's.
    public nonisolated var hasBootReceiver: Bool { policy.hasBootReceiver }

    public func runReport() async throws -> DeviceRunReport {
        let runway = NotificationRunway(desired: try await pendingRequests(), limit: pendingLimit)
        return DeviceRunReport(
            wanted: runway.held.count + runway.notHeld.count, held: runway.held.count,
            refreshDeadline: runway.refreshDeadline)
    }

    public func beginRun() async {}

    public var needsWantedRequestsAtRunEnd: Bool { get async { false } }

    public func endRun(stillWanting wanted: [NotificationRequest]?) async {}

    public var wasListedDuringRun: Bool { get async { true } }

    public func reboot() async -> [NotificationRequest] { [] }

    public func forceStop() async -> (cancelled: [NotificationRequest], withdrawn: [NotificationRequest]) { ([], []) }

    public func withConditionRules<Result: Sendable>(
        _ body: @Sendable (inout DeviceConditionRules) -> Result
    ) async -> Result {
        var rules = DeviceConditionRules.ideal
        return body(&rules)
    }

    public func changeConditions(to conditions: DeviceConditions, at instant: Date) async -> DeviceConditionChange {
        await withConditionRules { $0.change(to: conditions) }
    }
}

extension DevicePlatform {
    /// The library's model of this phone, for a run that plays it: ``SimulatedIOSCenter`` or
    /// ``SimulatedAndroidCenter``; `nil` for `linux`, which is the real adapter, not a model.
    ///
    /// - Parameters:
    ///   - limit: How many pending requests it holds or arms at once.
    ///   - hasBootReceiver: Android: whether the app runs at a reboot.
    ///   - conditions: Its conditions, or `nil` for an ideal phone.
    ///   - scheduling: Android: the app's modes.
    ///   - timeZone: The zone its windows are read in.
    ///   - clock: The run's clock at its first instant.
    /// - Returns: The device.
    public func simulatedPhone(
        limit: Int, hasBootReceiver: Bool = true, conditions: DeviceConditions? = nil,
        scheduling: AndroidScheduling = .exactWithInexactFallback, timeZone: TimeZone, clock: ManualWaveClock
    ) -> (any SimulatedDevice)? {
        switch self {
        case .ios:
            SimulatedIOSCenter(limit: limit, conditions: conditions, timeZone: timeZone, clock: clock)
        case .android:
            SimulatedAndroidCenter(
                limit: limit, hasBootReceiver: hasBootReceiver, conditions: conditions, scheduling: scheduling,
                timeZone: timeZone, clock: clock)
        case .linux:
            nil
        }
    }
}
