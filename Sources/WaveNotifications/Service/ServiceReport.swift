/// What one call of an app's service did, in order: notification events and the app's own facts.
public struct ServiceReport<Fact: Hashable & Sendable>: Hashable, Sendable {
    /// One thing that happened.
    public enum Entry: Hashable, Sendable {
        /// A delivery, suppression, cancellation or withdrawal.
        case notification(NotificationEvent)
        /// One of the app's own facts.
        case fact(Fact)
    }

    /// Everything that happened, in order.
    public var entries: [Entry]

    /// Creates a report.
    ///
    /// - Parameter entries: What happened, in order.
    public init(entries: [Entry] = []) {
        self.entries = entries
    }

    /// Creates a report of notification events only.
    ///
    /// - Parameter events: The events, in order.
    public init(_ events: [NotificationEvent]) {
        entries = events.map(Entry.notification)
    }

    /// The notification events, in order.
    public var events: [NotificationEvent] {
        entries.compactMap { if case .notification(let event) = $0 { event } else { nil } }
    }

    /// The app's own facts, in order.
    public var facts: [Fact] {
        entries.compactMap { if case .fact(let fact) = $0 { fact } else { nil } }
    }

    /// Whether nothing happened.
    public var isEmpty: Bool { entries.isEmpty }

    /// This report followed by another.
    ///
    /// - Parameters:
    ///   - lhs: What happened first.
    ///   - rhs: What happened next.
    /// - Returns: Both, in order.
    public static func + (lhs: ServiceReport, rhs: ServiceReport) -> ServiceReport {
        ServiceReport(entries: lhs.entries + rhs.entries)
    }

    /// Appends what happened next.
    ///
    /// - Parameters:
    ///   - lhs: The report to extend.
    ///   - rhs: What happened next.
    public static func += (lhs: inout ServiceReport, rhs: ServiceReport) {
        lhs.entries += rhs.entries
    }
}
