import Foundation
import Testing
import WaveNotifications

/// The inbox cursor's string form: it round-trips and refuses anything else.
struct InboxCursorTests {
    @Test func theStringFormRoundTripsThroughJSON() async throws {
        let store = InMemoryInboxStore()
        let text = LocalizedText(table: "GrowBro", key: "k")
        let start = Date(timeIntervalSince1970: 1_781_884_800)
        try await store.add(
            (0..<3).map {
                InboxEntry(
                    identifier: "e\($0)", receivedAt: start, channelID: "c", title: text, body: text, deepLink: "x")
            })
        let cursor = try #require(try await store.page(size: 1, after: nil, now: start).nextCursor)
        #expect(InboxCursor(cursor.description) == cursor)
        let json = try JSONEncoder().encode(cursor)
        #expect(String(decoding: json, as: UTF8.self) == "\"\(cursor.description)\"")
        #expect(try JSONDecoder().decode(InboxCursor.self, from: json) == cursor)
    }

    @Test(arguments: ["", "c1", "c1.1", "c1.1.2.3", "c2.1.2", "c1.1.-2", "c1.zz!.1", "c1..1"])
    func aStringThatIsNotACursorIsRefused(_ text: String) {
        #expect(InboxCursor(text) == nil)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(InboxCursor.self, from: Data("\"\(text)\"".utf8))
        }
    }
}
