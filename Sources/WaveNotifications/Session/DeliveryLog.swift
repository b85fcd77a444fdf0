public import Foundation

/// What a session showed, what is still on screen, and what no reconcile may schedule again: the one history every
/// app service reads.
///
/// An identifier shown once is *done*: a reconcile never schedules it again (after a time-zone move, a local slot
/// already shown stays done). The user's own request for it (a snooze, a task moved to a new due time) lifts that
/// until it is shown again. Each identifier counts by its latest showing: shown again after a withdrawal, it is
/// on screen again.
///
/// A log is `Codable`: an app whose process ends between runs (every iOS app) saves it, within its session's
/// ``NotificationSession/State``, and restores it at the next run, so nothing shown is scheduled again.
public struct DeliveryLog: Hashable, Sendable, Codable {
    /// The shown notifications as the core's policies read them (dedupe and cap keys), oldest first.
    public private(set) var history: NotificationHistory
    /// The latest instant each identifier was shown.
    public private(set) var lastShownAt: [String: Date]
    /// The notifications on screen now (shown and not withdrawn since), with the request each was shown from.
    public private(set) var onScreen: [String: NotificationRequest]
    /// Identifiers the user asked for again after they were shown; a reconcile may schedule them.
    public private(set) var requestedAgain: Set<String>
    /// The identifier shown last with each collapse id.
    private var latestByCollapseID: [String: String]
    /// When each shown notification with an expiry is withdrawn, soonest first (ties by identifier).
    private var expiries: [Expiry]

    /// When a shown notification is withdrawn as expired.
    private struct Expiry: Hashable, Sendable, Codable {
        var at: Date
        var identifier: String
    }

    /// Creates an empty log.
    public init() {
        history = NotificationHistory()
        lastShownAt = [:]
        onScreen = [:]
        requestedAgain = []
        latestByCollapseID = [:]
        expiries = []
    }

    /// Whether no reconcile may schedule the identifier: it was shown, and the user did not ask for it again since.
    ///
    /// - Parameter identifier: A request identifier.
    /// - Returns: `true` when it is done.
    public func isDone(_ identifier: String) -> Bool {
        lastShownAt[identifier] != nil && !requestedAgain.contains(identifier)
    }

    /// Whether a notification with this identifier is on screen now.
    ///
    /// - Parameter identifier: A request identifier.
    /// - Returns: `true` when it was shown and not withdrawn since.
    public func isOnScreen(_ identifier: String) -> Bool {
        onScreen[identifier] != nil
    }

    /// When the next shown notification expires, if one has an expiry.
    public var nextExpiry: Date? { expiries.first?.at }

    /// Records a showing.
    ///
    /// A ``NotificationSession`` records into its own log as it shows and withdraws; build a log yourself only to
    /// hand a planner facts in a test.
    ///
    /// - Parameters:
    ///   - request: The request shown.
    ///   - instant: When it was shown.
    ///   - record: Its history record (the policies' keys); by default read from its metadata
    ///     (``NotificationSession/metadataRecord(for:shownAt:)``).
    /// - Returns: The identifier of the notification with the same collapse id that was on screen before, which
    ///   this one replaces.
    @discardableResult
    public mutating func recordShown(
        _ request: NotificationRequest, at instant: Date, record: ShownNotification? = nil
    ) -> String? {
        let record = record ?? NotificationSession.metadataRecord(for: request, shownAt: instant)
        let identifier = request.identifier
        history.append(record)
        lastShownAt[identifier] = instant
        requestedAgain.remove(identifier)
        onScreen[identifier] = request
        removeExpiry(of: identifier)
        if let at = WaveNotifications.Expiry.expiryInstant(of: request) {
            let index = expiries.firstIndex { ($0.at, $0.identifier) > (at, identifier) } ?? expiries.count
            expiries.insert(Expiry(at: at, identifier: identifier), at: index)
        }
        guard let collapseID = request.collapseID else { return nil }
        let previous = latestByCollapseID.updateValue(identifier, forKey: collapseID)
        return previous.flatMap { $0 != identifier && onScreen[$0] != nil ? $0 : nil }
    }

    /// Records a withdrawal.
    ///
    /// - Parameter identifier: The identifier withdrawn.
    /// - Returns: `false` when it was not on screen (nothing to withdraw).
    @discardableResult
    public mutating func recordWithdrawn(_ identifier: String) -> Bool {
        guard onScreen.removeValue(forKey: identifier) != nil else { return false }
        removeExpiry(of: identifier)
        return true
    }

    /// Records the user's own request for an identifier: a reconcile may schedule it until it is shown again.
    ///
    /// - Parameter identifier: The identifier.
    mutating func recordRequestedAgain(_ identifier: String) {
        if lastShownAt[identifier] != nil { requestedAgain.insert(identifier) }
    }

    /// Whether ``forget(shownBefore:keeping:)`` would remove anything.
    ///
    /// - Parameters:
    ///   - cutoff: The instant.
    ///   - kept: Identifiers that stay *done* however long ago they were shown.
    /// - Returns: `true` when a record, or an identifier not on screen and not in `kept`, was shown before `cutoff`,
    ///   or a collapse id names a notification no longer on screen.
    public func hasEntries(shownBefore cutoff: Date, keeping kept: Set<String> = []) -> Bool {
        history.hasRecords(shownBefore: cutoff)
            || lastShownAt.contains { $0.value < cutoff && onScreen[$0.key] == nil && !kept.contains($0.key) }
            || latestByCollapseID.values.contains { onScreen[$0] == nil }
    }

    /// Forgets what was shown before an instant, for an app whose rules never look back that far: the history's
    /// records shown before it, and the identifiers last shown before it (no longer *done*: the app's rules must
    /// never propose them again), unless still on screen. A collapse id whose latest notification is no longer on
    /// screen is forgotten too (it withdraws nothing). What is on screen, and its expiry, stays.
    ///
    /// Each app service calls it at its reconciles with its own horizon (docs/core.md, "Bounded state"), so the log
    /// an app saves between launches stays as long as that horizon however long the app is used.
    ///
    /// - Parameters:
    ///   - cutoff: The instant; what was shown at or after it stays.
    ///   - kept: Identifiers that stay *done* however long ago they were shown (an app whose rule reads them for as
    ///     long as its own records list them, such as reminders of tasks still open).
    public mutating func forget(shownBefore cutoff: Date, keeping kept: Set<String> = []) {
        history.removeRecords(shownBefore: cutoff)
        lastShownAt = lastShownAt.filter { $0.value >= cutoff || onScreen[$0.key] != nil || kept.contains($0.key) }
        requestedAgain = requestedAgain.filter { lastShownAt[$0] != nil }
        latestByCollapseID = latestByCollapseID.filter { onScreen[$0.value] != nil }
    }

    /// Takes off the screen, in the log only, all but the latest notifications on screen, for an app that never
    /// withdraws some of its notifications (a platform does not show them for ever): each one taken off no longer
    /// collapses, expires or answers a response, and is forgotten like any other by ``forget(shownBefore:keeping:)``.
    /// Nothing is withdrawn on the platform.
    ///
    /// - Parameter count: How many stay on screen: the latest shown (ties by identifier, the greater stays).
    public mutating func forgetOnScreen(keepingLatest count: Int) {
        guard onScreen.count > count else { return }
        let gone = onScreen.keys.sorted {
            (lastShownAt[$0] ?? .distantPast, $0) < (lastShownAt[$1] ?? .distantPast, $1)
        }.prefix(onScreen.count - count)
        for identifier in gone {
            onScreen.removeValue(forKey: identifier)
            removeExpiry(of: identifier)
        }
    }

    /// Takes off the screen, in the log only, the notifications on screen that were last shown before an instant, for
    /// an app that never reads its screen (no withdrawal, expiry, collapse or response reads it): each one taken off
    /// is forgotten like any other by ``forget(shownBefore:keeping:)``. Nothing is withdrawn on the platform.
    ///
    /// - Parameter cutoff: The instant; what was last shown at or after it stays on screen.
    public mutating func forgetOnScreen(shownBefore cutoff: Date) {
        let gone = onScreen.keys.filter { (lastShownAt[$0] ?? .distantPast) < cutoff }
        for identifier in gone {
            onScreen.removeValue(forKey: identifier)
            removeExpiry(of: identifier)
        }
    }

    /// Whether ``forgetOnScreen(shownBefore:)`` would take anything off the screen.
    ///
    /// - Parameter cutoff: The instant.
    /// - Returns: `true` when a notification on screen was last shown before `cutoff`.
    public func hasOnScreen(shownBefore cutoff: Date) -> Bool {
        onScreen.keys.contains { (lastShownAt[$0] ?? .distantPast) < cutoff }
    }

    /// The identifiers whose expiry is at or before an instant, soonest first.
    ///
    /// - Parameter instant: The current instant.
    /// - Returns: The identifiers, in expiry order.
    func expired(at instant: Date) -> [String] {
        expiries.prefix { $0.at <= instant }.map(\.identifier)
    }

    private mutating func removeExpiry(of identifier: String) {
        expiries.removeAll { $0.identifier == identifier }
    }
}
