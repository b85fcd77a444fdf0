public import Foundation
public import WaveNotifications

/// A notification GoNow would like to schedule, before the policies decide: what, for which window, and when.
public struct GoNowCandidate: Hashable, Sendable {
    /// The mode.
    public var mode: GoNowMode
    /// Best, backup, tomorrow or heat.
    public var kind: GoNowCandidateKind
    /// The date in its identifier: the window's date, or for heat the date without a run window.
    public var date: LocalDate
    /// The window it announces; `nil` for heat.
    public var window: GoNowWindow?
    /// The fire instant, after the 06:30 quiet-hours move.
    public var fireAt: Date
    /// Whether it is a 06:30 slot (moved to the quiet end inside quiet hours) rather than the 12:00 backup.
    public var isMorningSlot: Bool

    /// Creates a candidate.
    ///
    /// - Parameters:
    ///   - mode: The mode.
    ///   - kind: Best, backup, tomorrow or heat.
    ///   - date: The date in its identifier.
    ///   - window: The window it announces (`nil` for heat).
    ///   - fireAt: The fire instant.
    ///   - isMorningSlot: Whether it is a 06:30 slot.
    public init(
        mode: GoNowMode, kind: GoNowCandidateKind, date: LocalDate, window: GoNowWindow?, fireAt: Date,
        isMorningSlot: Bool
    ) {
        self.mode = mode
        self.kind = kind
        self.date = date
        self.window = window
        self.fireAt = fireAt
        self.isMorningSlot = isMorningSlot
    }

    /// `<mode>_<YYYY-MM-DD>_<best|backup|tomorrow|heat>`.
    public var identifier: String { "\(mode.rawValue)_\(date)_\(kind.rawValue)" }

    /// The no-re-notify key: mode and window start (`swim_solo@2026-06-01T04:00Z`); heat: mode, date and `heat`.
    public var dedupeKey: String {
        guard let window else { return "\(mode.rawValue)@\(date)_heat" }
        return "\(mode.rawValue)@\(GoNowFormat.utcStamp(window.start))"
    }

    /// The no-re-notify cap key: the mode.
    public var capKey: String { mode.rawValue }

    /// The daily-cap rank (see ``GoNowCandidateKind/rank``).
    public var rank: Int { kind.rank }
}
