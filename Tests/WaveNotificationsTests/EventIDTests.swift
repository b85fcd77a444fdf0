import Testing
import WaveNotifications

struct EventIDTests {
    @Test(arguments: [
        "a", "Z", "0", "_", "-", "paris", "paris-2026", "Tokyo_Wave_1", "--__--", String(repeating: "x", count: 50),
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwx",
    ])
    func validIDsAreAccepted(id: String) throws {
        try EventID.validate(id)
        #expect(EventID.isValid(id))
    }

    @Test(arguments: [
        ("", EventIDError.empty),
        (String(repeating: "x", count: 51), .tooLong(length: 51)),
        (String(repeating: "x", count: 80), .tooLong(length: 80)),
        ("a b", .invalidCharacter(" ", offset: 1)),
        (" a", .invalidCharacter(" ", offset: 0)),
        ("a/b", .invalidCharacter("/", offset: 1)),
        ("..", .invalidCharacter(".", offset: 0)),
        ("../etc", .invalidCharacter(".", offset: 0)),
        ("caf\u{E9}", .invalidCharacter("\u{E9}", offset: 3)),
        ("cafe\u{301}", .invalidCharacter("\u{301}", offset: 4)),
        ("wave🌊", .invalidCharacter("🌊", offset: 4)),
        ("%2F", .invalidCharacter("%", offset: 0)),
        ("a\nb", .invalidCharacter("\n", offset: 1)),
        ("a\u{0}", .invalidCharacter("\u{0}", offset: 1)),
        ("a.b", .invalidCharacter(".", offset: 1)),
        ("a?b", .invalidCharacter("?", offset: 1)),
        ("a&b", .invalidCharacter("&", offset: 1)),
        ("a=b", .invalidCharacter("=", offset: 1)),
        ("\u{430}", .invalidCharacter("\u{430}", offset: 0)),
        ("ａ", .invalidCharacter("ａ", offset: 0)),
    ])
    func invalidIDsAreRejectedWithTheReason(id: String, expected: EventIDError) {
        #expect(throws: expected) {
            try EventID.validate(id)
        }
        #expect(!EventID.isValid(id))
    }

    @Test func maximumLengthIsFifty() {
        #expect(EventID.maximumLength == 50)
    }

    @Test func errorDescriptionsNameTheProblem() {
        #expect(EventIDError.empty.description == "event id is empty")
        #expect(EventIDError.tooLong(length: 51).description.contains("51"))
        #expect(EventIDError.invalidCharacter("\n", offset: 3).description.contains("U+A"))
        #expect(EventIDError.invalidCharacter("/", offset: 3).description.contains("'/' at offset 3"))
    }
}
