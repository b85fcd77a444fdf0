internal import Foundation
internal import WaveNotifications

/// The timer-queue workload, generated once from a seed and replayed identically on every side: N
/// notifications at random future instants (six per event: the five standard reminders and the finished
/// notification), 10% of them rescheduled, and half of the events cancelled.
struct TimerQueuePlan: Sendable {
    /// A reschedule of notification `index` with a new delay.
    struct Replacement: Sendable {
        var index: Int
        var delay: Duration
    }

    /// The six triggers every event gets, in the order its notifications are numbered.
    static let triggers: [NotificationTrigger] =
        NotificationTrigger.standardStartingIntervals.map { .eventStarting($0) } + [.eventFinished]

    /// The event ids, six notifications per event.
    let eventIDs: [String]
    /// Each notification's delay from the moment it is scheduled.
    let delays: [Duration]
    /// Each notification's payload; the strings are shared by an event's six payloads.
    let contents: [NotificationContent]
    /// The reschedules, in order.
    let replacements: [Replacement]
    /// The indexes of the events cancelled, in order.
    let cancelledEvents: [Int]
    /// How many notifications stay pending at the end.
    let expectedPending: Int

    /// The manager calls the plan makes: schedules, reschedules and cancel-alls.
    var operationCount: Int { delays.count + replacements.count + cancelledEvents.count }

    /// Generates a plan.
    ///
    /// - Parameters:
    ///   - count: N, the notifications scheduled.
    ///   - seed: The random seed; the same seed gives the same plan.
    ///   - prefix: The event-id prefix, so two plans in one process do not share ids.
    ///   - delays: The range the random delays are drawn from.
    ///   - churn: Whether to reschedule 10% and cancel half of the events; without it, only schedules.
    init(
        count: Int, seed: UInt64 = 0x5EED, prefix: String = "ev",
        delays delayRange: ClosedRange<Duration> = .seconds(3600) ... .seconds(30 * 86_400), churn: Bool = true
    ) {
        var random = SeededGenerator(seed: seed)
        let eventCount = (count + 5) / 6
        let nanoseconds = Self.nanoseconds(delayRange.lowerBound)...Self.nanoseconds(delayRange.upperBound)
        func randomDelay() -> Duration {
            .nanoseconds(Int64.random(in: nanoseconds, using: &random))
        }

        var eventIDs: [String] = []
        eventIDs.reserveCapacity(eventCount)
        var contents: [NotificationContent] = []
        contents.reserveCapacity(count)
        let provider = DefaultNotificationContentProvider()
        for event in 0..<eventCount {
            let id = Self.eventID(prefix: prefix, number: event)
            eventIDs.append(id)
            let record = WaveEventRecord(
                id: id, name: "Wave \(event)", location: "City \(event % 1000)", startDate: .distantFuture,
                endDate: .distantFuture)
            let link = (try? DeepLinkFormat.worldWideWaves.link(forEventID: id)) ?? ""
            for trigger in Self.triggers where contents.count < count {
                var content: NotificationContent
                switch trigger {
                case .eventStarting(let before): content = provider.startingNotification(for: record, before: before)
                default: content = provider.finishedNotification(for: record)
                }
                // One link string per event, as an app building payloads from one event value would have.
                content.deepLink = link
                contents.append(content)
            }
        }
        self.eventIDs = eventIDs
        self.contents = contents
        self.delays = (0..<count).map { _ in randomDelay() }

        guard churn else {
            replacements = []
            cancelledEvents = []
            expectedPending = count
            return
        }
        // A partial Fisher-Yates shuffle picks 10% of the notifications, each once.
        var indexes = Array(0..<count)
        var replacements: [Replacement] = []
        for position in 0..<(count / 10) {
            indexes.swapAt(position, Int.random(in: position..<count, using: &random))
            replacements.append(Replacement(index: indexes[position], delay: randomDelay()))
        }
        self.replacements = replacements
        var events = Array(0..<eventCount)
        events.shuffle(using: &random)
        cancelledEvents = Array(events.prefix(eventCount / 2))
        let cancelledNotifications = cancelledEvents.reduce(0) { sum, event in
            sum + min(6, count - event * 6)
        }
        expectedPending = count - cancelledNotifications
    }

    /// The event id of notification `index`.
    func eventID(of index: Int) -> String { eventIDs[index / 6] }

    /// The trigger of notification `index`.
    func trigger(of index: Int) -> NotificationTrigger { Self.triggers[index % 6] }

    /// A valid, fixed-width event id that stays a small (inline) string: `ev-0000042`.
    static func eventID(prefix: String, number: Int) -> String {
        let digits = String(number)
        return prefix + "-" + String(repeating: "0", count: max(0, 7 - digits.count)) + digits
    }

    private static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
