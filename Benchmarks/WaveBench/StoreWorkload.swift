internal import Foundation
internal import WaveLinuxAdapter
internal import WaveNotifications

/// Workload 7: the SQLite notification store and inbox, on a file in the temporary directory (real fsyncs).
enum StoreWorkload {
    /// How the requests are committed.
    enum Commit {
        /// All N requests in one transaction.
        case oneTransaction
        /// One transaction (one durable commit) per request.
        case transactionEach
    }

    /// The inbox query measured.
    enum InboxQuery {
        /// Every page of 50, newest first, walked with the cursor.
        case pages
        /// The unread count, repeated.
        case unreadCount
    }

    static let start = Date(timeIntervalSince1970: 1_781_884_800)

    /// N pending requests upserted into a fresh store, in one transaction or one each.
    static func upsert(count: Int, commit: Commit) throws -> [String: Double] {
        try withStore { store in
            let requests = (0..<count).map(request)
            let started = ContinuousClock.now
            switch commit {
            case .oneTransaction:
                try store.upsert(requests)
            case .transactionEach:
                for request in requests {
                    try store.upsert(request)
                }
            }
            let seconds = (ContinuousClock.now - started).seconds
            let pending = try store.pendingCount()
            try WorkloadFailure.check(pending == count, "\(pending) pending after \(count) upserts")
            return ["seconds": seconds, "operations": Double(count)]
        }
    }

    /// An inbox of N entries over 20 days (all visible, a tenth read), then pages of 50 or unread counts timed one
    /// by one; reports the p50, p99 and maximum in milliseconds.
    static func inbox(count: Int, query: InboxQuery) throws -> [String: Double] {
        try withStore { store in
            let inbox = store.inbox
            let spacing = 20 * 86_400 / Double(max(count, 1))
            let entries = (0..<count).map { index in
                InboxEntry(
                    identifier: "msg_\(index)", receivedAt: start.addingTimeInterval(Double(index) * spacing),
                    channelID: "community.interactions",
                    title: LocalizedText(table: "GrowBro", key: "reply_title", arguments: ["Ana"]),
                    body: LocalizedText(table: "GrowBro", key: "reply_body", arguments: ["Looks great \(index)"]),
                    deepLink: "growbro://post/\(index % 1_000)")
            }
            try inbox.add(entries)
            for index in stride(from: 0, to: count, by: 10) {
                try inbox.markRead(identifier: "msg_\(index)", at: start)
            }
            let now = start.addingTimeInterval(21 * 86_400)
            var samples: [Double] = []
            var seen = 0
            let started = ContinuousClock.now
            switch query {
            case .pages:
                var cursor: InboxCursor?
                repeat {
                    let before = ContinuousClock.now
                    let page = try inbox.page(size: 50, after: cursor, now: now)
                    samples.append((ContinuousClock.now - before).seconds * 1000)
                    seen += page.items.count
                    cursor = page.nextCursor
                } while cursor != nil
                try WorkloadFailure.check(seen == count, "the pages listed \(seen) of \(count) entries")
            case .unreadCount:
                let expected = count - (count + 9) / 10
                for _ in 0..<1_000 {
                    let before = ContinuousClock.now
                    seen = try inbox.unreadCount(now: now)
                    samples.append((ContinuousClock.now - before).seconds * 1000)
                }
                try WorkloadFailure.check(seen == expected, "unread count \(seen), expected \(expected)")
            }
            let seconds = (ContinuousClock.now - started).seconds
            let sorted = samples.sorted()
            return [
                "seconds": seconds, "operations": Double(samples.count),
                "p50Milliseconds": Statistics.percentile(50, ofSorted: sorted),
                "p99Milliseconds": Statistics.percentile(99, ofSorted: sorted),
                "maxMilliseconds": sorted.last ?? .nan,
            ]
        }
    }

    private static func request(_ index: Int) -> NotificationRequest {
        let text = LocalizedText(table: "GrowBro", key: "channel_reminders")
        let channel = NotificationChannel(
            id: "cultivation.reminders", importance: .high, categoryID: "CULTIVATION_REMINDERS",
            interruptionLevel: .timeSensitive, name: text, channelDescription: text)
        return NotificationRequest(
            identifier: "task_\(index)", threadID: "tasks", channel: channel,
            fireAt: start.addingTimeInterval(Double(index % 10_000) * 60),
            title: LocalizedText(table: "GrowBro", key: "task_title"),
            body: LocalizedText(table: "GrowBro", key: "task_body", arguments: ["Task \(index)"]),
            deepLink: "growbro://task/\(index)")
    }

    private static func withStore(_ body: (NotificationStore) throws -> [String: Double]) throws -> [String: Double] {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("wavebench-store-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try NotificationStore(directory: directory)
        defer { store.close() }
        return try body(store)
    }
}
