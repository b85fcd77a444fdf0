/// What happened to a push on its way to the user, as recorded for the engagement report.
public enum EngagementKind: String, Hashable, Sendable, CaseIterable {
    /// The provider accepted it (recorded by the dispatcher).
    case accepted
    /// The provider reports it reached the device (FCM's delivery data; APNs never reports it).
    case delivered
    /// The user opened it: the app reports the payload's `messageId`.
    case opened
    /// The user dismissed it: Android's `deleteIntent` (iOS has no dismissal callback).
    case dismissed
}
