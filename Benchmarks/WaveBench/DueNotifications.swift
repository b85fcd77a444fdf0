internal import Foundation
internal import WaveNotifications

/// The notifications the delivery workloads (2 and 2b) measure: `count` finished-wave notifications due at seeded
/// instants spread over a window that opens `lead` seconds after they are scheduled, and the lateness of each.
struct DueNotifications {
    let count: Int
    /// How long the due instants are spread over, in seconds.
    let window: Double
    /// How long after scheduling the window opens, in seconds: room for the scheduling calls themselves.
    let lead: Double
    /// How long after the window a due notification may still arrive before it counts as lost, in seconds.
    let grace = 2.0
    /// Each notification's instant, in seconds after the window opens.
    let offsets: [Double]
    let eventIDs: [String]
    let contents: [NotificationContent]

    /// Draws the instants from a seeded generator, so every side of a comparison waits for the same ones.
    ///
    /// - Parameters:
    ///   - quick: 200 over 1 s instead of 2,000 over 5 s.
    ///   - seed: The generator's seed.
    init(quick: Bool, seed: UInt64) {
        count = quick ? 200 : 2_000
        window = quick ? 1.0 : 5.0
        lead = quick ? 0.3 : 1.0
        var random = SeededGenerator(seed: seed)
        let window = window
        offsets = (0..<count).map { _ in Double.random(in: 0...window, using: &random) }
        eventIDs = (0..<count).map { TimerQueuePlan.eventID(prefix: "due", number: $0) }
        contents = eventIDs.map { id in
            DefaultNotificationContentProvider().finishedNotification(
                for: WaveEventRecord(
                    id: id, name: "Wave \(id)", location: "Paris", startDate: .distantPast, endDate: .distantPast))
        }
    }

    /// Tells `sink` each notification's intended instant, the window opening at `anchor`.
    ///
    /// - Throws: When an event id is invalid (never, for the generated ones).
    func expect(on sink: LatenessSink, windowOpeningAt anchor: Date) throws {
        var intended: [NotificationIdentifier: Date] = [:]
        for (id, offset) in zip(eventIDs, offsets) {
            intended[try NotificationIdentifier(eventID: id, trigger: .eventFinished)] = anchor.addingTimeInterval(
                offset)
        }
        sink.expect(intended)
    }

    /// Schedules every notification, each with the delay that makes it due at its instant after `anchor`.
    ///
    /// - Throws: What the manager throws.
    func schedule(on manager: some NotificationManager, windowOpeningAt anchor: Date) async throws {
        for index in 0..<count {
            let delay = anchor.addingTimeInterval(offsets[index]).timeIntervalSince(Date())
            try await manager.scheduleNotification(
                eventID: eventIDs[index], trigger: .eventFinished, delay: .nanoseconds(Int64(delay * 1e9)),
                content: contents[index])
        }
    }

    /// The lateness figures of a run: minimum, p50, p99 and maximum, in milliseconds.
    ///
    /// - Parameter samples: Each delivery's lateness, in seconds.
    /// - Returns: The figures under their JSON names.
    static func latenessFigures(ofSeconds samples: [Double]) -> [String: Double] {
        let sorted = samples.sorted().map { $0 * 1000 }
        return [
            "latenessMinMilliseconds": sorted.first ?? .nan,
            "latenessP50Milliseconds": Statistics.percentile(50, ofSorted: sorted),
            "latenessP99Milliseconds": Statistics.percentile(99, ofSorted: sorted),
            "latenessMaxMilliseconds": sorted.last ?? .nan,
        ]
    }
}
