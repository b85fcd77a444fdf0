import Foundation
import WaveNotifications

/// An in-memory center that keeps change counts (or not) and counts what it is asked to read, so a test can see
/// which threads a reconcile read; ``fire(_:)`` takes a pending request away as a platform does when it comes due,
/// and a ``keepLimit`` makes it keep only the soonest requests, as iOS does.
actor CountingRequestCenter: NotificationRequestCenter {
    private let keepsCounts: Bool
    private let keepLimit: Int
    private(set) var pending: [NotificationRequest] = []
    /// Every thread id read through ``pendingRequests(threadIDs:)``, in order.
    private(set) var threadsRead: [String] = []
    /// How many times ``pendingRequests()`` was called.
    private(set) var fullReads = 0
    /// How many times ``changeCounts(threadIDs:)`` was called.
    private(set) var countReads = 0
    private var latest: UInt64 = 0
    private var counts: [String: UInt64] = [:]

    /// Creates an empty center.
    ///
    /// - Parameters:
    ///   - keepsCounts: Whether it answers ``changeCounts(threadIDs:)``; `false` keeps the protocol's default.
    ///   - keepLimit: How many requests it keeps, the soonest; the others are dropped.
    init(keepsCounts: Bool = true, keepLimit: Int = .max) {
        self.keepsCounts = keepsCounts
        self.keepLimit = keepLimit
    }

    func add(_ requests: [NotificationRequest]) {
        for request in requests {
            for old in pending where old.identifier == request.identifier {
                stamp(old.threadID)
            }
            pending.removeAll { $0.identifier == request.identifier }
            pending.append(request)
            stamp(request.threadID)
        }
        pending.sort { $0.fireAt < $1.fireAt }
        for dropped in pending.dropFirst(keepLimit) {
            stamp(dropped.threadID)
        }
        pending = Array(pending.prefix(keepLimit))
    }

    func removePending(identifiers: [String], reason: NotificationReason) {
        for request in pending where identifiers.contains(request.identifier) {
            stamp(request.threadID)
        }
        pending.removeAll { identifiers.contains($0.identifier) }
    }

    func removePending(threadID: String, reason: NotificationReason) {
        if pending.contains(where: { $0.threadID == threadID }) {
            stamp(threadID)
        }
        pending.removeAll { $0.threadID == threadID }
    }

    func pendingRequests() -> [NotificationRequest] {
        fullReads += 1
        return pending
    }

    func pendingRequests(threadIDs: [String]) -> [[NotificationRequest]] {
        threadsRead += threadIDs
        return threadIDs.map { threadID in pending.filter { $0.threadID == threadID } }
    }

    func changeCounts(threadIDs: [String]) -> [UInt64]? {
        guard keepsCounts else { return nil }
        countReads += 1
        return threadIDs.map { counts[$0] ?? 0 }
    }

    func show(_ request: NotificationRequest) {}

    func withdrawShown(identifiers: [String], reason: NotificationReason) {}

    /// Takes a pending request away as if it came due and was shown.
    ///
    /// - Parameter identifier: The request's identifier.
    func fire(_ identifier: String) {
        for request in pending where request.identifier == identifier {
            stamp(request.threadID)
        }
        pending.removeAll { $0.identifier == identifier }
    }

    /// Forgets what was read so far.
    func clearReads() {
        threadsRead = []
        fullReads = 0
        countReads = 0
    }

    private func stamp(_ threadID: String) {
        latest += 1
        counts[threadID] = latest
    }
}
