public import WaveNotifications

/// A grow task: a reminder fires at its due local date and time until it is completed.
public struct GrowBroTask: Hashable, Sendable, Codable, Identifiable {
    /// The task's id, unique among the tasks: the reminder is `task_<id>`, its link `growbro://task/<id>`.
    public var id: String
    /// The task's title, shown as the reminder's body.
    public var title: String
    /// When it is due, in the device's local time (`YYYY-MM-DDTHH:MM`): the reminder's fire time.
    public var due: LocalDateTime
    /// Whether the user completed it: a completed task has no reminder and is never overdue.
    public var isCompleted: Bool

    /// Creates a task.
    ///
    /// - Parameters:
    ///   - id: The task's id.
    ///   - title: The task's title.
    ///   - due: When it is due, local time.
    ///   - isCompleted: Whether it is completed (default `false`).
    public init(id: String, title: String, due: LocalDateTime, isCompleted: Bool = false) {
        self.id = id
        self.title = title
        self.due = due
        self.isCompleted = isCompleted
    }
}
