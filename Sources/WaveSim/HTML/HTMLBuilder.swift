internal import Foundation

/// Writes HTML and inline SVG as text, escaping every text and attribute value it is given.
///
/// It stands in for a templating package (the package takes no SwiftPM dependency): elements open and close in
/// order (``start(_:_:)``, ``end()``), text and attribute values always go through ``escapeText(_:)`` and
/// ``escapeAttribute(_:)``, and tag and attribute names are checked to be plain lower-case names, so no value that
/// came from a scenario (a title, a channel, a reason) can open an element or end an attribute. The only unescaped
/// text is ``raw(_:)``'s, which takes a `StaticString`: the page's own style sheet, written in this source.
struct HTMLBuilder {
    /// The document so far.
    private(set) var text = ""
    /// The elements open, innermost last.
    private var openElements: [String] = []

    /// An attribute name and value, in the order written.
    typealias Attributes = KeyValuePairs<String, String>

    /// Creates an empty builder.
    ///
    /// - Parameter capacity: The bytes to reserve.
    init(capacity: Int = 1 << 16) {
        text.reserveCapacity(capacity)
    }

    /// Opens an element; ``end()`` closes it.
    ///
    /// - Parameters:
    ///   - tag: The element's name (`svg`, `rect`, `details`).
    ///   - attributes: Its attributes, values unescaped.
    mutating func start(_ tag: String, _ attributes: Attributes = [:]) {
        writeTag(tag, attributes)
        text += ">"
        openElements.append(tag)
    }

    /// Closes the innermost open element.
    mutating func end() {
        guard let tag = openElements.popLast() else {
            preconditionFailure("HTMLBuilder: end() without an open element")
        }
        text += "</\(tag)>"
    }

    /// Writes an element holding only text.
    ///
    /// - Parameters:
    ///   - tag: The element's name.
    ///   - attributes: Its attributes, values unescaped.
    ///   - content: Its text, unescaped.
    mutating func element(_ tag: String, _ attributes: Attributes = [:], text content: String) {
        writeTag(tag, attributes)
        text += ">" + Self.escapeText(content) + "</\(tag)>"
    }

    /// Writes an element without content: `<rect … />` in SVG, `<meta …>` in HTML (a void element).
    ///
    /// - Parameters:
    ///   - tag: The element's name.
    ///   - attributes: Its attributes, values unescaped.
    mutating func empty(_ tag: String, _ attributes: Attributes = [:]) {
        writeTag(tag, attributes)
        text += Self.voidElements.contains(tag) ? ">" : "/>"
    }

    /// Writes text, escaped.
    ///
    /// - Parameter content: The text.
    mutating func text(_ content: String) {
        text += Self.escapeText(content)
    }

    /// Writes text from this source as it is (the style sheet, the doctype).
    ///
    /// - Parameter source: The text; a `StaticString`, so nothing read at run time can reach it.
    mutating func raw(_ source: StaticString) {
        text += source.description
    }

    /// Writes text this program makes of its own constants only (the style sheet, whose rules for the causes are
    /// made of the cause enums' cases), never of anything read at run time.
    ///
    /// - Parameter text: The text.
    mutating func raw(madeOfConstants text: String) {
        self.text += text
    }

    /// The finished document; every element must be closed.
    var document: String {
        precondition(openElements.isEmpty, "HTMLBuilder: \(openElements) not closed")
        return text
    }

    private mutating func writeTag(_ tag: String, _ attributes: Attributes) {
        precondition(Self.isName(tag), "HTMLBuilder: '\(tag)' is not an element name")
        text += "<" + tag
        for (name, value) in attributes {
            precondition(Self.isName(name), "HTMLBuilder: '\(name)' is not an attribute name")
            text += " \(name)=\"" + Self.escapeAttribute(value) + "\""
        }
    }

    /// HTML's void elements, written without a closing slash.
    private static let voidElements: Set<String> = ["meta", "br", "hr", "col", "img", "link", "input"]

    /// Whether a name is a plain element or attribute name: ASCII letters and digits, `-` and `:` inside.
    static func isName(_ name: String) -> Bool {
        guard let first = name.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first | 0x20) else {
            return false
        }
        return name.utf8.allSatisfy { byte in
            let lower = byte | 0x20
            return (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(lower)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ":")
        }
    }

    /// Text escaped for an element's content: `&`, `<` and `>`.
    ///
    /// - Parameter content: The text.
    /// - Returns: The escaped text.
    static func escapeText(_ content: String) -> String {
        escape(content, quotes: false)
    }

    /// Text escaped for a double-quoted attribute value: `&`, `<`, `>`, `"` and `'`.
    ///
    /// - Parameter value: The value.
    /// - Returns: The escaped value.
    static func escapeAttribute(_ value: String) -> String {
        escape(value, quotes: true)
    }

    private static func escape(_ content: String, quotes: Bool) -> String {
        guard content.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 })
        else { return content }
        var out = ""
        out.reserveCapacity(content.utf8.count + 16)
        for character in content.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where quotes: out += "&quot;"
            case "'" where quotes: out += "&#39;"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    /// A coordinate or length for SVG, with at most one decimal (`12`, `12.5`).
    ///
    /// - Parameter value: The number.
    /// - Returns: Its text.
    static func number(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let whole = tenths / 10
        let decimal = abs(tenths % 10)
        if decimal == 0 { return String(whole) }
        return (tenths < 0 && whole == 0 ? "-" : "") + "\(whole).\(decimal)"
    }
}
