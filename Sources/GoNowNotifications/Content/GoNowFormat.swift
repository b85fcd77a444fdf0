internal import Foundation
internal import WaveNotifications

/// Text forms of instants used in GoNow's identifiers, links, metadata and analytics.
enum GoNowFormat {
    private static let utc = TimeZone(secondsFromGMT: 0)!

    /// `YYYY-MM-DDTHH:MMZ`, the instant in UTC.
    static func utcStamp(_ instant: Date) -> String {
        "\(utc.localDateTime(for: instant))Z"
    }

    /// `YYYY-MM-DDTHH:MM`, the instant's local date and time.
    static func localStamp(_ instant: Date, in zone: TimeZone) -> String {
        zone.localDateTime(for: instant).description
    }

    /// `YYYY-MM-DDTHH:MM+03:00`, local with the zone's offset at that instant.
    static func offsetStamp(_ instant: Date, in zone: TimeZone) -> String {
        localStamp(instant, in: zone) + TimeZone.offsetText(seconds: zone.secondsFromGMT(for: instant))
    }

    /// `HH:MM`, the instant's local time of day.
    static func clock(_ instant: Date, in zone: TimeZone) -> String {
        zone.localDateTime(for: instant).time.description
    }
}
