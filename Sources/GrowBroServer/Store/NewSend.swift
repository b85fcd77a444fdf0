package import Foundation

/// A send the fan-out records: pending, due at its creation (``PushStoreTransaction/insertSends(_:)``).
///
/// Its content's fields read as its own (`send.messageID`).
@dynamicMemberLookup
package struct NewSend: Sendable {
    /// What it carries and to whom.
    package var content: SendContent
    /// When it was recorded; it is due then.
    package var createdAt: Date

    /// Creates one from its content and the instant it is recorded at.
    package init(_ content: SendContent, createdAt: Date) {
        self.content = content
        self.createdAt = createdAt
    }

    /// A field of its content (``SendContent``).
    package subscript<Value>(dynamicMember field: KeyPath<SendContent, Value>) -> Value { content[keyPath: field] }
}
