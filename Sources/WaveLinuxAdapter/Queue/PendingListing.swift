internal import Foundation
internal import WaveNotifications

/// Every pending request of one instant, copied out of the queue, put in queue order and built into requests a
/// piece at a time, so a long listing can let other work on the manager (its alarm's wake) run between its pieces.
///
/// It keeps the queue's contents as they were when it was made (copy-on-write references: a change to the queue while
/// the listing is unfinished copies what it changes, plain records without reference counts), so the listing is exactly what was pending then. Ordering sorts plain keys
/// and slot numbers: blocks of ``pieceSize`` are sorted,
/// then merged pairwise, then the requests are built in queue order.
struct PendingListing {
    /// The work of one piece, in notifications sorted, merged or built: about 50 µs for a release build.
    static let pieceSize = 1_024

    /// A notification's place in the order: its queue key and slot.
    private struct Entry {
        var key: QueueKey
        var slot: Int
    }

    private enum Stage {
        /// Sorting the block that starts at this position.
        case sortingBlocks(from: Int)
        /// Merging runs of this width, pairwise, from this position, into `merged`.
        case merging(width: Int, from: Int)
        /// Building the requests from this position of the order.
        case building(from: Int)
        case finished
    }

    private let slots: NotificationQueue.Slots
    private var order: [Entry]
    private var merged: [Entry] = []
    private var stage: Stage
    /// The requests built so far, in queue order.
    private(set) var requests: [NotificationRequest] = []

    /// Starts a listing of the pending requests in the queue's slots.
    ///
    /// - Parameter slots: The queue's contents, as ``NotificationQueue/listingSnapshot`` gives them.
    init(slots: NotificationQueue.Slots) {
        var order: [Entry] = []
        order.reserveCapacity(slots.slotCount)
        for slot in 0..<slots.slotCount {
            if let key = slots.queueKey(ofSlot: slot) {
                order.append(Entry(key: key, slot: slot))
            }
        }
        self.slots = slots
        self.order = order
        stage = .sortingBlocks(from: 0)
    }

    /// Whether every request is built, in order, in ``requests``.
    var isFinished: Bool {
        if case .finished = stage { true } else { false }
    }

    /// Does about ``pieceSize`` notifications' worth of the work left (at least one step), in order.
    mutating func buildNextPiece() {
        var budget = Self.pieceSize
        while budget > 0 {
            switch stage {
            case .sortingBlocks(let start):
                let end = min(start + Self.pieceSize, order.count)
                if start < end {
                    order[start..<end].sort { $0.key < $1.key }
                }
                budget -= end - start
                stage = end < order.count ? .sortingBlocks(from: end) : mergingOrBuilding(width: Self.pieceSize)
            case .merging(let width, let start):
                // Merging is cheaper per notification than sorting: count it as half.
                budget -= mergeRuns(width: width, from: start) / 2
            case .building(let start):
                let end = min(start + budget, order.count)
                if requests.isEmpty {
                    requests.reserveCapacity(order.count)
                }
                for position in start..<end {
                    requests.append(slots.request(atSlot: order[position].slot))
                }
                budget -= max(1, end - start)
                stage = end < order.count ? .building(from: end) : .finished
            case .finished:
                return
            }
        }
    }

    /// The stage after runs of `width` are sorted: merging them, or building when one run holds everything.
    private func mergingOrBuilding(width: Int) -> Stage {
        width < order.count ? .merging(width: width, from: 0) : .building(from: 0)
    }

    /// Merges the two runs of `width` starting at `start` into `merged`, and moves to the next pair or pass.
    ///
    /// - Returns: How many entries it moved.
    private mutating func mergeRuns(width: Int, from start: Int) -> Int {
        if start == 0 {
            merged.removeAll(keepingCapacity: true)
            merged.reserveCapacity(order.count)
        }
        let middle = min(start + width, order.count)
        let end = min(start + 2 * width, order.count)
        var left = start
        var right = middle
        while left < middle && right < end {
            if order[right].key < order[left].key {
                merged.append(order[right])
                right += 1
            } else {
                merged.append(order[left])
                left += 1
            }
        }
        merged.append(contentsOf: order[left..<middle])
        merged.append(contentsOf: order[right..<end])
        if end < order.count {
            stage = .merging(width: width, from: end)
        } else {
            swap(&order, &merged)
            stage = mergingOrBuilding(width: 2 * width)
        }
        return end - start
    }
}
