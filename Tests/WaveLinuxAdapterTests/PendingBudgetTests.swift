import Foundation
import TestSupport
import Testing
import WaveLinuxAdapter
import WaveNotifications
import WaveNotificationsTesting

/// The pending budget under seeded random schedule/replace/cancel/advance sequences, checked after every
/// step against a reference model that is just a sorted array.
struct PendingBudgetTests {
    /// The obviously correct model: every pending notification in one array sorted by (fire date, sequence).
    struct ReferenceModel {
        struct Entry {
            var identifier: String
            var fireDate: Date
            var sequence: UInt64
        }

        let limit: Int
        var now: Date
        var entries: [Entry] = []
        var delivered: [String] = []
        var nextSequence: UInt64 = 0
        var peak = 0

        mutating func schedule(_ identifier: String, delay: Duration) {
            entries.removeAll { $0.identifier == identifier }
            let seconds = Double(max(delay, .zero).components.seconds)
            entries.append(
                Entry(identifier: identifier, fireDate: now.addingTimeInterval(seconds), sequence: nextSequence))
            nextSequence += 1
            sort()
        }

        mutating func cancel(_ identifier: String) {
            entries.removeAll { $0.identifier == identifier }
        }

        mutating func cancelAll(eventID: String) {
            entries.removeAll { $0.identifier.eventID == eventID }
        }

        mutating func advance(to instant: Date) {
            while let first = entries.first, first.fireDate <= instant {
                delivered.append(first.identifier.requestIdentifier)
                entries.removeFirst()
            }
            now = max(now, instant)
        }

        mutating func notePeak() {
            peak = max(peak, armed.count)
        }

        var armed: ArraySlice<Entry> { entries.prefix(limit) }

        private mutating func sort() {
            entries.sort { ($0.fireDate, $0.sequence) < ($1.fireDate, $1.sequence) }
        }
    }

    static let cases: [(seed: UInt64, limit: Int)] = [
        (1, 1), (2, 3), (3, 8), (4, 8), (5, 20), (6, PendingLimit.iOS), (7, 2), (8, 5), (9, .max), (10, .max - 1),
    ]

    @Test(arguments: cases)
    func armedSetIsAlwaysTheSoonestAndDeliveriesMatchTheModel(seed: UInt64, limit: Int) async throws {
        var random = SplitMix64(seed: seed)
        let clock = ManualWaveClock(now: Fixtures.start)
        let sink = RecordingSink()
        let manager = try LinuxNotificationManager(
            configuration: .init(pendingLimit: limit), clock: clock, sink: sink, renderer: FakeRenderer())
        var model = ReferenceModel(limit: limit, now: Fixtures.start)
        let events = (0..<12).map { "ev\($0)" }
        let triggers: [NotificationTrigger] = [
            .eventStarting(.seconds(3600)), .eventStarting(.seconds(600)), .eventStarting(.seconds(60)), .eventFinished,
            .waveHit,
        ]

        for step in 0..<500 {
            let roll = Int.random(in: 0..<100, using: &random)
            let eventID = events.randomElement(using: &random)!
            let trigger = triggers.randomElement(using: &random)!
            let identifier = Fixtures.identifier(eventID, trigger).requestIdentifier
            switch roll {
            case 0..<55:
                // Whole minutes (and a few negatives) so equal fire dates, hence ties, are common.
                let delay = Duration.seconds(60 * Int.random(in: -2...90, using: &random))
                try await manager.scheduleNotification(
                    eventID: eventID, trigger: trigger, delay: delay, content: Fixtures.content(eventID))
                model.schedule(identifier, delay: delay)
            case 55..<70:
                try await manager.cancelNotification(eventID: eventID, trigger: trigger)
                model.cancel(identifier)
            case 70..<75:
                try await manager.cancelAllNotifications(eventID: eventID)
                model.cancelAll(eventID: eventID)
            default:
                let target = clock.now.addingTimeInterval(60 * Double(Int.random(in: 0...20, using: &random)))
                await clock.advance(to: target)
                model.advance(to: target)
            }
            model.notePeak()

            let snapshot = manager.pendingSnapshot()
            let context = Comment(rawValue: "seed \(seed), limit \(limit), step \(step)")
            #expect(snapshot.map(\.identifier) == model.entries.map(\.identifier), context)
            #expect(snapshot.map(\.fireDate) == model.entries.map(\.fireDate), context)
            #expect(snapshot.filter(\.isArmed).map(\.identifier) == model.armed.map(\.identifier), context)
            #expect(manager.armedCount == min(limit, model.entries.count), context)
            #expect(manager.pendingCount == model.entries.count, context)
            #expect(sink.queuedRequestIdentifiers == model.delivered, context)
            #expect(clock.nextDeadline == model.entries.first?.fireDate, context)
            let peak = manager.peakArmedCount
            #expect(peak <= limit, context)
            #expect(peak == model.peak, context)
            if sink.queuedRequestIdentifiers != model.delivered || snapshot.count != model.entries.count {
                return  // One divergence makes every later step diverge; stop at the first.
            }
        }
        #expect(!model.delivered.isEmpty)
    }

    @Test func nothingIsDroppedWhenFarMoreThanTheLimitIsScheduled() async throws {
        let clock = ManualWaveClock(now: Fixtures.start)
        let sink = RecordingSink()
        let manager = try LinuxNotificationManager(
            configuration: .init(pendingLimit: PendingLimit.iOS), clock: clock, sink: sink, renderer: FakeRenderer())
        for index in (0..<500).reversed() {
            try await manager.scheduleNotification(
                eventID: "e\(index)", trigger: .eventFinished, delay: .seconds(10 + index),
                content: Fixtures.content("e"))
        }
        #expect(manager.armedCount == 64)
        #expect(manager.pendingCount == 500)
        await clock.advance(by: .seconds(1000))
        #expect(sink.queuedRequestIdentifiers == (0..<500).map { "event_e\($0)_finished" })
        #expect(manager.peakArmedCount == 64)
    }
}
