import Foundation
import GrowBroServer
import GrowBroServerTesting
import Testing
import WaveNotifications

/// The server inbox keeps the app's inbox rules: the same operations give the same pages and counts.
struct ServerInboxTests {
    static func entry(_ identifier: String, at seconds: Double) -> InboxEntry {
        InboxEntry(
            identifier: identifier, receivedAt: Harness.start.addingTimeInterval(seconds), channelID: "community.likes",
            title: LocalizedText(table: "GrowBro", key: "growbro.like.title"),
            body: LocalizedText(table: "GrowBro", key: "growbro.like.body", arguments: ["Ana"]),
            deepLink: "growbro://post/\(identifier)")
    }

    static func walk(_ store: any InboxStore, size: Int, now: Date) async throws -> [InboxEntry] {
        var entries: [InboxEntry] = []
        var cursor: InboxCursor?
        repeat {
            let page = try await store.page(size: size, after: cursor, now: now)
            entries += page.items
            cursor = page.nextCursor
        } while cursor != nil
        return entries
    }

    @Test(arguments: TestStore.all, [1, 2, 3, 4, 5])
    func aSeededRunOfOperationsGivesTheSamePagesAndCountsAsTheAppsInbox(store: TestStore, seed: UInt64) async throws {
        let harness = try Harness(store: store)
        try harness.server.setPreferences(userID: "u1", channels: [:], archiveDays: 7, at: Harness.start)
        let server = try harness.server.inbox(of: "u1")
        let app = InMemoryInboxStore(archiveAfterDays: 7)
        var random = SeededRandom(seed: seed)
        var clock = 0.0
        for step in 0..<200 {
            clock += Double(Int.random(in: 0...7_200, using: &random))
            let now = Harness.start.addingTimeInterval(clock)
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<6:
                let entry = Self.entry("e\(step)", at: clock - Double(Int.random(in: 0...(9 * 86_400), using: &random)))
                try await server.add(entry)
                try await app.add(entry)
            case 6..<8:
                let identifier = "e\(Int.random(in: 0...step, using: &random))"
                #expect(
                    try server.markRead(identifier: identifier, at: now)
                        == (try await app.markRead(identifier: identifier, at: now)))
            case 8:
                let identifier = "e\(Int.random(in: 0...step, using: &random))"
                #expect(
                    try server.delete(identifier: identifier, at: now)
                        == (try await app.delete(identifier: identifier, at: now)))
            default:
                let size = Int.random(in: 1...10, using: &random)
                #expect(
                    try await Self.walk(server, size: size, now: now)
                        == (try await Self.walk(app, size: size, now: now)))
            }
            #expect(try server.unreadCount(now: now) == (try await app.unreadCount(now: now)))
            #expect(try server.totalCount(now: now) == (try await app.totalCount(now: now)))
        }
    }

    @Test(arguments: TestStore.all)
    func aDeletedEntryIsGoneForALaterReadOrDelete(store: TestStore) throws {
        let harness = try Harness(store: store)
        try harness.register("u1", "phone", apns: 1)
        try harness.reply("m1", to: "u1")
        try harness.reply("m2", to: "u1")
        let inbox = try harness.server.inbox(of: "u1")
        #expect(try inbox.markRead(identifier: "msg_m1", at: Harness.start) == 1)
        #expect(try inbox.delete(identifier: "msg_m1", at: Harness.start) == 1)
        #expect(try inbox.delete(identifier: "msg_m1", at: Harness.start.addingTimeInterval(1)) == 0)
        #expect(try inbox.markRead(identifier: "msg_m1", at: Harness.start.addingTimeInterval(2)) == 0)
        #expect(try inbox.totalCount(now: Harness.start) == 1)
        #expect(try inbox.unreadCount(now: Harness.start) == 1)
    }

    @Test(arguments: TestStore.all)
    func theArchiveAgeIsTheUsersSetting(store: TestStore) throws {
        let harness = try Harness(store: store)
        try harness.register("u1", "phone", apns: 1)
        try harness.reply("m1", to: "u1")
        let day: TimeInterval = 86_400
        #expect(try harness.server.inbox(of: "u1").archiveAfterDays == 30)
        #expect(try harness.server.inbox(of: "u1").totalCount(now: Harness.start.addingTimeInterval(30 * day)) == 1)
        #expect(try harness.server.inbox(of: "u1").totalCount(now: Harness.start.addingTimeInterval(30 * day + 1)) == 0)
        try harness.server.setPreferences(userID: "u1", channels: [:], archiveDays: 90, at: Harness.start)
        #expect(try harness.server.inbox(of: "u1").totalCount(now: Harness.start.addingTimeInterval(60 * day)) == 1)
    }

    @Test(arguments: TestStore.all)
    func aGDPREraseRemovesOneUsersEntriesOnly(store: TestStore) throws {
        let harness = try Harness(store: store)
        try harness.register("u1", "phone", apns: 1)
        try harness.register("u2", "other", apns: 2)
        try harness.reply("m1", to: "u1")
        try harness.reply("m2", to: "u2")
        try harness.server.inbox(of: "u1").eraseAll()
        #expect(try harness.server.inbox(of: "u1").totalCount(now: Harness.start) == 0)
        #expect(try harness.server.inbox(of: "u2").totalCount(now: Harness.start) == 1)
    }

    @Test(arguments: TestStore.all)
    func aGDPREraseNamesEveryPendingSendItDrops(store: TestStore) async throws {
        let harness = try Harness(store: store)
        try harness.register("u1", "phone", apns: 1)
        try harness.register("u1", "tablet", apns: 3)
        try harness.register("u2", "other", apns: 2)
        try harness.reply("m1", to: "u1", text: "private words")
        try harness.reply("m2", to: "u2")
        let dropped = try harness.server.inbox(of: "u1").eraseAll(at: Harness.start)
        #expect(dropped.map(\.messageID) == ["m1", "m1"])
        #expect(dropped.map(\.installationID).sorted() == ["phone", "tablet"])
        #expect(dropped.allSatisfy { $0.kind == .dropped && $0.reason == .erased && $0.at == Harness.start })
        #expect(try harness.server.sends(of: "m1").map(\.state) == [.dropped, .dropped])
        // Nothing of u1 is pending any more: a second erasure names nothing.
        #expect(try harness.server.inbox(of: "u1").eraseAll(at: Harness.start).isEmpty)
    }

    @Test(arguments: TestStore.all)
    func aGDPREraseDropsTheUsersPendingPushesAndBlanksTheirTexts(store: TestStore) async throws {
        let harness = try Harness(store: store)
        try harness.register("u1", "phone", apns: 1)
        try harness.register("u2", "other", apns: 2)
        try harness.reply("m1", to: "u1", text: "private words")
        try harness.reply("m2", to: "u2")
        try harness.server.inbox(of: "u1").eraseAll()
        #expect(try harness.server.sends(of: "m1").map(\.state) == [.dropped])
        #expect(try harness.server.sends(of: "m1").map(\.payload) == [""])
        #expect(try await harness.dispatch().map(\.messageID) == ["m2"])
    }

    @Test(arguments: TestStore.all)
    func anUnknownUsersInboxIsAnError(store: TestStore) throws {
        let harness = try Harness(store: store)
        #expect(throws: GrowBroServerError.unknownUser("ghost")) { try harness.server.inbox(of: "ghost") }
    }
}
