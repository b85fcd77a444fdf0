import Foundation
import WaveNotifications

/// An in-memory center that keeps change counts (per thread, and for itself, or not) and counts what it is asked to
/// read, so a test can see which threads a reconcile read; ``fire(_:)`` takes a pending request away as a platform does when it comes due,
/// and a ``keepLimit`` makes it keep only the soonest requests, as iOS does.
actor CountingRequestCenter: NotificationRequestCenter {
    /// Which counts a center keeps.
    enum Counts: Sendable, CaseIterable {
        /// None: it answers `nil`, as the protocol's defaults do.
        case none
        /// Per thread only.
        case perThread
        /// Per thread and for the whole center.
        case perThreadAndCenter
    }

    private let counts: Counts
    private let keepLimit: Int
    private(set) var pending: [NotificationRequest] = []
    /// Every thread id read through ``pendingRequests(threadIDs:)``, in order.
    private(set) var threadsRead: [String] = []
    /// How many times ``pendingRequests()`` was called.
    private(set) var fullReads = 0
    /// How many times ``changeCounts(threadIDs:)`` was called.
    private(set) var threadCountReads = 0
    private var latest: UInt64 = 0
    private var threadCounts: [String: UInt64] = [:]

    /// Creates an empty center.
    ///
    /// - Parameters:
    ///   - counts: Which counts it keeps.
    ///   - keepLimit: How many requests it keeps, the soonest; the others are dropped.
    init(counts: Counts = .perThreadAndCenter, keepLimit: Int = .max) {
        self.counts = counts
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

    func changeCount() -> UInt64? {
        counts == .perThreadAndCenter ? latest : nil
    }

    func changeCounts(threadIDs: [String]) -> [UInt64]? {
        guard counts != .none else { return nil }
        threadCountReads += 1
        return threadIDs.map { threadCounts[$0] ?? 0 }
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
        threadCountReads = 0
    }

    private func stamp(_ threadID: String) {
        latest += 1
        threadCounts[threadID] = latest
    }
}
