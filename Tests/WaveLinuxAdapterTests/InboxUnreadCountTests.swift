import Foundation
import TestSupport
import Testing
import WaveLinuxAdapter
import WaveNotifications

/// SQLite's unread count reads per-day counters kept by triggers (schema v4); the in-memory store counts entry by
/// entry. Random histories of adds, reads, deletes and erases, across day boundaries and the archive boundary,
/// must give both the same count at every step and at many instants.
struct InboxUnreadCountTests {
    static let start = Date(timeIntervalSince1970: 1_781_884_800)

    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func theCountersAgreeWithCountingEveryEntry(seed: UInt64) async throws {
        var random = SplitMix64(seed: seed)
        let archiveAfterDays = [1, 7, 30][Int(seed % 3)]
        let reference: any InboxStore = InMemoryInboxStore(archiveAfterDays: archiveAfterDays)
        let sqlite: any InboxStore = try SQLiteInboxStore.inMemory(archiveAfterDays: archiveAfterDays)
        var identifiers: [String] = []
        for step in 0..<400 {
            let instant = Self.start.addingTimeInterval(Double(random.next() % (45 * 86_400)))
            switch random.next() % 10 {
            case 0...4:
                // Some identifiers repeat: an update of every entry with it.
                let identifier =
                    identifiers.isEmpty || random.next() % 4 != 0
                    ? "m\(step)" : identifiers[Int(random.next() % UInt64(identifiers.count))]
                identifiers.append(identifier)
                let entry = InboxEntry(
                    identifier: identifier, receivedAt: instant, channelID: "community.replies",
                    title: LocalizedText(table: "GrowBro", key: "reply_title", arguments: ["Ana"]),
                    body: LocalizedText(table: "GrowBro", key: "reply_body", arguments: ["hi"]),
                    deepLink: "growbro://post/1")
                try await reference.add([entry])
                try await sqlite.add([entry])
            case 5...6 where !identifiers.isEmpty:
                let identifier = identifiers[Int(random.next() % UInt64(identifiers.count))]
                let read = (
                    try await reference.markRead(identifier: identifier, at: instant),
                    try await sqlite.markRead(identifier: identifier, at: instant)
                )
                #expect(read.0 == read.1)
            case 7...8 where !identifiers.isEmpty:
                let identifier = identifiers[Int(random.next() % UInt64(identifiers.count))]
                let deleted = (
                    try await reference.delete(identifier: identifier, at: instant),
                    try await sqlite.delete(identifier: identifier, at: instant)
                )
                #expect(deleted.0 == deleted.1)
            case 9 where random.next() % 20 == 0:
                try await reference.eraseAll()
                try await sqlite.eraseAll()
                identifiers.removeAll()
            default:
                break
            }
            // Instants on both sides of day boundaries and of the archive boundary.
            for probe in [
                instant, instant.addingTimeInterval(Double(archiveAfterDays) * 86_400),
                Self.start.addingTimeInterval(Double(step % 50) * 86_400 - 1),
            ] {
                let expected = try await reference.unreadCount(now: probe)
                let counted = try await sqlite.unreadCount(now: probe)
                #expect(counted == expected, "seed \(seed), step \(step), now \(probe)")
                if counted != expected { return }
            }
        }
    }
}
