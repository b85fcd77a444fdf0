/// The one JSON writer of the package: members in exactly the order written, escaping as ``appendEscaped(_:to:)``
/// does, straight into a byte buffer decoded once at the end.
///
/// Commas are placed by the writer: a value (or a key) written after another one in the same object or array
/// gets one. The caller writes each member as ``key(_:)-(StaticString)`` then one value (or with a `member`
/// method), so a line such as
/// `{"type":"summary","delivered":3}` is
/// ```swift
/// var json = JSONWriter()
/// json.beginObject()
/// json.member("type", "summary")
/// json.member("delivered", 3)
/// json.endObject()
/// json.text
/// ```
/// The writer checks nothing about structure; a key must be followed by exactly one value.
public struct JSONWriter: Sendable {
    /// The UTF-8 written so far.
    public private(set) var bytes: [UInt8] = []

    /// Whether the next key or value follows a sibling and needs a comma.
    private var needsComma = false

    /// Creates an empty writer.
    ///
    /// - Parameter capacity: The bytes to reserve, for example a typical line's length.
    public init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    /// Creates a writer that appends to bytes already written (an output buffer), so a line is written in place
    /// rather than built apart and copied; ``takeBytes()`` hands the buffer back.
    ///
    /// - Parameter bytes: The buffer to append to; what it holds is kept as is, and the first value written after
    ///   it gets no comma.
    public init(appendingTo bytes: consuming [UInt8]) {
        self.bytes = bytes
    }

    /// The text written so far.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Hands the buffer over, leaving the writer empty: no copy of the bytes is made.
    ///
    /// - Returns: Everything written (after what ``init(appendingTo:)`` was given).
    public mutating func takeBytes() -> [UInt8] {
        needsComma = false
        var taken: [UInt8] = []
        swap(&taken, &bytes)
        return taken
    }

    /// Starts an object, `{`.
    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    /// Ends the current object, `}`.
    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Starts an array, `[`.
    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    /// Ends the current array, `]`.
    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes a member's key and its colon; the member's value must be written next.
    ///
    /// - Parameter name: The key, escaped as any string.
    public mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { Self.appendEscaped($0, to: &bytes) }
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
        needsComma = false
    }

    /// Writes a member's key and its colon; the member's value must be written next.
    ///
    /// - Parameter name: The key, escaped as any string.
    public mutating func key(_ name: String) {
        separate()
        Self.appendQuoted(name, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes a string value.
    ///
    /// - Parameter value: The text, escaped.
    public mutating func string(_ value: String) {
        separate()
        Self.appendQuoted(value, to: &bytes)
        needsComma = true
    }

    /// Writes an array of strings.
    ///
    /// - Parameter values: The texts, in order.
    public mutating func strings(_ values: [String]) {
        beginArray()
        for value in values {
            string(value)
        }
        endArray()
    }

    /// Starts a string value written in pieces with ``appendToString(_:)``, then ``endString()``.
    ///
    /// For a value made of parts already at hand (`event_<id>_<trigger>`), without building it first.
    public mutating func beginString() {
        separate()
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends text, escaped, to the string started by ``beginString()``.
    ///
    /// - Parameter piece: The text.
    public mutating func appendToString(_ piece: String) {
        Self.appendEscaped(piece, to: &bytes)
    }

    /// Appends bytes that need no escaping (ASCII digits, letters and punctuation other than `"` and `\`) to
    /// the string started by ``beginString()``.
    ///
    /// - Parameter write: Appends the bytes to the buffer it is given; it must append nothing else.
    public mutating func appendToStringUnescaped(_ write: (inout [UInt8]) -> Void) {
        write(&bytes)
    }

    /// Ends the string started by ``beginString()``.
    public mutating func endString() {
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    /// Writes an integer.
    ///
    /// - Parameter value: The number.
    public mutating func number(_ value: Int) {
        separate()
        Self.appendDecimal(value, minimumWidth: 1, to: &bytes)
        needsComma = true
    }

    /// Writes a number as the parser read it: `text` must be a JSON number (``JSONValue/number(_:)`` holds one), and
    /// is written unchanged.
    ///
    /// - Parameter text: The number's text.
    public mutating func number(text: String) {
        separate()
        bytes.append(contentsOf: text.utf8)
        needsComma = true
    }

    /// Writes a finite decimal number in its shortest form that reads back exactly (`72.5`, `3.0`); a NaN or an
    /// infinity, which JSON cannot hold, is written as `null`.
    ///
    /// - Parameter value: The number.
    public mutating func number(_ value: Double) {
        separate()
        bytes.append(contentsOf: (value.isFinite ? value.description : "null").utf8)
        needsComma = true
    }

    /// Writes a non-negative duration in seconds, as ``seconds(_:)`` spells it.
    ///
    /// - Parameter duration: The duration; negative values are written as 0.
    public mutating func number(seconds duration: Duration) {
        separate()
        bytes.append(contentsOf: Self.seconds(duration).utf8)
        needsComma = true
    }

    /// Writes `true` or `false`.
    ///
    /// - Parameter value: The flag.
    public mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
        needsComma = true
    }

    /// Writes `null`.
    public mutating func null() {
        separate()
        bytes.append(contentsOf: "null".utf8)
        needsComma = true
    }

    /// Writes a member whose value is a string: ``key(_:)-(StaticString)`` then ``string(_:)``.
    ///
    /// - Parameters:
    ///   - name: The key.
    ///   - value: The text.
    public mutating func member(_ name: StaticString, _ value: String) {
        key(name)
        string(value)
    }

    /// Writes a member whose value is an integer.
    ///
    /// - Parameters:
    ///   - name: The key.
    ///   - value: The number.
    public mutating func member(_ name: StaticString, _ value: Int) {
        key(name)
        number(value)
    }

    /// Writes a member whose value is `true` or `false`.
    ///
    /// - Parameters:
    ///   - name: The key.
    ///   - value: The flag.
    public mutating func member(_ name: StaticString, _ value: Bool) {
        key(name)
        bool(value)
    }

    private mutating func separate() {
        if needsComma {
            bytes.append(UInt8(ascii: ","))
        }
    }
}
