import Testing
import WaveNotifications

struct FNV1aTests {
    @Test(arguments: [("", UInt32(0x811c_9dc5)), ("a", 0xe40c_292c), ("foobar", 0xbf9c_f968)])
    func hashMatchesThePublishedFNV1a32Vectors(input: String, expected: UInt32) {
        #expect(FNV1a.hash32(input) == expected)
        #expect(FNV1a.hash32(Array(input.utf8)) == expected)
    }

    @Test func hashesTheUTF8BytesOfAString() {
        #expect(FNV1a.hash32("é") == FNV1a.hash32([0xC3, 0xA9]))
    }

    @Test func constantsAreTheFNV32Parameters() {
        #expect(FNV1a.offsetBasis == 2_166_136_261)
        #expect(FNV1a.prime == 16_777_619)
    }
}
