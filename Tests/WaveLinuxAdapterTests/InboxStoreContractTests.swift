import Foundation
import Testing
import WaveLinuxAdapter
import WaveNotifications

/// The ``InboxStore`` contract, run against every implementation: the in-memory reference and SQLite.
struct InboxStoreContractTests {
    enum Implementation: String, CaseIterable, CustomTestStringConvertible {
        case inMemory
        case sqlite

        var testDescription: String { rawValue }

        func make(archiveAfterDays: Int = 30, purgeAfterDays: Int? = nil) throws -> any InboxStore {
            switch self {
            case .inMemory:
                return InMemoryInboxStore(archiveAfterDays: archiveAfterDays, purgeAfterDays: purgeAfterDays)
            case .sqlite:
                return try SQLiteInboxStore.inMemory(archiveAfterDays: archiveAfterDays, purgeAfterDays: purgeAfterDays)
            }
        }
    }

    static let start = Date(timeIntervalSince1970: 1_781_884_800)

    static func entry(_ identifier: String, at seconds: Double, channel: String = "community.likes") -> InboxEntry {
        InboxEntry(
            identifier: identifier, receivedAt: start.addingTimeInterval(seconds), channelID: channel,
            title: LocalizedText(table: "GrowBro", key: "like_title"),
            body: LocalizedText(table: "GrowBro", key: "like_body", arguments: ["Ana"]),
            deepLink: "growbro://post/\(identifier)")
    }

    /// Every visible entry, walking the pages.
    static func walk(_ store: any InboxStore, size: Int, now: Date) async throws -> [String] {
        var identifiers: [String] = []
        var cursor: InboxCursor?
        repeat {
            let page = try await store.page(size: size, after: cursor, now: now)
            #expect(page.items.count <= size)
            identifiers += page.items.map(\.identifier)
            cursor = page.nextCursor
        } while cursor != nil
        return identifiers
    }

    @Test(arguments: Implementation.allCases)
    func pagesAreNewestFirstAndEqualInstantsLaterAddedFirst(_ implementation: Implementation) async throws {
        let store = try implementation.make()
        try await store.add([Self.entry("a", at: 10), Self.entry("b", at: 30), Self.entry("c", at: 20)])
        try await store.add(Self.entry("d", at: 20))
        try await store.add(Self.entry("e", at: 20.0004))  // the same millisecond as 20
        let page = try await store.page(size: 10, after: nil, now: Self.start.addingTimeInterval(60))
        #expect(page.items.map(\.identifier) == ["b", "e", "d", "c", "a"])
        #expect(page.nextCursor == nil)
    }

    @Test(arguments: Implementation.allCases)
    func theCursorContinuesAfterThePageEvenWhenEntriesArriveMeanwhile(_ implementation: Implementation) async throws {
        let store = try implementation.make()
        try await store.add((0..<5).map { Self.entry("old-\($0)", at: Double($0)) })
        let now = Self.start.addingTimeInterval(3_600)
        let first = try await store.page(size: 2, after: nil, now: now)
        #expect(first.items.map(\.identifier) == ["old-4", "old-3"])
        let cursor = try #require(first.nextCursor)
        // Newer entries, and one at the cursor's own instant (added later, so before it in the order).
        try await store.add([Self.entry("new-0", at: 100), Self.entry("same-instant", at: 3)])
        let second = try await store.page(size: 2, after: cursor, now: now)
        #expect(second.items.map(\.identifier) == ["old-2", "old-1"])
        // The string form works as well as the value.
        let next = try #require(second.nextCursor)
        let restored = try #require(InboxCursor(next.description))
        let third = try await store.page(size: 2, after: restored, now: now)
        #expect(third.items.map(\.identifier) == ["old-0"])
        #expect(third.nextCursor == nil)
        #expect(
            try await Self.walk(store, size: 3, now: now)
                == ["new-0", "old-4", "same-instant", "old-3", "old-2", "old-1", "old-0"])
    }

    @Test(arguments: Implementation.allCases, [1, 2, 3, 4, 7, 100])
    func aFullLastPageHasNoCursor(_ implementation: Implementation, size: Int) async throws {
        let store = try implementation.make()
        try await store.add((0..<12).map { Self.entry("e\($0)", at: Double($0 / 3)) })
        let now = Self.start.addingTimeInterval(60)
        let walked = try await Self.walk(store, size: size, now: now)
        let expected = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0].map { "e\($0)" }
        #expect(walked == expected)
    }

    @Test(arguments: Implementation.allCases)
    func readAndDeleteTouchEveryEntryWithTheIdentifierAndCountThem(_ implementation: Implementation) async throws {
        let store = try implementation.make()
        try await store.add([Self.entry("x", at: 1), Self.entry("y", at: 2), Self.entry("x", at: 3)])
        let now = Self.start.addingTimeInterval(60)
        #expect(try await store.unreadCount(now: now) == 3)
        let readAt = Self.start.addingTimeInterval(10.123_4)
        #expect(try await store.markRead(identifier: "x", at: readAt) == 2)
        #expect(try await store.markRead(identifier: "nothing", at: readAt) == 0)
        #expect(try await store.unreadCount(now: now) == 1)
        #expect(try await store.totalCount(now: now) == 3)
        let page = try await store.page(size: 10, after: nil, now: now)
        let roundedReadAt = Date(timeIntervalSince1970: 1_781_884_810.123)
        #expect(page.items.map(\.readAt) == [roundedReadAt, nil, roundedReadAt])

        #expect(try await store.delete(identifier: "y", at: now) == 1)
        #expect(try await store.delete(identifier: "nothing", at: now) == 0)
        #expect(try await store.unreadCount(now: now) == 0)
        #expect(try await store.totalCount(now: now) == 2)
        #expect(try await store.page(size: 10, after: nil, now: now).items.map(\.identifier) == ["x", "x"])
    }

    @Test(arguments: Implementation.allCases)
    func aDeletedEntryIsGoneForALaterReadOrDelete(_ implementation: Implementation) async throws {
        let store = try implementation.make()
        try await store.add([Self.entry("x", at: 1), Self.entry("y", at: 2)])
        let now = Self.start.addingTimeInterval(60)
        #expect(try await store.delete(identifier: "x", at: now) == 1)
        // A second delete, or a read after the delete, finds no entry and changes nothing.
        #expect(try await store.delete(identifier: "x", at: now.addingTimeInterval(1)) == 0)
        #expect(try await store.markRead(identifier: "x", at: now.addingTimeInterval(2)) == 0)
        #expect(try await store.unreadCount(now: now) == 1)
        #expect(try await store.totalCount(now: now) == 1)
        #expect(try await store.page(size: 10, after: nil, now: now).items.map(\.identifier) == ["y"])
    }

    @Test(arguments: Implementation.allCases, [30, 7, 1])
    func entriesMoreThanTheArchiveAgeOldAreNeitherListedNorCounted(
        _ implementation: Implementation, days: Int
    ) async throws {
        let store = try implementation.make(archiveAfterDays: days)
        #expect(store.archiveAfterDays == days)
        let age = Double(days) * 86_400
        let now = Self.start.addingTimeInterval(age + 1_000)
        // 1 ms older than the limit, exactly at it, and newer.
        try await store.add([
            Self.entry("archived", at: 999.999), Self.entry("at-limit", at: 1_000), Self.entry("recent", at: age + 500),
        ])
        #expect(try await store.totalCount(now: now) == 2)
        #expect(try await store.unreadCount(now: now) == 2)
        #expect(try await Self.walk(store, size: 1, now: now) == ["recent", "at-limit"])
        // Later, the entry at the limit is archived too; earlier, the archived one is back.
        let later = now.addingTimeInterval(0.001)
        #expect(try await Self.walk(store, size: 1, now: later) == ["recent"])
        #expect(try await store.unreadCount(now: later) == 1)
        #expect(try await store.totalCount(now: now.addingTimeInterval(-1)) == 3)
        // Read and delete still reach an archived entry.
        #expect(try await store.markRead(identifier: "archived", at: now) == 1)
    }

    /// Entries not deleted and not read, walking the pages: what the unread count must say.
    static func unreadByWalking(_ store: any InboxStore, now: Date) async throws -> Int {
        var unread = 0
        var cursor: InboxCursor?
        repeat {
            let page = try await store.page(size: 100, after: cursor, now: now)
            unread += page.items.count { $0.readAt == nil }
            cursor = page.nextCursor
        } while cursor != nil
        return unread
    }

    /// A purge age below the archive age is raised to it: nothing still listed or counted can be purged.
    @Test(arguments: Implementation.allCases)
    func aPurgeAgeBelowTheArchiveAgeIsRaisedToIt(_ implementation: Implementation) async throws {
        let store = try implementation.make(archiveAfterDays: 30, purgeAfterDays: 10)
        #expect(store.purgeAfterDays == 30)
        let now = Self.start.addingTimeInterval(20 * 86_400)
        try await store.add([Self.entry("visible", at: 0)])

        #expect(try await store.purgeArchived(now: now) == 0)
        #expect(try await store.totalCount(now: now) == 1)
    }

    /// The purge's edge: 1 ms past the purge age goes for good (read, deleted or neither), exactly at it stays and is
    /// still reached by read and delete while archived; what is visible, and the counts, are as before the purge.
    @Test(arguments: Implementation.allCases, [(30, nil), (7, 7), (1, 90)] as [(Int, Int?)])
    func thePurgeRemovesForGoodOnlyEntriesPastThePurgeAge(
        _ implementation: Implementation, days: (archive: Int, purge: Int?)
    ) async throws {
        let store = try implementation.make(archiveAfterDays: days.archive, purgeAfterDays: days.purge)
        let purgeDays = days.purge ?? days.archive + 30
        #expect(store.purgeAfterDays == purgeDays)
        let age = Double(purgeDays) * 86_400
        let now = Self.start.addingTimeInterval(age + 1_000)
        try await store.add([
            Self.entry("gone", at: 999.999), Self.entry("gone-read", at: 500), Self.entry("gone-deleted", at: 0),
            Self.entry("at-limit", at: 1_000), Self.entry("unread", at: age), Self.entry("recent", at: age + 500),
        ])
        _ = try await store.markRead(identifier: "gone-read", at: Self.start)
        _ = try await store.delete(identifier: "gone-deleted", at: Self.start)
        let before = (
            total: try await store.totalCount(now: now), unread: try await store.unreadCount(now: now),
            pages: try await Self.walk(store, size: 2, now: now)
        )

        #expect(try await store.purgeArchived(now: now) == 3)
        #expect(try await store.purgeArchived(now: now) == 0)
        #expect(try await store.totalCount(now: now) == before.total)
        #expect(try await store.unreadCount(now: now) == before.unread)
        #expect(try await Self.walk(store, size: 2, now: now) == before.pages)
        for later in [now, now.addingTimeInterval(86_400), now.addingTimeInterval(age)] {
            #expect(try await store.unreadCount(now: later) == (try await Self.unreadByWalking(store, now: later)))
        }
        #expect(try await store.markRead(identifier: "gone", at: now) == 0)
        #expect(try await store.delete(identifier: "gone-read", at: now) == 0)
        #expect(try await store.markRead(identifier: "at-limit", at: now) == 1)
        // 1 ms later, the entry at the limit goes too.
        #expect(try await store.purgeArchived(now: now.addingTimeInterval(0.001)) == 1)
        #expect(try await store.delete(identifier: "at-limit", at: now) == 0)
    }

    /// The margin: what an archive age raised from 30 to 60 days would show (the counts at `now` − 30 days with 30
    /// days are the counts at `now` with 60) is all still there after a purge.
    @Test(arguments: Implementation.allCases)
    func aPurgeKeepsWhatAnArchiveAgeRaisedByTheMarginShows(_ implementation: Implementation) async throws {
        let store = try implementation.make()
        try await store.add((0..<90).map { Self.entry("d\($0)", at: Double($0) * 86_400) })
        let now = Self.start.addingTimeInterval(89 * 86_400)
        let raised = now.addingTimeInterval(-30 * 86_400)
        #expect(try await store.totalCount(now: raised) == 61)
        #expect(try await store.purgeArchived(now: now) == 29)
        #expect(try await store.totalCount(now: raised) == 61)
        #expect(try await Self.walk(store, size: 100, now: raised).last == "d29")
    }

    @Test(arguments: Implementation.allCases, [0, -1, 101, 1_000])
    func aPageSizeOutsideOneToAHundredIsRefused(_ implementation: Implementation, size: Int) async throws {
        let store = try implementation.make()
        await #expect(throws: InboxError.pageSizeOutOfRange(size)) {
            try await store.page(size: size, after: nil, now: Self.start)
        }
    }

    @Test(arguments: Implementation.allCases)
    func eraseAllRemovesEveryEntryForGood(_ implementation: Implementation) async throws {
        let store = try implementation.make()
        try await store.add((0..<20).map { Self.entry("e\($0)", at: Double($0)) })
        _ = try await store.delete(identifier: "e3", at: Self.start)
        try await store.eraseAll()
        let now = Self.start.addingTimeInterval(60)
        #expect(try await store.totalCount(now: now) == 0)
        #expect(try await store.page(size: 5, after: nil, now: now) == InboxPage(items: [], nextCursor: nil))
        #expect(try await store.markRead(identifier: "e1", at: now) == 0)
        try await store.add(Self.entry("after", at: 0))
        #expect(try await store.page(size: 5, after: nil, now: now).items.map(\.identifier) == ["after"])
        #expect(try await store.unreadCount(now: now) == 1)
    }

    @Test(arguments: Implementation.allCases)
    func entriesComeBackAsAddedToTheMillisecond(_ implementation: Implementation) async throws {
        let store = try implementation.make()
        var entry = Self.entry("full", at: 1.234_4, channel: "cultivation.reminders")
        entry.title = LocalizedText(table: "GrowBro", key: "task_title", arguments: ["Água ✓", "x\"y\\z"])
        entry.readAt = Self.start.addingTimeInterval(2)
        try await store.add(entry)
        let page = try await store.page(size: 1, after: nil, now: Self.start)
        var expected = entry
        expected.receivedAt = Date(timeIntervalSince1970: 1_781_884_801.234)
        #expect(page.items == [expected])
    }
}
