public import Foundation
public import WaveNotifications

/// What Hydracat remembers between reconciles: what was shown, what is still on screen, the snoozes, and the
/// suppressions already reported.
///
/// The planner only reads it. Record each delivery with ``recordShown(_:at:)``, each plan with ``record(_:)``,
/// and each snooze with ``record(_:)-(HydracatSnooze)``.
public struct HydracatHistory: Hashable, Sendable {
    /// Every identifier ever shown, with the last instant it was shown.
    public var shown: [String: Date]
    /// Identifiers shown and not withdrawn since.
    public var displayed: Set<String>
    /// Snoozes asked for, by snooze identifier.
    public var snoozes: [String: SnoozeRecord]
    /// Suppressions already reported; the planner does not report them again.
    public var reportedSuppressions: Set<Suppression>

    /// Creates a history.
    ///
    /// - Parameters:
    ///   - shown: Identifiers shown, with the instant.
    ///   - displayed: Identifiers still on screen.
    ///   - snoozes: Snoozes asked for.
    ///   - reportedSuppressions: Suppressions already reported.
    public init(
        shown: [String: Date] = [:], displayed: Set<String> = [], snoozes: [String: SnoozeRecord] = [:],
        reportedSuppressions: Set<Suppression> = []
    ) {
        self.shown = shown
        self.displayed = displayed
        self.snoozes = snoozes
        self.reportedSuppressions = reportedSuppressions
    }

    /// Records a notification shown (a pending request that fired, or one shown at once).
    ///
    /// - Parameters:
    ///   - identifier: Its identifier.
    ///   - instant: When it was shown.
    public mutating func recordShown(_ identifier: String, at instant: Date) {
        shown[identifier] = instant
        displayed.insert(identifier)
    }

    /// Records what a plan did once carried out: shows at `instant`, withdrawals, reported suppressions.
    ///
    /// - Parameters:
    ///   - plan: The plan carried out.
    ///   - instant: The reconcile instant.
    public mutating func record(_ plan: HydracatPlan, at instant: Date) {
        for request in plan.plan.showNow { recordShown(request.identifier, at: instant) }
        for withdrawal in plan.withdrawals { displayed.remove(withdrawal.identifier) }
        reportedSuppressions.formUnion(plan.plan.suppressed)
    }

    /// Records a snooze: the snoozed notification leaves the screen and the snooze is remembered.
    ///
    /// - Parameter snooze: The snooze carried out.
    public mutating func record(_ snooze: HydracatSnooze) {
        displayed.remove(snooze.withdrawal.identifier)
        snoozes[snooze.request.identifier] = snooze.record
    }
}
