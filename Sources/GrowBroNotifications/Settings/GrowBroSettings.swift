public import WaveNotifications

/// The user's GrowBro notification settings: a switch per channel, quiet hours, and the grow tasks.
///
/// Defaults follow the spec: every channel on, quiet hours off (22:00–07:00), no tasks.
public struct GrowBroSettings: Hashable, Sendable, Codable {
    /// The channel switches; a channel missing from the map is on.
    public var channels: [GrowBroChannel: Bool]
    /// Quiet hours.
    public var quietHours: QuietHoursSetting
    /// The grow tasks, completed ones included (they count as done, never as overdue).
    public var tasks: [GrowBroTask]

    /// Creates settings.
    ///
    /// - Parameters:
    ///   - channels: The channel switches (default: every channel on).
    ///   - quietHours: Quiet hours (default off, 22:00–07:00).
    ///   - tasks: The grow tasks (default none).
    public init(
        channels: [GrowBroChannel: Bool] = [:], quietHours: QuietHoursSetting = QuietHoursSetting(),
        tasks: [GrowBroTask] = []
    ) {
        self.channels = channels
        self.quietHours = quietHours
        self.tasks = tasks
    }

    /// Whether a channel is switched on.
    ///
    /// - Parameter channel: The channel.
    /// - Returns: Its switch; `true` when the map does not name it.
    public func isEnabled(_ channel: GrowBroChannel) -> Bool {
        channels[channel] ?? true
    }

    /// Adds a task, or replaces the task with the same id.
    ///
    /// - Parameter task: The task.
    public mutating func addTask(_ task: GrowBroTask) {
        if let index = tasks.firstIndex(where: { $0.id == task.id }) {
            tasks[index] = task
        } else {
            tasks.append(task)
        }
    }

    /// Marks a task completed: its reminder is no longer wanted and it is never overdue.
    ///
    /// - Parameter taskID: The task's id.
    /// - Returns: `false` when no task has that id (nothing changes).
    @discardableResult
    public mutating func completeTask(_ taskID: String) -> Bool {
        guard let index = tasks.firstIndex(where: { $0.id == taskID }) else { return false }
        tasks[index].isCompleted = true
        return true
    }

    /// Moves a task to a new due time: its reminder is replaced by one at the new time.
    ///
    /// - Parameters:
    ///   - taskID: The task's id.
    ///   - due: The new due local date and time.
    /// - Returns: `false` when no task has that id (nothing changes).
    @discardableResult
    public mutating func rescheduleTask(_ taskID: String, to due: LocalDateTime) -> Bool {
        guard let index = tasks.firstIndex(where: { $0.id == taskID }) else { return false }
        tasks[index].due = due
        return true
    }
}
