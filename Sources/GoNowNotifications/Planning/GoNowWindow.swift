public import Foundation
public import WaveNotifications

/// A window of one mode on one local date: a maximal run of consecutive hours scoring ≥ 70, none heat-gated.
public struct GoNowWindow: Hashable, Sendable {
    /// The mode.
    public var mode: GoNowMode
    /// The local date of its hours.
    public var date: LocalDate
    /// The start of its first hour.
    public var start: Date
    /// One hour after the start of its last hour.
    public var end: Date
    /// The scores of its hours, in order.
    public var scores: [Int]
    /// The reason of its highest-scoring hour (earliest on ties), if that hour has one.
    public var topReason: String?

    /// Creates a window.
    ///
    /// - Parameters:
    ///   - mode: The mode.
    ///   - date: The local date of its hours.
    ///   - start: The start of its first hour.
    ///   - end: One hour after the start of its last hour.
    ///   - scores: The scores of its hours, at least one.
    ///   - topReason: The reason of its highest-scoring hour.
    public init(mode: GoNowMode, date: LocalDate, start: Date, end: Date, scores: [Int], topReason: String?) {
        self.mode = mode
        self.date = date
        self.start = start
        self.end = end
        self.scores = scores
        self.topReason = topReason
    }

    /// The mean score of its hours.
    public var average: Double { Double(scores.reduce(0, +)) / Double(max(scores.count, 1)) }

    /// Whether it ranks before `other`: higher average first, then earlier start (exact, without rounding).
    ///
    /// - Parameter other: Another window of the same mode and date.
    /// - Returns: `true` when this one comes first.
    public func ranksBefore(_ other: GoNowWindow) -> Bool {
        let lhs = scores.reduce(0, +) * other.scores.count
        let rhs = other.scores.reduce(0, +) * scores.count
        return lhs != rhs ? lhs > rhs : start < other.start
    }
}
