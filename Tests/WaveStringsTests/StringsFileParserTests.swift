import Foundation
import Testing
import WaveStrings

/// A text that must fail to parse, and where and why.
struct MalformedStrings: CustomTestStringConvertible, Sendable {
    var text: String
    var line: Int
    var column: Int
    var message: String

    var testDescription: String { message }
}

/// The `.strings` parser: syntax, escapes, comments, encodings, line numbers and error positions.
struct StringsFileParserTests {
    @Test func decodesEveryEscape() throws {
        let table = try StringsFileParser.parse(
            #""k" = "q\"b\\s\nn\tt\rr\0z\101\U00e9\u00E9\UD83C\UDF0A\'\q";"#, file: "t.strings")
        #expect(table.entry(forKey: "k")?.value == "q\"b\\s\nn\tt\rr\u{0}zAéé🌊'q")
    }

    @Test func skipsBlockAndLineCommentsBetweenAnyTokens() throws {
        let text = """
            /* header
               spanning lines */
            "a" /* between */ = // to the end of the line
              "b" /* before the semicolon */ ;
            // "commented" = "out";
            "url" = "http://example.com/*not a comment*/";
            """
        let table = try StringsFileParser.parse(text, file: "t.strings")
        #expect(table.keys == ["a", "url"])
        #expect(table.values == ["a": "b", "url": "http://example.com/*not a comment*/"])
        #expect(table.entry(forKey: "a")?.line == 3)
        #expect(table.entry(forKey: "url")?.line == 6)
    }

    @Test func acceptsUnquotedKeysAndValuesAndKeyOnlyEntries() throws {
        let table = try StringsFileParser.parse(
            "greeting.title-1_x = \"Hi\";\nplain = value-2.0;\n\"alone\";", file: "t.strings")
        #expect(table.values == ["greeting.title-1_x": "Hi", "plain": "value-2.0", "alone": "alone"])
    }

    @Test func keepsTheFirstOfDuplicateKeysAndListsTheOthers() throws {
        let table = try StringsFileParser.parse("\"a\" = \"1\";\n\"b\" = \"2\";\n\"a\" = \"3\";", file: "t.strings")
        #expect(table.entry(forKey: "a")?.value == "1")
        #expect(table.duplicates == [StringsEntry(key: "a", value: "3", line: 3, column: 1)])
        #expect(table.entries.count == 3)
        #expect(table.keys == ["a", "b"])
    }

    @Test func recordsLineAndColumnOfEachKeyAcrossLineEndings() throws {
        let table = try StringsFileParser.parse("\"a\" = \"x\";\r\n\r\n  \"b\" = \"y\";\r\"c\" = \"z\";", file: "t")
        #expect(table.entries.map(\.line) == [1, 3, 4])
        #expect(table.entries.map(\.column) == [1, 3, 1])
    }

    @Test func acceptsAUTF8ByteOrderMark() throws {
        let data = Data([0xEF, 0xBB, 0xBF]) + Data("\"k\" = \"é\";".utf8)
        let table = try StringsFileParser.parse(data, file: "t.strings")
        #expect(table.values == ["k": "é"])
        #expect(table.entries.first?.column == 1)
    }

    @Test(arguments: [true, false])
    func acceptsUTF16WithAByteOrderMark(littleEndian: Bool) throws {
        var data = Data(littleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF])
        for unit in "\"k\" = \"日本 🌊\";".utf16 {
            let bytes = [UInt8(unit & 0xFF), UInt8(unit >> 8)]
            data.append(contentsOf: littleEndian ? bytes : bytes.reversed())
        }
        let table = try StringsFileParser.parse(data, file: "t.strings")
        #expect(table.values == ["k": "日本 🌊"])
    }

    @Test func namesTheLineAndColumnOfInvalidUTF8() {
        let data = Data("\"a\" = \"ok\";\n\"b\" = \"".utf8) + Data([0xFF]) + Data("\";".utf8)
        #expect(
            throws: StringsParseError(file: "t.strings", line: 2, column: 8, message: "invalid UTF-8 byte sequence")
        ) {
            try StringsFileParser.parse(data, file: "t.strings")
        }
    }

    static let malformed = [
        MalformedStrings(
            text: "\"a\" = \"b\"\n\"c\" = \"d\";", line: 1, column: 10, message: "expected ';' after the value"),
        MalformedStrings(text: "\"a\" \"b\";", line: 1, column: 4, message: "expected '=' or ';' after the key"),
        MalformedStrings(
            text: "\"a\" = ;", line: 1, column: 7,
            message: "expected a value after '=': a quoted string or letters, digits, '_', '.', '-'"),
        MalformedStrings(
            text: "\"ok\" = \"1\";\n= \"b\";", line: 2, column: 1,
            message: "expected a key: a quoted string or letters, digits, '_', '.', '-'"),
        MalformedStrings(
            text: "\"a\" = \"b;\n", line: 1, column: 7,
            message: "unterminated string: expected '\"' to close the string opened here"),
        MalformedStrings(
            text: "\"a\" = \"b\";\n  /* open", line: 2, column: 3,
            message: "unterminated comment: expected '*/' to close the comment opened here"),
        MalformedStrings(
            text: "\"a\" = \"x\\U12G4\";", line: 1, column: 9, message: "expected four hex digits after '\\U'"),
        MalformedStrings(
            text: "\"a\" = \"\\UD83C!\";", line: 1, column: 8,
            message: "expected a low surrogate '\\Uxxxx' after this high surrogate"),
        MalformedStrings(
            text: "\n\n  \"a\" = \"é\" x", line: 3, column: 12, message: "expected ';' after the value"),
        MalformedStrings(
            text: "\"a\" = \"b\";\r\n\"c\" =\r\n;", line: 3, column: 1,
            message: "expected a value after '=': a quoted string or letters, digits, '_', '.', '-'"),
    ]

    @Test(arguments: malformed)
    func syntaxErrorsNameFileLineAndColumn(_ sample: MalformedStrings) {
        let expected = StringsParseError(
            file: "fr.lproj/Notifications.strings", line: sample.line, column: sample.column, message: sample.message)
        #expect(throws: expected) {
            try StringsFileParser.parse(sample.text, file: "fr.lproj/Notifications.strings")
        }
        #expect(expected.description.hasPrefix("fr.lproj/Notifications.strings:\(sample.line):\(sample.column): "))
    }

    @Test func anUnreadableFileIsAnErrorNotACrash() {
        let url = URL(fileURLWithPath: "/nonexistent/l10n/Notifications.strings")
        #expect(throws: StringsParseError(file: "x.strings", line: 1, column: 1, message: "cannot read the file")) {
            try StringsFileParser.parse(contentsOf: url, file: "x.strings")
        }
    }
}
