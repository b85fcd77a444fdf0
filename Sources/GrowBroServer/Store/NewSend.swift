package import Foundation

/// A send the fan-out records: pending, due at its creation (``PushStoreTransaction/insertSends(_:)``).
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
}
