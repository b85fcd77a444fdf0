import Foundation
import Testing
import WaveNotifications

struct NotificationRequestNumericIDTests {
    /// The vectors of the spec, section 2: identifier, FNV-1a 32, numeric id.
    static let vectors: [(String, UInt32, Int32)] = [
        ("", 2_166_136_261, 18_652_613),
        ("a", 3_826_002_220, 1_678_518_572),
        ("u1|p1|s1|2026-03-08T08:00|reminder", 1_756_304_731, 1_756_304_731),
        ("swim_solo_2026-06-01_best", 2_839_162_518, 691_678_870),
        ("Luna😺", 4_079_814_424, 1_932_330_776),
    ]

    @Test(arguments: vectors)
    func numericIDIsFNV1aMaskedToAPositiveInt32(vector: (String, UInt32, Int32)) {
        let (identifier, hash, numericID) = vector
        #expect(FNV1a.hash32(identifier) == hash)
        #expect(NotificationRequest.numericID(for: identifier) == numericID)
        #expect(numericID >= 0)
    }

    @Test(arguments: vectors)
    func requestNumericIDUsesItsIdentifier(vector: (String, UInt32, Int32)) {
        let text = LocalizedText(table: "Tests", key: "k")
        let channel = NotificationChannel(id: "c", categoryID: "C", name: text, channelDescription: text)
        let request = NotificationRequest(
            identifier: vector.0, channel: channel, fireAt: Date(timeIntervalSince1970: 0), title: text, body: text,
            deepLink: "app://x"
        )
        #expect(request.numericID == vector.2)
    }

    @Test func numericIDOfTheFirstByteOfAnEmojiDiffersFromTheEmoji() {
        // The hash runs over UTF-8 bytes, not characters or UTF-16 units.
        let bytes: [UInt8] = [0xF0, 0x9F, 0x98, 0xBA]
        #expect(NotificationRequest.numericID(for: "😺") == Int32(bitPattern: FNV1a.hash32(bytes) & 0x7FFF_FFFF))
        #expect(NotificationRequest.numericID(for: "😺") != NotificationRequest.numericID(for: "\u{F0}"))
    }
}
