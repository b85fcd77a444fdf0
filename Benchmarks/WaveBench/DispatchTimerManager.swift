internal import Dispatch
internal import Foundation
internal import WaveLinuxAdapter
internal import WaveNotifications

/// Baseline: one `DispatchSourceTimer` per notification (leeway zero, on one serial queue), cancelled on
/// replace and cancel, kept in a dictionary by event and trigger.
///
/// It honours the same contract as the real manager; since sinks are `async`, a timer's handler renders the
/// text and hands the delivery to the sink in a `Task`, as an app bridging Dispatch to async code would.
final class DispatchTimerManager: NotificationManager {
    private struct Entry {
        var generation: UInt64
        var timer: any DispatchSourceTimer
    }

    private struct State {
        var byEvent: [String: [NotificationTrigger: Entry]] = [:]
        var pending = 0
        var generation: UInt64 = 0
    }

    private let state = WaveLock(State())
    private let sink: any NotificationSink
    private let renderer: any NotificationTextRenderer
    private let queue = DispatchQueue(label: "wavebench.dispatch-timers")

    init(sink: any NotificationSink, renderer: any NotificationTextRenderer) {
        self.sink = sink
        self.renderer = renderer
    }

    /// Notifications scheduled and neither fired nor cancelled.
    var pendingCount: Int { state.withLock { $0.pending } }

    func scheduleNotification(
        eventID: String, trigger: NotificationTrigger, delay: Duration, content: NotificationContent
    ) async throws {
        let identifier = try NotificationIdentifier(eventID: eventID, trigger: trigger)
        let fireDate = Date().addingTimeInterval(delay.timeInterval)
        let (seconds, attoseconds) = max(delay, .zero).components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        state.withLock { state in
            state.generation += 1
            let generation = state.generation
            let timer = DispatchSource.makeTimerSource(queue: queue)
            timer.schedule(deadline: .now() + .nanoseconds(nanoseconds), leeway: .nanoseconds(0))
            timer.setEventHandler { [self] in
                guard claim(identifier, generation: generation) else { return }
                let delivery = NotificationDelivery(
                    identifier: identifier, content: content, text: renderer.render(content), scheduledFor: fireDate,
                    deliveredAt: Date())
                Task { [sink] in try? await sink.deliver(delivery) }
            }
            timer.resume()
            let entry = Entry(generation: generation, timer: timer)
            if let old = state.byEvent[eventID, default: [:]].updateValue(entry, forKey: trigger) {
                old.timer.cancel()
            } else {
                state.pending += 1
            }
        }
    }

    func deliverNow(eventID: String, trigger: NotificationTrigger, content: NotificationContent) async throws {
        let identifier = try NotificationIdentifier(eventID: eventID, trigger: trigger)
        let now = Date()
        try await sink.deliver(
            NotificationDelivery(
                identifier: identifier, content: content, text: renderer.render(content), scheduledFor: now,
                deliveredAt: now, isImmediate: true))
    }

    func cancelNotification(eventID: String, trigger: NotificationTrigger) async throws {
        try EventID.validate(eventID)
        state.withLock { state in
            if let old = state.byEvent[eventID]?.removeValue(forKey: trigger) {
                old.timer.cancel()
                state.pending -= 1
            }
        }
    }

    func cancelAllNotifications(eventID: String) async throws {
        try EventID.validate(eventID)
        state.withLock { state in
            guard let entries = state.byEvent.removeValue(forKey: eventID) else { return }
            for entry in entries.values {
                entry.timer.cancel()
            }
            state.pending -= entries.count
        }
    }

    /// Cancels everything, for tearing down a warm-up.
    func cancelEverything() {
        state.withLock { state in
            for entries in state.byEvent.values {
                for entry in entries.values { entry.timer.cancel() }
            }
            state.byEvent = [:]
            state.pending = 0
        }
    }

    /// Takes the entry for delivery (cancelling its one-shot source) unless it was replaced or cancelled.
    private func claim(_ identifier: NotificationIdentifier, generation: UInt64) -> Bool {
        state.withLock { state in
            guard let entry = state.byEvent[identifier.eventID]?[identifier.trigger], entry.generation == generation
            else { return false }
            entry.timer.cancel()
            state.byEvent[identifier.eventID]?[identifier.trigger] = nil
            state.pending -= 1
            return true
        }
    }
}
