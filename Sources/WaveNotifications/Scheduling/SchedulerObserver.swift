/// What the scheduler reports instead of printing: each manager call that failed and each rejected event.
public protocol SchedulerObserver: Sendable {
    /// Called for each problem the scheduler met and carried on past.
    ///
    /// - Parameter problem: What happened.
    func schedulerDidReport(_ problem: SchedulerProblem)
}

/// A problem the scheduler met and carried on past.
public enum SchedulerProblem: Sendable, CustomStringConvertible {
    /// A manager call threw; the other calls of the same operation still happened.
    case managerCallFailed(ManagerCall, error: any Error)
    /// An event's id is invalid, so no notification was built or scheduled for it.
    case invalidEventID(String, EventIDError)

    public var description: String {
        switch self {
        case .managerCallFailed(let call, let error):
            return "\(call) failed: \(error)"
        case .invalidEventID(let id, let error):
            return "event '\(id)' skipped: \(error)"
        }
    }
}

/// A call the scheduler made to its ``NotificationManager``.
public enum ManagerCall: Hashable, Sendable, CustomStringConvertible {
    /// `scheduleNotification` for this event and trigger.
    case schedule(eventID: String, trigger: NotificationTrigger)
    /// `deliverNow` for this event and trigger.
    case deliverNow(eventID: String, trigger: NotificationTrigger)
    /// `cancelNotification` for this event and trigger.
    case cancel(eventID: String, trigger: NotificationTrigger)
    /// `cancelAllNotifications` for this event.
    case cancelAll(eventID: String)

    public var description: String {
        switch self {
        case .schedule(let eventID, let trigger): return "schedule(\(eventID), \(trigger.id))"
        case .deliverNow(let eventID, let trigger): return "deliverNow(\(eventID), \(trigger.id))"
        case .cancel(let eventID, let trigger): return "cancel(\(eventID), \(trigger.id))"
        case .cancelAll(let eventID): return "cancelAll(\(eventID))"
        }
    }
}

/// An observer that ignores every report.
public struct IgnoringSchedulerObserver: SchedulerObserver {
    /// Creates the observer.
    public init() {}

    public func schedulerDidReport(_ problem: SchedulerProblem) {}
}
