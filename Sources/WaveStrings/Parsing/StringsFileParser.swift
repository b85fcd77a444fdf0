public import Foundation

/// Parses Apple's `.strings` format: `"key" = "value";` pairs with comments and escapes.
///
/// Accepted syntax:
/// - Encodings: UTF-8, with or without a byte-order mark; UTF-16 (little or big endian) with a byte-order mark.
/// - `/* block */` and `// line` comments, and whitespace or newlines between any two tokens.
/// - Keys and values either quoted, or unquoted made of `A-Z a-z 0-9 _ . -`.
/// - `"key";` alone, which Apple's format reads as `"key" = "key";`.
/// - Escapes in quoted strings: `\"` `\\` `\n` `\t` `\r` `\a` `\b` `\f` `\v`, one to three octal digits
///   (`\0`), and `\Uxxxx` or `\uxxxx` with exactly four hex digits (a surrogate pair `\UD83C\UDF0A` makes
///   one character). Any other escaped character stands for itself, as in Apple's parser.
///
/// Lines and columns are 1-based; columns count Unicode scalars, the byte-order mark excluded.
public enum StringsFileParser {
    /// Parses the bytes of a `.strings` file.
    ///
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - file: The name to use in errors and in the table, for example `fr.lproj/Notifications.strings`.
    /// - Returns: The pairs in file order.
    /// - Throws: ``StringsParseError`` naming the line and column of invalid bytes or syntax.
    public static func parse(_ data: Data, file: String) throws(StringsParseError) -> StringsTable {
        let scalars = try decode(Array(data), file: file)
        var parser = Parser(scalars: scalars, file: file)
        return try parser.parseTable()
    }

    /// Parses the text of a `.strings` file.
    ///
    /// - Parameters:
    ///   - text: The file's text.
    ///   - file: The name to use in errors and in the table.
    /// - Returns: The pairs in file order.
    /// - Throws: ``StringsParseError`` naming the line and column of the syntax error.
    public static func parse(_ text: String, file: String) throws(StringsParseError) -> StringsTable {
        var scalars = Array(text.unicodeScalars)
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        var parser = Parser(scalars: scalars, file: file)
        return try parser.parseTable()
    }

    /// Reads and parses a `.strings` file.
    ///
    /// - Parameters:
    ///   - url: The file to read.
    ///   - file: The name to use in errors; the URL's path by default.
    /// - Returns: The pairs in file order.
    /// - Throws: ``StringsParseError`` at line 1, column 1 when the file cannot be read, or where the syntax
    ///   is wrong.
    public static func parse(contentsOf url: URL, file: String? = nil) throws(StringsParseError) -> StringsTable {
        let name = file ?? url.path
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw StringsParseError(file: name, line: 1, column: 1, message: "cannot read the file")
        }
        return try parse(data, file: name)
    }

    /// Decodes the bytes to scalars, choosing the encoding from the byte-order mark.
    private static func decode(_ bytes: [UInt8], file: String) throws(StringsParseError) -> [Unicode.Scalar] {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let littleEndian = bytes[0] == 0xFF
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2)
            var index = 2
            while index + 1 < bytes.count {
                let (low, high) = littleEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
                units.append(UInt16(high) << 8 | UInt16(low))
                index += 2
            }
            let scalars = try decode(units, as: UTF16.self, file: file, encodingName: "UTF-16")
            if index < bytes.count {
                let (line, column) = Parser.position(after: scalars)
                throw StringsParseError(
                    file: file, line: line, column: column, message: "invalid UTF-16: odd number of bytes")
            }
            return scalars
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        return try decode(body, as: UTF8.self, file: file, encodingName: "UTF-8")
    }

    private static func decode<Codec: UnicodeCodec>(
        _ units: [Codec.CodeUnit], as codec: Codec.Type, file: String, encodingName: String
    ) throws(StringsParseError) -> [Unicode.Scalar] {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(units.count)
        var iterator = units.makeIterator()
        var decoder = Codec()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                scalars.append(scalar)
            case .emptyInput:
                return scalars
            case .error:
                let (line, column) = Parser.position(after: scalars)
                throw StringsParseError(
                    file: file, line: line, column: column, message: "invalid \(encodingName) byte sequence")
            }
        }
    }
}

/// The recursive-descent parser over decoded scalars, tracking line and column as it goes.
private struct Parser {
    let scalars: [Unicode.Scalar]
    let file: String
    var index = 0
    var line = 1
    var column = 1

    init(scalars: [Unicode.Scalar], file: String) {
        self.scalars = scalars
        self.file = file
    }

    /// The line and column just after `scalars`, for errors found while decoding.
    static func position(after scalars: [Unicode.Scalar]) -> (line: Int, column: Int) {
        var parser = Parser(scalars: scalars, file: "")
        while parser.current != nil { parser.advance() }
        return (parser.line, parser.column)
    }

    var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    func peek(_ offset: Int) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    mutating func advance() {
        let scalar = scalars[index]
        index += 1
        // "\r\n" is one line break: the "\r" only moves the column, the "\n" ends the line.
        if scalar == "\n" || (scalar == "\r" && current != "\n") {
            line += 1
            column = 1
        } else {
            column += 1
        }
    }

    func error(_ message: String, line: Int? = nil, column: Int? = nil) -> StringsParseError {
        StringsParseError(file: file, line: line ?? self.line, column: column ?? self.column, message: message)
    }

    mutating func parseTable() throws(StringsParseError) -> StringsTable {
        var entries: [StringsEntry] = []
        while true {
            try skipTrivia()
            guard current != nil else { break }
            let (keyLine, keyColumn) = (line, column)
            guard let key = try parseString() else {
                throw error("expected a key: a quoted string or letters, digits, '_', '.', '-'")
            }
            var endLine = line
            var endColumn = column
            try skipTrivia()
            var value = key
            if current == "=" {
                advance()
                try skipTrivia()
                guard let parsed = try parseString() else {
                    throw error("expected a value after '=': a quoted string or letters, digits, '_', '.', '-'")
                }
                value = parsed
                endLine = line
                endColumn = column
                try skipTrivia()
                guard current == ";" else {
                    throw error("expected ';' after the value", line: endLine, column: endColumn)
                }
            } else if current != ";" {
                throw error("expected '=' or ';' after the key", line: endLine, column: endColumn)
            }
            advance()
            entries.append(StringsEntry(key: key, value: value, line: keyLine, column: keyColumn))
        }
        return StringsTable(file: file, entries: entries)
    }

    /// Skips whitespace and comments.
    mutating func skipTrivia() throws(StringsParseError) {
        while let scalar = current {
            if scalar.properties.isWhitespace {
                advance()
            } else if scalar == "/", peek(1) == "/" {
                while let next = current, next != "\n", next != "\r" { advance() }
            } else if scalar == "/", peek(1) == "*" {
                let (startLine, startColumn) = (line, column)
                advance()
                advance()
                while !(current == "*" && peek(1) == "/") {
                    guard current != nil else {
                        throw error(
                            "unterminated comment: expected '*/' to close the comment opened here",
                            line: startLine, column: startColumn)
                    }
                    advance()
                }
                advance()
                advance()
            } else {
                return
            }
        }
    }

    /// Parses a quoted or unquoted string, or returns `nil` (consuming nothing) when none starts here.
    mutating func parseString() throws(StringsParseError) -> String? {
        guard let scalar = current else { return nil }
        if scalar == "\"" { return try parseQuoted() }
        var text = String.UnicodeScalarView()
        while let next = current, Self.isUnquoted(next) {
            text.append(next)
            advance()
        }
        return text.isEmpty ? nil : String(text)
    }

    static func isUnquoted(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", ".", "-": return true
        default: return false
        }
    }

    mutating func parseQuoted() throws(StringsParseError) -> String {
        let (startLine, startColumn) = (line, column)
        advance()
        var text = String.UnicodeScalarView()
        while true {
            guard let scalar = current else {
                throw error(
                    "unterminated string: expected '\"' to close the string opened here",
                    line: startLine, column: startColumn)
            }
            if scalar == "\"" {
                advance()
                return String(text)
            }
            if scalar == "\\" {
                text.append(try parseEscape())
            } else {
                text.append(scalar)
                advance()
            }
        }
    }

    /// Parses the escape whose backslash is the current scalar.
    mutating func parseEscape() throws(StringsParseError) -> Unicode.Scalar {
        let (startLine, startColumn) = (line, column)
        advance()
        guard let scalar = current else {
            throw error("expected a character after '\\'")
        }
        switch scalar {
        case "n": advance(); return "\n"
        case "t": advance(); return "\t"
        case "r": advance(); return "\r"
        case "a": advance(); return "\u{07}"
        case "b": advance(); return "\u{08}"
        case "f": advance(); return "\u{0C}"
        case "v": advance(); return "\u{0B}"
        case "0"..."7":
            var value: UInt32 = 0
            var digits = 0
            while digits < 3, let digit = current, ("0"..."7").contains(digit) {
                value = value * 8 + (digit.value - 0x30)
                digits += 1
                advance()
            }
            return Unicode.Scalar(value)!
        case "U", "u":
            let first = try parseHexUnit(escapeLine: startLine, escapeColumn: startColumn)
            if UTF16.isLeadSurrogate(first) {
                guard current == "\\", peek(1) == "U" || peek(1) == "u" else {
                    throw error(
                        "expected a low surrogate '\\Uxxxx' after this high surrogate",
                        line: startLine, column: startColumn)
                }
                let (lowLine, lowColumn) = (line, column)
                advance()
                let second = try parseHexUnit(escapeLine: lowLine, escapeColumn: lowColumn)
                guard UTF16.isTrailSurrogate(second) else {
                    throw error(
                        "expected a low surrogate (DC00-DFFF) after a high surrogate",
                        line: lowLine, column: lowColumn)
                }
                let value = 0x10000 + ((UInt32(first) - 0xD800) << 10) + (UInt32(second) - 0xDC00)
                return Unicode.Scalar(value)!
            }
            guard let result = Unicode.Scalar(UInt32(first)) else {
                throw error("unpaired low surrogate in '\\U' escape", line: startLine, column: startColumn)
            }
            return result
        default:
            advance()
            return scalar
        }
    }

    /// Parses the `U` or `u` and the four hex digits that follow it.
    mutating func parseHexUnit(escapeLine: Int, escapeColumn: Int) throws(StringsParseError) -> UInt16 {
        advance()
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard let digit = current, let digitValue = Self.hexValue(digit) else {
                throw error(
                    "expected four hex digits after '\\U'", line: escapeLine, column: escapeColumn)
            }
            value = value << 4 | digitValue
            advance()
        }
        return value
    }

    static func hexValue(_ scalar: Unicode.Scalar) -> UInt16? {
        switch scalar {
        case "0"..."9": return UInt16(scalar.value - 0x30)
        case "a"..."f": return UInt16(scalar.value - 0x61 + 10)
        case "A"..."F": return UInt16(scalar.value - 0x41 + 10)
        default: return nil
        }
    }
}
