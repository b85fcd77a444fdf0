/// Everything the user set for Shadow's check-in reminders: anchor times, per-category settings, supplements.
///
/// Absent anchors take their default time, enabled; absent categories are off.
public struct ShadowSettings: Hashable, Sendable {
    /// The anchors the user set; an absent one is at its ``ShadowAnchor/defaultTime``, enabled.
    public var anchors: [ShadowAnchor: ShadowAnchorSetting]
    /// The categories the user set; an absent one is off.
    public var categories: [ShadowCategory: ShadowCategorySettings]
    /// The supplements, in the user's (file) order: the order their names are listed in.
    public var supplements: [ShadowSupplement]

    /// Creates settings.
    ///
    /// - Parameters:
    ///   - anchors: The anchors set; absent ones are at their default time, enabled.
    ///   - categories: The categories set; absent ones are off.
    ///   - supplements: The supplements, in order.
    public init(
        anchors: [ShadowAnchor: ShadowAnchorSetting] = [:],
        categories: [ShadowCategory: ShadowCategorySettings] = [:], supplements: [ShadowSupplement] = []
    ) {
        self.anchors = anchors
        self.categories = categories
        self.supplements = supplements
    }

    /// The effective setting of an anchor.
    ///
    /// - Parameter anchor: The anchor.
    /// - Returns: The one set, or the default time, enabled.
    public func setting(for anchor: ShadowAnchor) -> ShadowAnchorSetting {
        anchors[anchor] ?? ShadowAnchorSetting(time: anchor.defaultTime)
    }

    /// The effective settings of a category.
    ///
    /// - Parameter category: The category.
    /// - Returns: The ones set, or ``ShadowCategorySettings/disabled``.
    public func settings(for category: ShadowCategory) -> ShadowCategorySettings {
        categories[category] ?? .disabled
    }
}
