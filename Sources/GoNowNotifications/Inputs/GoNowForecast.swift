public import Foundation

/// A forecast as GoNow fetched it: when, and hourly scores per mode with heat gates and reason chips.
///
/// A new forecast replaces the previous one. Hours are instants, so a local hour repeated on a fall-back day is
/// unambiguous; two hours are consecutive when they start exactly one hour apart in absolute time.
public struct GoNowForecast: Hashable, Sendable {
    /// When the data was fetched: its age decides staleness (more than 3 h and 6 h).
    public var fetchedAt: Date
    /// The forecast hours, in any order.
    public var hours: [GoNowForecastHour]
    /// The scoring engine's version, reported in analytics (`scoring_version`).
    public var scoringVersion: String

    /// Creates a forecast.
    ///
    /// - Parameters:
    ///   - fetchedAt: When the data was fetched.
    ///   - hours: The forecast hours.
    ///   - scoringVersion: The scoring engine's version (default `v1`).
    public init(fetchedAt: Date, hours: [GoNowForecastHour], scoringVersion: String = "v1") {
        self.fetchedAt = fetchedAt
        self.hours = hours
        self.scoringVersion = scoringVersion
    }
}
