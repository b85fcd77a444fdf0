public import Foundation

/// One forecast hour: its start instant (on the hour), a 0–100 score per mode, heat-gated modes and reasons.
public struct GoNowForecastHour: Hashable, Sendable {
    /// The instant the hour starts.
    public var start: Date
    /// The score per mode, 0–100; a mode without a score does not qualify in this hour.
    public var scores: [GoNowMode: Int]
    /// Modes hard-gated by heat in this hour: never part of a window.
    public var heatGated: Set<GoNowMode>
    /// The top positive reason chip per mode (for example "Waves calm").
    public var reasons: [GoNowMode: String]

    /// Creates an hour.
    ///
    /// - Parameters:
    ///   - start: The instant the hour starts.
    ///   - scores: The score per mode.
    ///   - heatGated: Modes gated by heat.
    ///   - reasons: The reason chip per mode.
    public init(
        start: Date, scores: [GoNowMode: Int], heatGated: Set<GoNowMode> = [], reasons: [GoNowMode: String] = [:]
    ) {
        self.start = start
        self.scores = scores
        self.heatGated = heatGated
        self.reasons = reasons
    }
}
