/// One member of an object in a file format: its key, how its value is read, and what its absence means.
///
/// A format section is a list of fields, read by ``ObjectDecoder/decode(_:_:)``:
/// ```swift
/// static let favorite = Field.optional("favorite", .bool, default: false)
/// ```
package struct Field<Value: Sendable>: Sendable {
    /// What happens when the key is absent.
    package enum Absence {
        /// A problem at the key's path with this message.
        case required(message: String)
        /// Nothing: the field reads as `nil`.
        case optional
        /// The field reads as this value.
        case defaulted(Value)
    }

    /// The member's key.
    package let key: String
    /// How its value is read.
    package let decoder: ValueDecoder<Value>
    /// What its absence means.
    package let absence: Absence

    /// A key that must be present: `missing; this key is required` by default.
    package static func required(
        _ key: String, _ decoder: ValueDecoder<Value>, missing message: String = "missing; this key is required"
    ) -> Field {
        Field(key: key, decoder: decoder, absence: .required(message: message))
    }

    /// A key that may be absent, reading as `nil` then.
    package static func optional(_ key: String, _ decoder: ValueDecoder<Value>) -> Field {
        Field(key: key, decoder: decoder, absence: .optional)
    }

    /// A key that may be absent, reading as `defaultValue` then; an invalid value still reads as `nil`.
    package static func optional(_ key: String, _ decoder: ValueDecoder<Value>, default defaultValue: Value) -> Field {
        Field(key: key, decoder: decoder, absence: .defaulted(defaultValue))
    }
}
