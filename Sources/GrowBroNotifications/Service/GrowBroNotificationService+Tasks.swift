public import WaveNotifications

/// The user's task actions: each changes the tasks, then the service reconciles as at a user action.
extension GrowBroNotificationService {
    /// The user completed a task: its reminder is no longer wanted (a pending one is cancelled, `reschedule`) and it
    /// is never overdue; then the service reconciles.
    ///
    /// - Parameters:
    ///   - taskID: The task's id.
    ///   - device: The instant, zone and permission now.
    /// - Returns: ``GrowBroTaskActionResult/Outcome/noSuchTask`` when no task has the id, and the reconcile's events.
    /// - Throws: What the platform conformer or the inbox throws.
    @discardableResult
    public func completeTask(_ taskID: String, device: DeviceState) async throws -> GrowBroTaskActionResult {
        try await inTurn {
            let found = settings.completeTask(taskID)
            return try await afterTaskAction(found ? .applied : .noSuchTask, type: "complete", device: device)
        }
    }

    /// The user moved a task to another due time: its reminder is replaced by one at the new time; then the service
    /// reconciles.
    ///
    /// A new due time is the user's own request: the reminder `task_<id>` is scheduled for it even when the reminder
    /// for the old time was already shown. The same due time again is not: once its reminder was shown, nothing is
    /// scheduled (``GrowBroTaskActionResult/Outcome/reminderAlreadyShown``), as a reconcile never shows a slot twice.
    ///
    /// - Parameters:
    ///   - taskID: The task's id.
    ///   - due: The new due local date and time.
    ///   - device: The instant, zone and permission now.
    /// - Returns: How the task changed, and the reconcile's events.
    /// - Throws: What the platform conformer or the inbox throws.
    @discardableResult
    public func rescheduleTask(
        _ taskID: String, to due: LocalDateTime, device: DeviceState
    ) async throws -> GrowBroTaskActionResult {
        try await inTurn {
            let identifier = GrowBroLinks.taskIdentifier(taskID)
            let outcome: GrowBroTaskActionResult.Outcome
            if let task = settings.tasks.first(where: { $0.id == taskID }) {
                if task.due == due {
                    outcome = await session.log.isDone(identifier) ? .reminderAlreadyShown : .applied
                } else {
                    settings.rescheduleTask(taskID, to: due)
                    await session.allowAgain([identifier])
                    outcome = .applied
                }
            } else {
                outcome = .noSuchTask
            }
            return try await afterTaskAction(outcome, type: "reschedule", device: device)
        }
    }

    /// The user added a task (or replaced the task with its id): its reminder is wanted at its due time; then the
    /// service reconciles.
    ///
    /// - Parameters:
    ///   - task: The task.
    ///   - device: The instant, zone and permission now.
    /// - Returns: ``GrowBroTaskActionResult/Outcome/applied`` and the reconcile's events.
    /// - Throws: What the platform conformer or the inbox throws.
    @discardableResult
    public func addTask(_ task: GrowBroTask, device: DeviceState) async throws -> GrowBroTaskActionResult {
        try await inTurn {
            settings.addTask(task)
            return try await afterTaskAction(.applied, type: "addTask", device: device)
        }
    }

    /// Reconciles after a task action (a user action of the app's own).
    private func afterTaskAction(
        _ outcome: GrowBroTaskActionResult.Outcome, type: String, device: DeviceState
    ) async throws -> GrowBroTaskActionResult {
        let events = try await reconciling(device: device, cause: .userAction(type))
        return GrowBroTaskActionResult(outcome: outcome, events: events.events)
    }
}
