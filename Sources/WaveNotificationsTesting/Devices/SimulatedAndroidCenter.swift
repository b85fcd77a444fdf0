public import Foundation
public import WaveNotifications

/// Android's alarms and notification manager, as truthful as a test needs them: every request is kept and armed as
/// an alarm (at most `limit` at once, 500 by default; the rest are armed as others fire, so none is lost to the
/// limit), each is shown at its instant and wakes the app, and a **reboot** forgets every alarm.
///
/// After ``reboot()`` nothing is pending. With a boot receiver (``hasBootReceiver``) the app runs at once and can hand
/// over again what it wants; without one nothing of the app runs until its next app run (``isAppAsleep``: its own
/// timers are gone too). A request the reboot removed that the app still wants, whose instant comes before the app
/// hands it over again, comes back from ``advance(to:)`` as ``DeviceFact/lost(_:reason:)``: the user never sees it.
///
/// Play the device in a test: ``beginRun()`` and ``endRun(stillWanting:)`` around each app run (the start, a
/// launch, a boot), ``advance(to:)`` to move time (each ``DeviceFact/due(_:)`` is shown and wakes the app: hand it
/// to the service's `notificationShown`), ``reboot()`` to restart the phone, ``runReport()`` for what it holds.
public actor SimulatedAndroidCenter: NotificationRequestCenter {
    /// How many alarms are armed at once.
    public nonisolated let limit: Int
    /// Whether the app registered a boot receiver: it runs right after a reboot.
    public nonisolated let hasBootReceiver: Bool
    /// The test's clock, moved with the center.
    private let clock: ManualWaveClock
    private var now: Date
    /// Pending requests, soonest first (equal instants in the order added).
    private var pending: [(request: NotificationRequest, sequence: Int)] = []
    private var nextSequence = 0
    /// Requests a reboot removed that the app has neither handed over again nor stopped wanting, by identifier.
    private var removedByReboot: [String: NotificationRequest] = [:]
    private var shown = ShownNotifications()

    /// The most alarms armed at once.
    public private(set) var peakPendingCount = 0
    /// Requests handed over (each request of an `add`, replacements included).
    public private(set) var addedCount = 0
    /// Pending requests removed (by the app, or by a reboot).
    public private(set) var removedCount = 0
    /// Whether the app's code does not run on its own: after a reboot without a boot receiver, until its next run.
    public private(set) var isAppAsleep = false

    /// Creates a phone with nothing pending.
    ///
    /// - Parameters:
    ///   - limit: How many alarms are armed at once (500 by default).
    ///   - hasBootReceiver: Whether the app runs right after a reboot (default `true`).
    ///   - clock: The test's clock at its first instant; ``advance(to:)`` moves it.
    public init(limit: Int = 500, hasBootReceiver: Bool = true, clock: ManualWaveClock) {
        self.limit = limit
        self.hasBootReceiver = hasBootReceiver
        self.clock = clock
        now = clock.now
    }

    /// Arms each request, replacing a pending one with its identifier; a request handed over again is no longer
    /// lost to a reboot.
    ///
    /// - Parameter requests: The requests.
    public func add(_ requests: [NotificationRequest]) {
        addedCount += requests.count
        for request in requests {
            pending.removeAll { $0.request.identifier == request.identifier }
            removedByReboot[request.identifier] = nil
            let entry = (request: request, sequence: nextSequence)
            nextSequence += 1
            let position = pending.firstIndex { ($0.request.fireAt, $0.sequence) > (request.fireAt, entry.sequence) }
            pending.insert(entry, at: position ?? pending.endIndex)
        }
        peakPendingCount = max(peakPendingCount, min(pending.count, limit))
    }

    /// Removes pending requests (and forgets them as lost to a reboot); unknown identifiers are ignored.
    ///
    /// - Parameters:
    ///   - identifiers: The identifiers.
    ///   - reason: Why.
    public func removePending(identifiers: [String], reason: NotificationReason) {
        let gone = Set(identifiers)
        let before = pending.count
        pending.removeAll { gone.contains($0.request.identifier) }
        removedCount += before - pending.count
        for identifier in identifiers { removedByReboot[identifier] = nil }
    }

    /// Removes every pending request of a thread.
    ///
    /// - Parameters:
    ///   - threadID: The thread.
    ///   - reason: Why.
    public func removePending(threadID: String, reason: NotificationReason) {
        let before = pending.count
        pending.removeAll { $0.request.threadID == threadID }
        removedCount += before - pending.count
        removedByReboot = removedByReboot.filter { $0.value.threadID != threadID }
    }

    /// Every pending request, soonest first: Android keeps them all.
    ///
    /// - Returns: The pending requests.
    public func pendingRequests() -> [NotificationRequest] {
        pending.map(\.request)
    }

    /// Shows a request now; it stays on screen until withdrawn.
    ///
    /// - Parameter request: The request.
    public func show(_ request: NotificationRequest) {
        shown.show(request)
    }

    /// Takes shown notifications off the screen; unknown identifiers are ignored.
    ///
    /// - Parameters:
    ///   - identifiers: The identifiers.
    ///   - reason: Why.
    public func withdrawShown(identifiers: [String], reason: NotificationReason) {
        for identifier in identifiers { shown.withdraw(identifier) }
    }

    /// What is on screen, in the order shown.
    public var onScreen: [NotificationRequest] { shown.requests }

    /// The phone restarts: every alarm is forgotten (counted as removed), and each is lost at its instant unless the
    /// app hands it over again first.
    ///
    /// - Returns: The requests removed, soonest first; whether the app runs now is ``hasBootReceiver``.
    @discardableResult
    public func reboot() -> [NotificationRequest] {
        let removed = pending.map(\.request)
        removedCount += removed.count
        pending = []
        for request in removed { removedByReboot[request.identifier] = request }
        isAppAsleep = !hasBootReceiver
        return removed
    }

    /// An app run begins: the app's code runs again on its own from now on.
    public func beginRun() {
        isAppAsleep = false
    }

    /// An app run ends. A request a reboot removed stays lost only while the app still wants it: give what the app
    /// wants now (its service's `desiredRequests`) and the others are forgotten.
    ///
    /// - Parameter wanted: The requests the app wants pending now; `nil` keeps every one a reboot removed.
    public func endRun(stillWanting wanted: [NotificationRequest]? = nil) {
        guard let wanted else { return }
        let identifiers = Set(wanted.map(\.identifier))
        removedByReboot = removedByReboot.filter { identifiers.contains($0.key) }
    }

    /// When the next pending request fires, or the next one a reboot removed would have fired.
    public var nextFireDate: Date? {
        [pending.first?.request.fireAt, removedByReboot.values.map(\.fireAt).min()].compactMap { $0 }.min()
    }

    /// What the phone holds of what the app wants: the pending requests plus those a reboot removed; the armed ones
    /// are held, and the app must run again by the first one not armed (or lost), else the last armed one.
    ///
    /// - Returns: The report.
    public func runReport() -> DeviceRunReport {
        let armed = min(pending.count, limit)
        let firstNotArmed = pending.count > limit ? pending[limit].request.fireAt : nil
        let firstLost = removedByReboot.values.map(\.fireAt).min()
        let deadline = [firstNotArmed, firstLost].compactMap { $0 }.min() ?? pending.prefix(armed).last?.request.fireAt
        return DeviceRunReport(
            wanted: pending.count + removedByReboot.count, held: armed, refreshDeadline: deadline)
    }

    /// Moves the clock to `instant`: every pending request due by then is shown, and every one a reboot removed whose
    /// instant has come is lost; in the order of their instants (a loss first at equal instants).
    ///
    /// - Parameter instant: The new current instant.
    /// - Returns: What the phone did, in order.
    public func advance(to instant: Date) async -> [DeviceFact] {
        now = max(now, instant)
        await clock.advance(to: now)
        var facts: [(at: Date, order: Int, fact: DeviceFact)] = []
        let lost = removedByReboot.values.filter { $0.fireAt <= now }
            .sorted { ($0.fireAt, $0.identifier) < ($1.fireAt, $1.identifier) }
        for request in lost {
            removedByReboot[request.identifier] = nil
            facts.append((request.fireAt, 0, .lost(request, reason: .reboot)))
        }
        while let first = pending.first, first.request.fireAt <= now {
            pending.removeFirst()
            shown.show(first.request)
            facts.append((first.request.fireAt, 1, .due(first.request)))
        }
        return facts.enumerated().sorted {
            ($0.element.at, $0.element.order, $0.offset) < ($1.element.at, $1.element.order, $1.offset)
        }
        .map(\.element.fact)
    }
}
