/// What one call of an app's service did, in order: notification events and the app's own facts.
///
/// A report of notification events alone (every call of an app without facts) keeps them as they are, so handing
/// them on costs no copy.
public struct ServiceReport<Fact: Hashable & Sendable>: Hashable, Sendable {
    /// One thing that happened.
    public enum Entry: Hashable, Sendable {
        /// A delivery, suppression, cancellation or withdrawal.
        case notification(NotificationEvent)
        /// One of the app's own facts.
        case fact(Fact)
    }

    private enum Storage: Sendable {
        case events([NotificationEvent])
        case entries([Entry])
    }

    private var storage: Storage

    /// Creates a report.
    ///
    /// - Parameter entries: What happened, in order.
    public init(entries: [Entry] = []) {
        storage = entries.isEmpty ? .events([]) : .entries(entries)
    }

    /// Creates a report of notification events only.
    ///
    /// - Parameter events: The events, in order.
    public init(_ events: [NotificationEvent]) {
        storage = .events(events)
    }

    /// Everything that happened, in order.
    public var entries: [Entry] {
        get {
            switch storage {
            case .events(let events): events.map(Entry.notification)
            case .entries(let entries): entries
            }
        }
        set { storage = .entries(newValue) }
    }

    /// The notification events, in order.
    public var events: [NotificationEvent] {
        switch storage {
        case .events(let events): events
        case .entries(let entries):
            entries.compactMap { if case .notification(let event) = $0 { event } else { nil } }
        }
    }

    /// The app's own facts, in order.
    public var facts: [Fact] {
        switch storage {
        case .events: []
        case .entries(let entries): entries.compactMap { if case .fact(let fact) = $0 { fact } else { nil } }
        }
    }

    /// Whether every entry is a notification event (no fact).
    public var hasOnlyEvents: Bool {
        switch storage {
        case .events: true
        case .entries(let entries): !entries.contains { if case .fact = $0 { true } else { false } }
        }
    }

    /// Whether nothing happened.
    public var isEmpty: Bool {
        switch storage {
        case .events(let events): events.isEmpty
        case .entries(let entries): entries.isEmpty
        }
    }

    public static func == (lhs: ServiceReport, rhs: ServiceReport) -> Bool {
        lhs.entries == rhs.entries
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(entries)
    }

    /// This report followed by another.
    ///
    /// - Parameters:
    ///   - lhs: What happened first.
    ///   - rhs: What happened next.
    /// - Returns: Both, in order.
    public static func + (lhs: ServiceReport, rhs: ServiceReport) -> ServiceReport {
        if case .events(let first) = lhs.storage, case .events(let second) = rhs.storage {
            return ServiceReport(first + second)
        }
        return ServiceReport(entries: lhs.entries + rhs.entries)
    }

    /// Appends what happened next.
    ///
    /// - Parameters:
    ///   - lhs: The report to extend.
    ///   - rhs: What happened next.
    public static func += (lhs: inout ServiceReport, rhs: ServiceReport) {
        lhs = lhs + rhs
    }
}
