import Testing
import WaveJSON

/// ``JSONByteReader`` takes only plain strings and whole numbers; anything else is `nil`, for the parser to read.
struct JSONByteReaderTests {
    private func read<Result>(_ text: String, _ body: (inout JSONByteReader) -> Result) -> Result {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONByteReader(buffer)
            return body(&reader)
        }
    }

    @Test(arguments: [
        ("0", 0), (" 42,", 42), ("-7]", -7), ("100}", 100), ("-0", 0), ("123456789012345678", 123_456_789_012_345_678),
    ])
    func wholeNumbersAsJSONWritesThem(text: String, value: Int) {
        #expect(read(text) { $0.plainInteger() } == value)
    }

    @Test(arguments: ["007", "1.5", "1e2", "2E1", "-", "", "x", "1234567890123456789", "+1"])
    func otherNumbersAreLeftToTheParser(text: String) {
        #expect(read(text) { $0.plainInteger() } == nil)
    }

    @Test func plainStringsAndKeys() {
        #expect(read(#" "swim_solo": 1"#) { $0.plainKey().map { String(decoding: $0, as: UTF8.self) } } == "swim_solo")
        #expect(read(#""a b~""#) { $0.plainString().map { String(decoding: $0, as: UTF8.self) } } == "a b~")
    }

    @Test(arguments: [#""a\"b""#, #""\u0061""#, "\"caf\u{E9}\"", "\"tab\there\"", #""open"#, "x"])
    func otherStringsAreLeftToTheParser(text: String) {
        #expect(read(text) { $0.plainString() } == nil)
    }

    @Test func valuesGoThroughTheParserWithItsDepth() {
        #expect(read(#" [1, {"a": null}] "#) { $0.value(depth: 0) } == .array([.number("1"), .object([("a", .null)])]))
        let nested = String(repeating: "[", count: 3) + String(repeating: "]", count: 3)
        #expect(read(nested) { $0.value(depth: JSONParser.maximumDepth - 3) } != nil)
        #expect(read(nested) { $0.value(depth: JSONParser.maximumDepth - 2) } == nil)
        #expect(read(#"{"a" 1}"#) { $0.value(depth: 0) } == nil)
    }

    @Test func aByteOrderMarkIsSkippedAndTheEndIsOnlyWhiteSpace() {
        #expect(
            read("\u{FEFF}{ } \n") { reader in
                reader.take(UInt8(ascii: "{")) && reader.take(UInt8(ascii: "}")) && reader.isAtEnd
            })
        #expect(
            read("{} x") { reader in reader.take(UInt8(ascii: "{")) && reader.take(UInt8(ascii: "}")) && reader.isAtEnd
            } == false)
    }
}
