package import WaveJSON

/// How to read one JSON value of a type: on a mismatch it records a problem naming the path and returns `nil`.
///
/// Decoders are small values composed into a file's format: `.string`, `.instant`, `.oneOf([...])`,
/// `.array(of: .object(keys: …) { … })`. Each states its own error text, so a section of a format is a list
/// of ``Field``s rather than code.
package struct ValueDecoder<Value>: Sendable {
    /// Reads `value` found at `path`; records every problem in `diagnostics` and returns `nil` after any.
    package let decode:
        @Sendable (_ value: JSONValue, _ path: JSONPath, _ diagnostics: inout DecodingDiagnostics) -> Value?

    /// Creates a decoder.
    ///
    /// - Parameter decode: Reads a value at a path, recording problems; `nil` after any.
    package init(
        decode:
            @escaping @Sendable (_ value: JSONValue, _ path: JSONPath, _ diagnostics: inout DecodingDiagnostics)
            -> Value?
    ) {
        self.decode = decode
    }

    /// A decoder that turns this one's result into another, or records a problem at the same path.
    ///
    /// - Parameter transform: Returns the new value, or throws a message naming what is wrong (no path).
    /// - Returns: The composed decoder.
    package func map<Other>(
        _ transform: @escaping @Sendable (Value) throws(DecodingMessage) -> Other
    ) -> ValueDecoder<Other> {
        ValueDecoder<Other> { value, path, diagnostics in
            guard let decoded = decode(value, path, &diagnostics) else { return nil }
            do throws(DecodingMessage) {
                return try transform(decoded)
            } catch {
                diagnostics.problem(path, error.text)
                return nil
            }
        }
    }
}

/// What is wrong with a value, written without its path (the decoder adds it).
package struct DecodingMessage: Error {
    /// The text, for example `is empty; expected some text`.
    package var text: String

    package init(_ text: String) {
        self.text = text
    }
}
