public import Foundation
public import WaveNotifications

/// One check-in occurrence a category wants: its slot, its fire instant and what its text needs.
public struct ShadowCheckIn: Hashable, Sendable {
    /// The category.
    public var category: ShadowCategory
    /// The local date and the local time the schedule asked for (before any DST gap shift).
    public var slot: LocalDateTime
    /// When it fires.
    public var fireAt: Date
    /// The anchor it fires at in anchor mode (the first in the day's order when several share its time); else `nil`.
    public var anchor: ShadowAnchor?
    /// The supplements listed (supplements category only), in the user's order; empty for other categories.
    public var supplementNames: [String]
    /// Minutes a shown check-in stays unless answered.
    public var expiresAfterMinutes: Int

    /// Creates a check-in.
    ///
    /// - Parameters:
    ///   - category: The category.
    ///   - slot: The local slot.
    ///   - fireAt: When it fires.
    ///   - anchor: The anchor in anchor mode.
    ///   - supplementNames: The supplements listed.
    ///   - expiresAfterMinutes: Minutes a shown one stays unless answered.
    public init(
        category: ShadowCategory, slot: LocalDateTime, fireAt: Date, anchor: ShadowAnchor? = nil,
        supplementNames: [String] = [], expiresAfterMinutes: Int = ShadowCategorySettings.defaultExpiresAfterMinutes
    ) {
        self.category = category
        self.slot = slot
        self.fireAt = fireAt
        self.anchor = anchor
        self.supplementNames = supplementNames
        self.expiresAfterMinutes = expiresAfterMinutes
    }

    /// `shadow_<category>_<YYYY-MM-DD>_<HH:MM>`: stable across DST changes because it names the slot.
    public var identifier: String { "shadow_\(category.rawValue)_\(slot.date)_\(slot.time)" }

    /// `shadow://entry/<category>?slot=<YYYY-MM-DDTHH:MM>`: opens the category's quick-entry sheet.
    public var deepLink: String { "shadow://entry/\(category.rawValue)?slot=\(slot)" }

    /// How long after ``fireAt`` a shown, unanswered check-in is withdrawn (`expired`).
    public var expiresAfter: Duration { .seconds(expiresAfterMinutes * 60) }

    /// The category of a well-formed Shadow identifier, `shadow_<category>_<YYYY-MM-DD>_<HH:MM>`.
    ///
    /// - Parameter identifier: A request identifier.
    /// - Returns: The category, or `nil` when the identifier is not of that form or names no category.
    public static func category(ofIdentifier identifier: String) -> ShadowCategory? {
        guard identifier.hasPrefix("shadow_") else { return nil }
        let parts = identifier.dropFirst("shadow_".count).split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count == 3, let category = ShadowCategory(rawValue: String(parts[0])),
            (try? LocalDateTime(parsing: "\(parts[1])T\(parts[2])")) != nil
        else { return nil }
        return category
    }
}
