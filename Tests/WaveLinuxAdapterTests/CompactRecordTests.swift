import Foundation
import TestSupport
import Testing
import WaveNotifications

@testable import WaveLinuxAdapter

/// The queue's compact record: a queue replacing a thread's requests in place leaves, returns and counts exactly what
/// removing the thread and inserting each request leaves, and the change counts kept in its thread table are the
/// ones the dictionary they replaced gave.
struct CompactRecordTests {
    typealias Transition = WaveLinuxAdapter.NotificationQueue.Transition

    static let epoch = Date(timeIntervalSince1970: 1_782_000_000)
    /// The standard triggers, then one spelled like the first (`start_60m`) from another duration, so a call can
    /// replace another with the same identifier and a different trigger.
    static let triggers: [NotificationTrigger] =
        NotificationTrigger.standardStartingIntervals.map { .eventStarting($0) } + [
            .eventFinished, .waveHit, .eventStarting(.seconds(3_630)),
        ]

    /// The change counts as ``ThreadChangeCounts`` kept them before they moved into the queue's thread table: one
    /// counter, a stamp per thread id in a dictionary, a floor for the rest, every stamp forgotten once there are
    /// more than twice the pending requests plus 1,024.
    struct CountsModel {
        var latest: UInt64 = 0
        var floor: UInt64 = 0
        var stamps: [String: UInt64] = [:]

        func count(ofThread threadID: String) -> UInt64 { stamps[threadID] ?? floor }

        mutating func recordChange(inThread threadID: String, pendingCount: Int) {
            if stamps.count > 2 * pendingCount + 1_024 {
                recordChangeInEveryThread()
            }
            latest += 1
            stamps[threadID] = latest
        }

        mutating func recordChangeInEveryThread() {
            latest += 1
            floor = latest
            stamps = [:]
        }
    }

    /// A random WorldWideWaves call or, one time in five, a request kept whole (in the event's thread or another).
    static func notification(
        event: Int, using random: inout SplitMix64, sequence: UInt64, arguments: [[String]]
    ) -> PendingNotification {
        let fireDate = epoch.addingTimeInterval(Double(random.next() % 40))
        let trigger = triggers[Int(random.next() % UInt64(triggers.count))]
        let eventID = "ev\(event)"
        let content = NotificationContent(
            titleKey: "title_\(random.next() % 2)", bodyKey: "body_\(trigger.id)",
            bodyArgs: arguments[Int(random.next() % UInt64(arguments.count))], deepLink: "app://event?id=\(eventID)")
        guard random.next() % 5 == 0 else {
            return PendingNotification(
                eventID: eventID, trigger: trigger, content: content, requestedAt: fireDate, fireDate: fireDate,
                sequence: sequence)
        }
        let identifier = try! NotificationIdentifier(eventID: eventID, trigger: trigger)
        var request = NotificationManagerBridge.request(for: identifier, fireAt: fireDate, content: content)
        if random.next() % 3 == 0 {
            request.threadID = "other-\(event % 3)"
        }
        return PendingNotification(request: request, fireDate: fireDate, sequence: sequence)
    }

    @Test(arguments: [(UInt64(1), 2), (2, 8), (3, 64), (4, Int.max), (5, 3), (6, 20)] as [(UInt64, Int)])
    func replacingAThreadInPlaceLeavesWhatRemovingAndInsertingLeaves(seed: UInt64, limit: Int) {
        var random = SplitMix64(seed: seed)
        var inPlace = WaveLinuxAdapter.NotificationQueue(limit: limit)
        var plain = WaveLinuxAdapter.NotificationQueue(limit: limit)
        // The same operations on a queue that builds nothing for reports: the same queue and counts.
        var quiet = WaveLinuxAdapter.NotificationQueue(limit: limit)
        quiet.reportsOutcomes = false
        var model = CountsModel()
        var sequence: UInt64 = 0
        let arguments = [["Paris"], ["Lima", "Peru"], []]
        func check(_ step: Int) {
            #expect(inPlace.snapshot() == plain.snapshot(), "step \(step)")
            #expect(quiet.snapshot() == plain.snapshot(), "step \(step)")
            #expect(quiet.changeCount == plain.changeCount, "step \(step)")
            #expect(inPlace.changeCount == plain.changeCount, "step \(step)")
            #expect(inPlace.changeCount == model.latest, "step \(step)")
            for event in 0..<12 {
                for threadID in ["event_ev\(event)", "other-\(event % 3)"] {
                    #expect(inPlace.changeCount(ofThread: threadID) == plain.changeCount(ofThread: threadID))
                    #expect(inPlace.changeCount(ofThread: threadID) == model.count(ofThread: threadID))
                }
            }
        }
        for step in 0..<1_500 {
            let event = Int(random.next() % 12)
            switch random.next() % 10 {
            case 0...3:
                sequence += 1
                let notification = Self.notification(
                    event: event, using: &random, sequence: sequence, arguments: arguments)
                // A call goes in from its parts on the other two queues, as the manager's calls put it.
                var outcome = (replaced: PendingNotification?.none, placed: notification, transitions: [Transition]())
                if let call = notification.compactCall {
                    let fromParts = inPlace.insertCall(
                        eventID: call.eventID, trigger: call.trigger, content: call.content,
                        fireDate: notification.fireDate, sequence: notification.sequence)
                    outcome = (fromParts.replaced, fromParts.placed!, fromParts.transitions)
                    let quietly = quiet.insertCall(
                        eventID: call.eventID, trigger: call.trigger, content: call.content,
                        fireDate: notification.fireDate, sequence: notification.sequence)
                    #expect(quietly.placed == nil && quietly.replaced == nil && quietly.transitions.isEmpty)
                } else {
                    outcome = inPlace.insert(notification)
                    #expect(quiet.insert(notification).transitions.isEmpty)
                }
                let plainOutcome = plain.insert(notification)
                #expect(outcome.replaced == plainOutcome.replaced, "step \(step)")
                #expect(outcome.placed == plainOutcome.placed, "step \(step)")
                #expect(outcome.transitions == plainOutcome.transitions, "step \(step)")
                model.recordChange(inThread: notification.request.threadID, pendingCount: plain.count)
                if let replaced = outcome.replaced, replaced.request.threadID != notification.request.threadID {
                    model.recordChange(inThread: replaced.request.threadID, pendingCount: plain.count)
                }
            case 4:
                let now = Self.epoch.addingTimeInterval(Double(random.next() % 20))
                let due = plain.removeNextDue(at: now)
                let dueInPlace = inPlace.removeNextDue(at: now)
                #expect(quiet.removeNextDue(at: now)?.notification == due?.notification, "step \(step)")
                #expect(dueInPlace?.notification == due?.notification, "step \(step)")
                #expect(dueInPlace?.transitions == due?.transitions, "step \(step)")
                if let due {
                    model.recordChange(inThread: due.notification.request.threadID, pendingCount: plain.count)
                }
            default:
                // An event's sync: usually the identifiers it had, sometimes a duplicate or a request of another
                // thread among them.
                let threadID = "event_ev\(event)"
                let count = Int(random.next() % 8)
                let batch = (0..<count).map { _ -> PendingNotification in
                    sequence += 1
                    var notification = Self.notification(
                        event: event, using: &random, sequence: sequence, arguments: arguments)
                    if random.next() % 10 == 0 {
                        notification = Self.notification(
                            event: (event + 1) % 12, using: &random, sequence: sequence, arguments: arguments)
                    }
                    return notification
                }
                let replaced = inPlace.replaceAll(threadID: threadID, with: batch)
                let quietly = quiet.replaceAll(threadID: threadID, with: batch)
                #expect(quietly.removed.isEmpty && quietly.removedCount == replaced.removedCount, "step \(step)")
                let removal = plain.removeAll(threadID: threadID)
                let (removed, removalTransitions) = (removal.removed, removal.transitions)
                #expect(replaced.removedCount == removal.removedCount, "step \(step)")
                if !removed.isEmpty {
                    model.recordChange(inThread: threadID, pendingCount: plain.count)
                }
                var insertions:
                    [(PendingNotification?, PendingNotification, [WaveLinuxAdapter.NotificationQueue.Transition])] = []
                for notification in batch {
                    let outcome = plain.insert(notification)
                    insertions.append(outcome)
                    model.recordChange(inThread: notification.request.threadID, pendingCount: plain.count)
                    if let old = outcome.replaced, old.request.threadID != notification.request.threadID {
                        model.recordChange(inThread: old.request.threadID, pendingCount: plain.count)
                    }
                }
                #expect(replaced.removed == removed, "step \(step)")
                #expect(replaced.removalTransitions == removalTransitions, "step \(step)")
                #expect(replaced.insertions.count == insertions.count)
                for (left, right) in zip(replaced.insertions, insertions) {
                    let (replacedBefore, placed, transitions) = right
                    #expect(left.replaced == replacedBefore)
                    #expect(left.placed == placed)
                    #expect(left.transitions == transitions)
                }
            }
            check(step)
        }
    }

    /// A sync that re-adds an event's identifiers rewrites their records where they are: each keeps its slot (removing
    /// and inserting would hand the freed slots back in reverse order), and the thread's six slots are still all.
    @Test(arguments: [2, 64, Int.max])
    func aResyncKeepsEachIdentifiersSlot(limit: Int) {
        var queue = WaveLinuxAdapter.NotificationQueue(limit: limit)
        let content = NotificationContent(titleKey: "t", bodyKey: "b", bodyArgs: ["Paris"], deepLink: "link")
        func calls(from sequence: UInt64, at seconds: Double) -> [PendingNotification] {
            Self.triggers.prefix(6).enumerated().map { offset, trigger in
                let fireDate = Self.epoch.addingTimeInterval(seconds + Double(offset))
                return PendingNotification(
                    eventID: "paris", trigger: trigger, content: content, requestedAt: fireDate, fireDate: fireDate,
                    sequence: sequence + UInt64(offset))
            }
        }
        for notification in calls(from: 0, at: 100) {
            _ = queue.insert(notification)
        }
        let identifiers = calls(from: 0, at: 100).map(\.identifier)
        let slots = identifiers.map { queue.slot(ofIdentifier: $0) }
        let outcome = queue.replaceAll(threadID: "event_paris", with: calls(from: 6, at: 50))
        #expect(outcome.removed.map(\.identifier) == identifiers)
        #expect(outcome.insertions.allSatisfy { $0.replaced == nil })
        #expect(identifiers.map { queue.slot(ofIdentifier: $0) } == slots)
        #expect(queue.snapshot().map(\.request) == calls(from: 6, at: 50).map(\.request))
        #expect(queue.snapshot().map(\.sequence) == Array(6..<12))
        #expect(queue.armedCount == min(limit, 6))
    }

    /// Thousands of threads that fill and empty: the counts kept in the thread table are the dictionary's, through
    /// the forgetting of stamps, and a forgotten thread's number is reused without mixing up their calls.
    @Test func theThreadTablesCountsAreTheDictionarysThroughForgetting() {
        var queue = WaveLinuxAdapter.NotificationQueue(limit: 64)
        var model = CountsModel()
        let content = NotificationContent(titleKey: "t", bodyKey: "b", bodyArgs: [], deepLink: "link")
        func call(_ eventID: String, sequence: UInt64) -> PendingNotification {
            PendingNotification(
                eventID: eventID, trigger: .eventFinished, content: content, requestedAt: Self.epoch,
                fireDate: Self.epoch, sequence: sequence)
        }
        _ = queue.insert(call("kept", sequence: 0))
        model.recordChange(inThread: "event_kept", pendingCount: 1)
        for number in 1...2_500 {
            _ = queue.insert(call("churn\(number)", sequence: UInt64(number)))
            model.recordChange(inThread: "event_churn\(number)", pendingCount: queue.count)
            _ = queue.removeAll(threadID: "event_churn\(number)")
            model.recordChange(inThread: "event_churn\(number)", pendingCount: queue.count)
            if number % 250 == 0 {
                #expect(queue.changeCount == model.latest)
                for threadID in ["event_kept", "event_churn\(number)", "event_churn\(number - 1)", "event_churn1"] {
                    #expect(queue.changeCount(ofThread: threadID) == model.count(ofThread: threadID), "\(number)")
                }
            }
        }
        #expect(queue.snapshot().map(\.identifier) == ["event_kept_finished"])
        queue.recordChangeInEveryThread()
        model.recordChangeInEveryThread()
        #expect(queue.changeCount(ofThread: "event_kept") == model.count(ofThread: "event_kept"))
        #expect(queue.changeCount(ofThread: "event_churn7") == model.count(ofThread: "event_churn7"))
    }
}
