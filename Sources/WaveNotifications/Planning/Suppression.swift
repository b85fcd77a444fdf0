public import Foundation

/// A candidate notification that will not be shown, and why: reported, never just missing.
public struct Suppression: Hashable, Sendable, Codable {
    /// The identifier the request would have had.
    public var identifier: String
    /// When it would have fired.
    public var fireAt: Date
    /// Why it is held back.
    public var reason: NotificationReason

    /// Creates a suppression.
    ///
    /// - Parameters:
    ///   - identifier: The request identifier.
    ///   - fireAt: When it would have fired.
    ///   - reason: Why it is held back.
    public init(identifier: String, fireAt: Date, reason: NotificationReason) {
        self.identifier = identifier
        self.fireAt = fireAt
        self.reason = reason
    }
}
