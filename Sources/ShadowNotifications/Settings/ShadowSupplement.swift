/// A supplement the user takes, and the anchors it is due at.
///
/// Its ``name`` is user data that the supplements notification shows (that is the feature); ``id`` is never shown.
public struct ShadowSupplement: Hashable, Sendable, Codable, Identifiable {
    /// The supplement's stable id.
    public var id: String
    /// The name shown in the notification.
    public var name: String
    /// The anchors it is due at (used by the supplements category in anchor mode).
    public var anchors: [ShadowAnchor]
    /// Whether it is reminded of at all; a supplement with `notify` false is never listed.
    public var notify: Bool

    /// Creates a supplement.
    ///
    /// - Parameters:
    ///   - id: The stable id.
    ///   - name: The name shown.
    ///   - anchors: The anchors it is due at.
    ///   - notify: Whether it is reminded of; `true` by default.
    public init(id: String, name: String, anchors: [ShadowAnchor] = [], notify: Bool = true) {
        self.id = id
        self.name = name
        self.anchors = anchors
        self.notify = notify
    }
}
