import Testing
import WaveJSON

struct JSONParserTests {
    private func parse(_ text: String) throws(JSONParser.SyntaxError) -> JSONValue {
        try JSONParser.parse(Array(text.utf8))
    }

    @Test func parsesEveryValueKindKeepingKeyOrderAndDuplicates() throws {
        let value = try parse(#"{"b": [1, -2.5e3, true, false, null], "a": "x\u00e9\n", "b": {}}"#)
        guard case .object(let members) = value else {
            Issue.record("expected an object")
            return
        }
        #expect(members.map(\.key) == ["b", "a", "b"])
        #expect(members[0].value == .array([.number("1"), .number("-2.5e3"), .bool(true), .bool(false), .null]))
        #expect(members[1].value == .string("xé\n"))
        #expect(members[2].value == .object([]))
    }

    @Test func decodesSurrogatePairs() throws {
        #expect(try parse(#""\ud83c\udf0a""#) == .string("🌊"))
    }

    @Test func keepsHugeNumbersAsWritten() throws {
        #expect(try parse("1e999999") == .number("1e999999"))
        #expect(try parse("123456789012345678901234567890") == .number("123456789012345678901234567890"))
    }

    @Test(arguments: [
        ("{\"a\": 1,}", 1, 9, "expected a key string"),
        ("{\"a\" 1}", 1, 6, "expected ':'"),
        ("[1 2]", 1, 4, "expected ',' or ']'"),
        ("{\n  \"a\": tru\n}", 2, 8, "expected 'true'"),
        ("\"abc", 1, 5, "unterminated string"),
        ("01", 1, 2, "after the end of the document"),
        ("[1] x", 1, 5, "after the end of the document"),
        ("\"\\x\"", 1, 2, "invalid escape"),
        ("\"\\ud800\"", 1, 8, "unpaired surrogate"),
        ("\"a\u{01}\"", 1, 3, "control character"),
        ("", 1, 1, "unexpected end of input"),
        ("-", 1, 2, "expected a digit"),
        ("1.", 1, 3, "expected a digit after '.'"),
    ])
    func reportsSyntaxErrorsWithPosition(text: String, line: Int, column: Int, message: String) {
        do {
            _ = try parse(text)
            Issue.record("expected a syntax error for \(text.debugDescription)")
        } catch {
            #expect(error.line == line)
            #expect(error.column == column)
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test func rejectsInvalidUTF8() {
        #expect(throws: JSONParser.SyntaxError.self) {
            try JSONParser.parse([UInt8(ascii: "\""), 0xFF, 0xFE, UInt8(ascii: "\"")])
        }
        // An overlong encoding of '/' must not sneak through.
        #expect(throws: JSONParser.SyntaxError.self) {
            try JSONParser.parse([UInt8(ascii: "\""), 0xC0, 0xAF, UInt8(ascii: "\"")])
        }
    }

    @Test func limitsNestingDepth() throws {
        let deepest =
            String(repeating: "[", count: JSONParser.maximumDepth)
            + String(repeating: "]", count: JSONParser.maximumDepth)
        _ = try parse(deepest)
        let tooDeep = "[" + deepest + "]"
        do {
            _ = try parse(tooDeep)
            Issue.record("expected the depth limit")
        } catch {
            #expect(error.message.contains("nesting deeper than \(JSONParser.maximumDepth)"))
        }
    }

    @Test func skipsAByteOrderMark() throws {
        #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("true".utf8)) == .bool(true))
    }
}

struct JSONParserInPlaceTests {
    private static func inPlace(_ bytes: [UInt8]) -> Result<JSONValue, JSONParser.SyntaxError> {
        bytes.withUnsafeBytes { buffer in
            Result { () throws(JSONParser.SyntaxError) in try JSONParser.parse(contentsOf: buffer) }
        }
    }

    private static func copied(_ bytes: [UInt8]) -> Result<JSONValue, JSONParser.SyntaxError> {
        Result { () throws(JSONParser.SyntaxError) in try JSONParser.parse(bytes) }
    }

    @Test(arguments: [
        Array(#"{"a": [1, "x\u00e9", {"b": null}], "a": true}"#.utf8), Array("\u{FEFF}[1]".utf8), [],
        Array("[1, 2".utf8), Array(#"{"a" 1}"#.utf8), [0x22, 0xC3, 0x28, 0x22], Array("\"\\ud800\"".utf8),
        Array("[\"caf\u{E9}\", \"\u{1F30A}\"]".utf8), Array("{} x".utf8),
        Array(repeating: UInt8(ascii: "["), count: 200),
        Array("\"unterminated".utf8), Array("-".utf8),
    ])
    func readsABufferExactlyAsAnArray(bytes: [UInt8]) {
        let inPlace = Self.inPlace(bytes)
        let copied = Self.copied(bytes)
        switch (inPlace, copied) {
        case (.success(let a), .success(let b)): #expect(a == b)
        case (.failure(let a), .failure(let b)): #expect(a == b)
        default: Issue.record("in place: \(inPlace), copied: \(copied)")
        }
    }
}
