internal import WaveLinuxAdapter
internal import WaveNotifications

/// Hands each delivery to several sinks in order (the timeline, then the desktop), and ticks the progress.
struct FanOutSink: NotificationSink {
    let sinks: [any NotificationSink]
    let progress: ReplayProgress

    func deliver(_ delivery: NotificationDelivery) async throws {
        progress.delivered(at: delivery.deliveredAt)
        var firstError: (any Error)?
        for sink in sinks {
            do {
                try await sink.deliver(delivery)
            } catch {
                firstError = firstError ?? error
            }
        }
        if let firstError {
            throw firstError
        }
    }

    func withdraw(identifiers: [String], threadID: String?, reason: NotificationReason) async throws {
        var firstError: (any Error)?
        for sink in sinks {
            do {
                try await sink.withdraw(identifiers: identifiers, threadID: threadID, reason: reason)
            } catch {
                firstError = firstError ?? error
            }
        }
        if let firstError {
            throw firstError
        }
    }
}
