import Foundation
import TestSupport
import Testing
import WaveNotifications
import WaveSQLite

@testable import WaveLinuxAdapter

/// The SQLite notification store: pending requests, delivery history, schema upgrades, reopening.
struct NotificationStoreTests {
    static let start = Date(timeIntervalSince1970: 1_781_884_800)
    static let text = LocalizedText(table: "GrowBro", key: "channel_reminders")
    static let reminders = NotificationChannel(
        id: "cultivation.reminders", importance: .high, categoryID: "CULTIVATION_REMINDERS",
        interruptionLevel: .timeSensitive, name: text, channelDescription: text)

    static func request(
        _ identifier: String, at seconds: Double, thread: String? = nil, body: String = "Water"
    ) -> NotificationRequest {
        NotificationRequest(
            identifier: identifier, threadID: thread, channel: reminders, fireAt: start.addingTimeInterval(seconds),
            title: LocalizedText(table: "GrowBro", key: "task_title"),
            body: LocalizedText(table: "GrowBro", key: "task_body", arguments: [body]),
            deepLink: "growbro://task/\(identifier)", expiresAfter: .seconds(3_600), collapseID: "c-\(identifier)",
            metadata: ["task": identifier])
    }

    @Test func upsertedRequestsComeBackSoonestFirstAndTiesInInsertionOrder() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try NotificationStore(directory: directory.url)
        defer { store.close() }
        try store.upsert([Self.request("c", at: 30), Self.request("a", at: 10), Self.request("b", at: 30)])
        try store.upsert(Self.request("d", at: 20))
        try store.upsert(Self.request("e", at: 30.000_1))  // the same millisecond as 30
        #expect(try store.pending().map(\.identifier) == ["a", "d", "c", "b", "e"])
        #expect(try store.pending(limit: 2).map(\.identifier) == ["a", "d"])
        #expect(try store.pendingCount() == 5)
        #expect(try store.pendingRequest(identifier: "a") == Self.request("a", at: 10))
        #expect(try store.pendingRequest(identifier: "zzz") == nil)
    }

    @Test func upsertReplacesTheRequestWithTheSameIdentifierAsANewInsertion() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try NotificationStore(directory: directory.url)
        defer { store.close() }
        try store.upsert([Self.request("a", at: 10), Self.request("b", at: 10)])
        try store.upsert(Self.request("a", at: 10, body: "Feed"))
        #expect(try store.pending() == [Self.request("b", at: 10), Self.request("a", at: 10, body: "Feed")])
        // In one batch, the later of two with one identifier wins.
        try store.upsert([Self.request("c", at: 5, body: "first"), Self.request("c", at: 50, body: "second")])
        #expect(try store.pending().map(\.identifier) == ["b", "a", "c"])
        #expect(try store.pendingRequest(identifier: "c")?.body.arguments == ["second"])
    }

    @Test func removeByIdentifierByThreadAndAll() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try NotificationStore(directory: directory.url)
        defer { store.close() }
        try store.upsert([
            Self.request("a", at: 1, thread: "post_1"), Self.request("b", at: 2, thread: "post_2"),
            Self.request("c", at: 3, thread: "post_1"), Self.request("d", at: 4, thread: "post_3"),
            Self.request("e", at: 5),
        ])
        #expect(try store.remove(identifiers: ["e", "missing"]) == 1)
        #expect(try store.remove(threadID: "post_1") == 2)
        #expect(try store.remove(threadID: "post_1") == 0)
        #expect(try store.pending().map(\.identifier) == ["b", "d"])
        #expect(try store.removeAllPending() == 2)
        #expect(try store.pending().isEmpty)
    }

    @Test func aBatchThatFailsStoresNothing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try NotificationStore(directory: directory.url)
        defer { store.close() }
        var bad = Self.request("bad", at: 2)
        // A non-finite instant cannot be encoded as JSON: the whole batch is rolled back.
        bad.fireAt = Date(timeIntervalSince1970: .nan)
        #expect(throws: (any Error).self) { try store.upsert([Self.request("good", at: 1), bad]) }
        #expect(try store.pendingCount() == 0)
    }

    @Test func historyRecordsShowingsWithdrawalsAndResponses() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try NotificationStore(directory: directory.url)
        defer { store.close() }
        let first = Self.request("a", at: 10)
        try store.upsert([first, Self.request("b", at: 20)])
        try store.recordShown(first, at: Self.start.addingTimeInterval(12), isLate: true)
        #expect(try store.pending().map(\.identifier) == ["b"])
        // A second showing of the same identifier (a repeating reminder).
        try store.recordShown(first, at: Self.start.addingTimeInterval(100), isLate: false)
        #expect(
            try store.recordWithdrawn(identifier: "a", at: Self.start.addingTimeInterval(150), reason: .collapsed))
        #expect(try store.recordResponded(identifier: "a", at: Self.start.addingTimeInterval(160)))
        #expect(try !store.recordWithdrawn(identifier: "b", at: Self.start, reason: .expired))

        let history = try store.history(identifier: "a")
        #expect(
            history == [
                DeliveryRecord(
                    identifier: "a", threadID: "a", channelID: "cultivation.reminders", collapseID: "c-a",
                    fireAt: Self.start.addingTimeInterval(10), shownAt: Self.start.addingTimeInterval(12), isLate: true),
                DeliveryRecord(
                    identifier: "a", threadID: "a", channelID: "cultivation.reminders", collapseID: "c-a",
                    fireAt: Self.start.addingTimeInterval(10), shownAt: Self.start.addingTimeInterval(100),
                    isLate: false, withdrawnAt: Self.start.addingTimeInterval(150), withdrawalReason: .collapsed,
                    respondedAt: Self.start.addingTimeInterval(160)),
            ])
        #expect(try store.deliveriesOnScreen().map(\.shownAt) == [Self.start.addingTimeInterval(12)])
        let range = Self.start.addingTimeInterval(50)..<Self.start.addingTimeInterval(200)
        #expect(try store.history(shownIn: range).map(\.shownAt) == [Self.start.addingTimeInterval(100)])
        #expect(try store.removeHistory(shownBefore: Self.start.addingTimeInterval(50)) == 1)
        #expect(try store.history(identifier: "a").count == 1)
    }

    @Test func everythingSurvivesClosingAndReopening() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try NotificationStore(directory: directory.url)
        try store.upsert([Self.request("a", at: 10), Self.request("b", at: 5)])
        try store.recordShown(Self.request("b", at: 5), at: Self.start.addingTimeInterval(6), isLate: false)
        try await store.inbox.add(InboxStoreContractTests.entry("msg_1", at: 1))
        store.close()

        let reopened = try NotificationStore(directory: directory.url)
        defer { reopened.close() }
        #expect(try reopened.pending() == [Self.request("a", at: 10)])
        #expect(try reopened.history(identifier: "b").count == 1)
        #expect(try reopened.inbox.totalCount(now: Self.start) == 1)
        // The insertion sequence continues after the stored ones.
        try reopened.upsert(Self.request("c", at: 10))
        #expect(try reopened.pending().map(\.identifier) == ["a", "c"])
        #expect(try reopened.integrityCheck() == ["ok"])
    }

    @Test func aSecondStoreOnTheSameDirectoryIsRefused() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try NotificationStore(directory: directory.url)
        #expect(throws: LinuxNotificationManagerError.self) { try NotificationStore(directory: directory.url) }
        store.close()
        let again = try NotificationStore(directory: directory.url)
        again.close()
    }

    @Test func aVersionOneDatabaseIsUpgradedAndKeepsItsData() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.appending(NotificationStore.fileName)
        let schema = try String(
            contentsOf: Fixtures.directory.appendingPathComponent("Store/notifications-v1.sql"), encoding: .utf8)
        do {
            let old = try SQLiteDatabase(path: file.path)
            try old.execute(schema)
            #expect(try old.userVersion() == 1)
            old.close()
        }

        let store = try NotificationStore(directory: directory.url)
        defer { store.close() }
        #expect(try store.schemaVersion() == NotificationStoreSchema.migrations.count)
        let pending = try store.pending()
        #expect(pending.map(\.identifier) == ["task_water"])
        #expect(
            pending.first?.body == LocalizedText(table: "GrowBro", key: "task_body", arguments: ["Water the plants"]))
        #expect(pending.first?.fireAt == Self.start)
        #expect(pending.first?.channel.id == Self.reminders.id)
        #expect(pending.first?.channel.channelDescription.key == "channel_reminders_description")
        #expect(
            try store.history(identifier: "msg_1") == [
                DeliveryRecord(
                    identifier: "msg_1", threadID: "post_9", channelID: "community.interactions",
                    fireAt: Date(timeIntervalSince1970: 1_781_881_200),
                    shownAt: Date(timeIntervalSince1970: 1_781_881_200.25),
                    isLate: false, withdrawnAt: Date(timeIntervalSince1970: 1_781_881_260), withdrawalReason: .collapsed
                )
            ])
        // The new columns and the inbox work on the upgraded file; the old sequence continues.
        #expect(try store.recordResponded(identifier: "msg_1", at: Self.start))
        #expect(try store.history(identifier: "msg_1").first?.respondedAt == Self.start)
        try store.upsert(Self.request("later", at: 0))
        #expect(try store.pending().map(\.identifier) == ["task_water", "later"])
        try await store.inbox.add(InboxStoreContractTests.entry("msg_1", at: 0))
        #expect(try store.inbox.unreadCount(now: Self.start) == 1)
        #expect(try store.integrityCheck() == ["ok"])
    }

    @Test func aDatabaseFromANewerSchemaIsRefusedWithAdvice() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.appending(NotificationStore.fileName)
        do {
            let newer = try SQLiteDatabase(path: file.path)
            try newer.execute("PRAGMA user_version = 99")
            newer.close()
        }
        let error = try #require(throws: SQLiteError.self) { try NotificationStore(directory: directory.url) }
        #expect(error.description.contains(file.path))
        #expect(error.description.contains("schema version 99 is newer"))
        #expect(error.advice.contains("update the program"))
    }

    @Test func theInboxQueriesUseTheirIndexesWithoutASort() throws {
        let inbox = try SQLiteInboxStore.inMemory()
        let plans = try inbox.queryPlans()
        #expect(plans.first?.hasPrefix("SEARCH inbox_entry USING INDEX inbox_entry_visible (deleted_ms=?") == true)
        // The unread count (schema v4): the per-day counters after the oldest visible day, by their key, and that
        // day's own entries, bounded on both sides, from the covering index.
        #expect(plans.contains("SEARCH inbox_unread_day USING INTEGER PRIMARY KEY (rowid>?)"), "\(plans)")
        #expect(
            plans.contains(
                "SEARCH inbox_entry USING COVERING INDEX inbox_entry_unread "
                    + "(deleted_ms=? AND read_ms=? AND received_ms>? AND received_ms<?)"), "\(plans)")
        #expect(plans.last?.hasPrefix("SEARCH inbox_entry USING COVERING INDEX inbox_entry_visible") == true)
        #expect(!plans.contains { $0.hasPrefix("SCAN inbox") }, "\(plans)")
        #expect(!plans.contains { $0.contains("TEMP B-TREE") }, "\(plans)")
    }

    /// The purge deletes through ranges of `inbox_entry_visible` (not deleted, then deleted), never a scan of the
    /// table, so a purge that finds nothing costs two index seeks.
    @Test func theInboxPurgeUsesTheVisibleIndex() throws {
        let plans = try SQLiteInboxStore.inMemory().purgeQueryPlans()
        #expect(plans.count == 2, "\(plans)")
        #expect(plans.allSatisfy { $0.hasPrefix("SEARCH inbox_entry USING") && $0.contains("inbox_entry_visible") })
        #expect(plans.first?.contains("deleted_ms=? AND received_ms<?") == true, "\(plans)")
    }
}
