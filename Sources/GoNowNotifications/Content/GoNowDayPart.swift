public import Foundation
internal import WaveNotifications

/// The part of the day a tomorrow heads-up names: morning before 12:00, afternoon 12:00–16:59, evening from 17:00.
public enum GoNowDayPart: String, Hashable, Sendable, CaseIterable {
    /// Before 12:00.
    case morning
    /// 12:00–16:59.
    case afternoon
    /// From 17:00.
    case evening

    /// The part of the day of a window start, in local time.
    ///
    /// - Parameters:
    ///   - start: The window's start.
    ///   - zone: The device's zone.
    /// - Returns: Morning, afternoon or evening by the local hour.
    public init(start: Date, in zone: TimeZone) {
        let hour = zone.localSecondOfDay(for: start) / 3600
        self = hour < 12 ? .morning : hour < 17 ? .afternoon : .evening
    }
}
