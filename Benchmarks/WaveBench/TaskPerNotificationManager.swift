internal import Foundation
internal import Synchronization
internal import WaveLinuxAdapter
internal import WaveNotifications

/// Baseline: what a Swift developer writes first, one `Task` per notification sleeping until its instant
/// (`Task.sleep`, cancelled on replace and cancel), kept in a dictionary by event and trigger.
///
/// It honours the same contract as the real manager (same identifier replaces, cancel-all by event, text
/// rendered at delivery), so both sides do the same work per call.
final class TaskPerNotificationManager: NotificationManager {
    private struct Entry {
        var generation: UInt64
        var task: Task<Void, Never>
    }

    private struct State {
        var byEvent: [String: [NotificationTrigger: Entry]] = [:]
        var pending = 0
        var generation: UInt64 = 0
    }

    private let state = WaveLock(State())
    private let sink: any NotificationSink
    private let renderer: any NotificationTextRenderer
    /// Tasks that have started running; with ``ended``, lets the benchmark wait until the work it caused is done.
    private let started = Atomic<Int>(0)
    /// Tasks that have finished: fired, or woken by their cancellation.
    private let ended = Atomic<Int>(0)
    private let created = Atomic<Int>(0)
    private let cancelled = Atomic<Int>(0)

    init(sink: any NotificationSink, renderer: any NotificationTextRenderer) {
        self.sink = sink
        self.renderer = renderer
    }

    /// Notifications scheduled and neither fired nor cancelled.
    var pendingCount: Int { state.withLock { $0.pending } }

    /// Whether every task has started and every cancelled task has ended, so no asynchronous work the
    /// calls caused is still outstanding.
    var isSettled: Bool {
        started.load(ordering: .acquiring) == created.load(ordering: .acquiring)
            && ended.load(ordering: .acquiring) >= cancelled.load(ordering: .acquiring)
    }

    func scheduleNotification(
        eventID: String, trigger: NotificationTrigger, delay: Duration, content: NotificationContent
    ) async throws {
        let identifier = try NotificationIdentifier(eventID: eventID, trigger: trigger)
        let fireDate = Date().addingTimeInterval(delay.timeInterval)
        created.add(1, ordering: .relaxed)
        state.withLock { state in
            state.generation += 1
            let generation = state.generation
            let task = Task { [self] in
                started.add(1, ordering: .releasing)
                defer { ended.add(1, ordering: .releasing) }
                do {
                    try await Task.sleep(for: delay)
                } catch {
                    return
                }
                guard claim(identifier, generation: generation) else { return }
                await fire(identifier, content: content, fireDate: fireDate)
            }
            let entry = Entry(generation: generation, task: task)
            if let old = state.byEvent[eventID, default: [:]].updateValue(entry, forKey: trigger) {
                old.task.cancel()
                cancelled.add(1, ordering: .relaxed)
            } else {
                state.pending += 1
            }
        }
    }

    func deliverNow(eventID: String, trigger: NotificationTrigger, content: NotificationContent) async throws {
        let identifier = try NotificationIdentifier(eventID: eventID, trigger: trigger)
        await fire(identifier, content: content, fireDate: Date())
    }

    func cancelNotification(eventID: String, trigger: NotificationTrigger) async throws {
        try EventID.validate(eventID)
        state.withLock { state in
            if let old = state.byEvent[eventID]?.removeValue(forKey: trigger) {
                old.task.cancel()
                cancelled.add(1, ordering: .relaxed)
                state.pending -= 1
            }
        }
    }

    func cancelAllNotifications(eventID: String) async throws {
        try EventID.validate(eventID)
        state.withLock { state in
            guard let entries = state.byEvent.removeValue(forKey: eventID) else { return }
            for entry in entries.values {
                entry.task.cancel()
            }
            cancelled.add(entries.count, ordering: .relaxed)
            state.pending -= entries.count
        }
    }

    /// Cancels everything, for tearing down a warm-up.
    func cancelEverything() {
        state.withLock { state in
            for entries in state.byEvent.values {
                for entry in entries.values { entry.task.cancel() }
                cancelled.add(entries.count, ordering: .relaxed)
            }
            state.byEvent = [:]
            state.pending = 0
        }
    }

    /// Takes the entry for delivery unless it was replaced or cancelled meanwhile.
    private func claim(_ identifier: NotificationIdentifier, generation: UInt64) -> Bool {
        state.withLock { state in
            guard state.byEvent[identifier.eventID]?[identifier.trigger]?.generation == generation else {
                return false
            }
            state.byEvent[identifier.eventID]?[identifier.trigger] = nil
            state.pending -= 1
            return true
        }
    }

    private func fire(_ identifier: NotificationIdentifier, content: NotificationContent, fireDate: Date) async {
        let delivery = NotificationDelivery(
            identifier: identifier, content: content, text: renderer.render(content), scheduledFor: fireDate,
            deliveredAt: Date())
        try? await sink.deliver(delivery)
    }
}
