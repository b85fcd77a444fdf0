package import Foundation

/// One engagement event as the store records it (``PushStoreTransaction/insertEngagements(_:)``).
package struct EngagementEvent: Sendable {
    /// What happened.
    package var kind: EngagementKind
    /// The message.
    package var messageID: String
    /// The installation it happened on.
    package var installationID: String
    /// When.
    package var at: Date

    /// Creates one from its parts.
    package init(kind: EngagementKind, messageID: String, installationID: String, at: Date) {
        self.kind = kind
        self.messageID = messageID
        self.installationID = installationID
        self.at = at
    }
}
