/// The nesting depth of a JSON text, measured on its bytes before it is parsed, so a deeply nested body costs one
/// pass and no recursion.
package enum JSONDepth {
    /// Whether `bytes` nest arrays and objects deeper than `limit` (strings skipped, escapes honoured).
    ///
    /// - Parameters:
    ///   - bytes: The JSON text.
    ///   - limit: The deepest nesting allowed.
    /// - Returns: `true` when deeper.
    package static func exceeds(_ bytes: [UInt8], limit: Int) -> Bool {
        var depth = 0
        var inString = false
        var escaped = false
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > limit { return true }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return false
    }
}
