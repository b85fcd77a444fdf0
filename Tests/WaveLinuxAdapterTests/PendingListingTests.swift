import Foundation
import TestSupport
import Testing
import WaveNotifications

@testable import WaveLinuxAdapter

/// The manager's listing built in pieces: whatever the number of pieces, it is the queue's order (fire date, then
/// order of addition), and it is what was pending when it started, whatever the queue does between its pieces.
struct PendingListingTests {
    static let epoch = Date(timeIntervalSince1970: 1_782_000_000)

    /// A queue of `count` compact notifications with fire dates drawn from few instants, so many tie, added in a
    /// shuffled order of sequence numbers, with some replaced and some removed so slots are reused.
    static func queue(count: Int, seed: UInt64) -> WaveLinuxAdapter.NotificationQueue {
        var random = SplitMix64(seed: seed)
        var queue = WaveLinuxAdapter.NotificationQueue(limit: 64)
        let content = NotificationContent(titleKey: "t", bodyKey: "b", bodyArgs: [], deepLink: "")
        var sequence: UInt64 = 0
        func add(_ number: Int) {
            let fireDate = epoch.addingTimeInterval(Double(random.next() % 50))
            sequence += 1
            _ = queue.insert(
                PendingNotification(
                    eventID: "ev\(number / 6)", trigger: TimerQueueTriggers.all[number % 6], content: content,
                    requestedAt: fireDate, fireDate: fireDate, sequence: sequence))
        }
        for number in 0..<count {
            add(number)
        }
        for _ in 0..<(count / 5) {
            add(Int(random.next() % UInt64(max(count, 1))))
        }
        let removed = (0..<(count / 7)).map { _ in
            let number = Int(random.next() % UInt64(max(count, 1)))
            return "event_ev\(number / 6)_\(TimerQueueTriggers.all[number % 6].id)"
        }
        _ = queue.remove(removed)
        return queue
    }

    static func built(_ listing: inout PendingListing) -> [NotificationRequest] {
        while !listing.isFinished {
            listing.buildNextPiece()
        }
        return listing.requests
    }

    @Test(arguments: [0, 1, 7, PendingListing.pieceSize - 1, PendingListing.pieceSize + 1, 5_000])
    func aListingInPiecesIsTheQueueOrder(count: Int) {
        let queue = Self.queue(count: count, seed: UInt64(count) + 1)
        var listing = PendingListing(slots: queue.slotsSnapshot)
        let listed = Self.built(&listing)
        #expect(listed == queue.snapshot().map(\.request))
        #expect(listed.count == queue.count)
    }

    @Test func aListingIsWhatWasPendingWhenItStarted() {
        var queue = Self.queue(count: 4 * PendingListing.pieceSize, seed: 11)
        let before = queue.snapshot().map(\.request)
        var listing = PendingListing(slots: queue.slotsSnapshot)
        listing.buildNextPiece()
        #expect(!listing.isFinished)
        // Between pieces, the queue changes: everything due is taken, the rest of one thread removed.
        while queue.removeNextDue(at: Self.epoch.addingTimeInterval(25)) != nil {}
        _ = queue.removeAll(threadID: "event_ev3")
        #expect(queue.count < before.count)
        #expect(Self.built(&listing) == before)
    }
}

/// The six triggers of an event, as the timer-queue workload numbers them.
private enum TimerQueueTriggers {
    static let all: [NotificationTrigger] =
        NotificationTrigger.standardStartingIntervals.map { .eventStarting($0) } + [.eventFinished]
}
