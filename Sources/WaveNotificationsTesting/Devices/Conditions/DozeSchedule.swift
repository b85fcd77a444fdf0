package import Foundation
internal import WaveNotifications

/// Where an Android phone is in its idle cycle at an instant: awake, in light or deep Doze, or in one of their
/// maintenance windows (`docs/scenario-format.md`, Device conditions).
///
/// An idle stretch runs from an idle window's start, or from the last instant the user woke the phone inside it, to
/// the window's end. Light Doze begins 1 minute into it: idle periods of 5, 10, 15, 15 … minutes, each followed by a
/// 1-minute maintenance window. Deep Doze begins 64 min 30 s into it: idle periods of 60, 120, 240, 360, 360 …
/// minutes, each followed by a maintenance window of 5 minutes (the first) or 10 (the others). Both end with the
/// stretch. A window that charges has no Doze.
///
/// Later wakes are not known in advance: a release instant assumes none, and is asked again after each wake.
package struct DozeSchedule: Hashable, Sendable {
    /// Where the phone is at an instant.
    package enum Phase: Hashable, Sendable {
        /// Screen on, charging, outside every idle window, or in the stretch's first minute.
        case awake
        /// A light Doze idle period until `release`: its maintenance window, the start of deep Doze, or the
        /// stretch's end, whichever comes first.
        case lightIdle(release: Date)
        /// A deep Doze idle period: what Doze holds waits until `release`.
        case deepIdle(release: Date)
        /// A maintenance window (light or deep): outside Doze for every rule.
        case maintenance
    }

    /// The idle windows.
    package var idle: [DeviceConditions.IdleWindow] {
        didSet { occurrences = DozeOccurrences(windows: idle.map(\.window), timeZone: timeZone) }
    }
    /// The zone the windows are read in.
    package var timeZone: TimeZone {
        didSet { occurrences = DozeOccurrences(windows: idle.map(\.window), timeZone: timeZone) }
    }
    /// The last instant the user woke the phone (a launch, an action of theirs, the start).
    package var lastWake: Date?
    /// The windows' occurrences by local day, found once (not part of the value: it follows from `idle` and
    /// `timeZone`).
    private var occurrences: DozeOccurrences

    /// Light Doze's idle periods in seconds; the last repeats.
    private static let lightPeriods: [Double] = [300, 600, 900]
    /// Deep Doze's idle periods in seconds; the last repeats.
    private static let deepPeriods: [Double] = [3_600, 7_200, 14_400, 21_600]
    /// Light Doze begins this long into a stretch.
    private static let lightStart: Double = 60
    /// Deep Doze begins this long into a stretch: 30 min inactive, 30 idle pending, 4 sensing, 30 s locating.
    private static let deepStart: Double = 3_870

    /// Creates a schedule.
    ///
    /// - Parameters:
    ///   - idle: The idle windows.
    ///   - timeZone: The zone they are read in.
    ///   - lastWake: The last instant the user woke the phone, if any.
    package init(idle: [DeviceConditions.IdleWindow], timeZone: TimeZone, lastWake: Date? = nil) {
        self.idle = idle
        self.timeZone = timeZone
        self.lastWake = lastWake
        occurrences = DozeOccurrences(windows: idle.map(\.window), timeZone: timeZone)
    }

    /// Whether two schedules have the same windows, zone and last wake (the occurrences found so far do not count).
    ///
    /// - Parameters:
    ///   - lhs: A schedule.
    ///   - rhs: Another.
    /// - Returns: `true` when they are the same schedule.
    package static func == (lhs: DozeSchedule, rhs: DozeSchedule) -> Bool {
        lhs.idle == rhs.idle && lhs.timeZone == rhs.timeZone && lhs.lastWake == rhs.lastWake
    }

    /// Hashes the windows, zone and last wake, the parts ``==(_:_:)`` compares.
    ///
    /// - Parameter hasher: The hasher.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(idle)
        hasher.combine(timeZone)
        hasher.combine(lastWake)
    }

    /// An idle stretch: from its start to its end, on battery or charging.
    package struct Stretch: Hashable, Sendable {
        /// When it began: its window's start, or the last wake inside it.
        package var start: Date
        /// When it ends (its window's end).
        package var end: Date
        /// Whether the phone charges meanwhile.
        package var isCharging: Bool
    }

    /// The idle stretch an instant lies in, if any; charging wins over battery where windows overlap.
    ///
    /// - Parameter instant: The instant.
    /// - Returns: The stretch, or `nil` outside every idle window.
    package func stretch(containing instant: Date) -> Stretch? {
        var found: Stretch?
        for (index, window) in idle.enumerated() {
            guard let occurrence = occurrences.occurrence(of: index, containing: instant) else { continue }
            if window.isCharging {
                return Stretch(start: occurrence.start, end: occurrence.end, isCharging: true)
            }
            if let current = found {
                found = Stretch(
                    start: min(current.start, occurrence.start), end: max(current.end, occurrence.end),
                    isCharging: false)
            } else {
                found = Stretch(start: occurrence.start, end: occurrence.end, isCharging: false)
            }
        }
        guard var stretch = found else { return nil }
        // A wake inside the window ends the stretch before it and begins a new one.
        if let lastWake, lastWake > stretch.start, lastWake < stretch.end {
            if lastWake <= instant {
                stretch.start = lastWake
            } else {
                stretch.end = lastWake
            }
        }
        return stretch
    }

    /// Whether the phone is on battery at an instant: everywhere but in a charging idle window.
    ///
    /// - Parameter instant: The instant.
    /// - Returns: `true` on battery.
    package func isOnBattery(at instant: Date) -> Bool {
        !(stretch(containing: instant)?.isCharging ?? false)
    }

    /// The phase at an instant.
    ///
    /// - Parameter instant: The instant.
    /// - Returns: Where the phone is in its idle cycle.
    package func phase(at instant: Date) -> Phase {
        guard let stretch = stretch(containing: instant), !stretch.isCharging else { return .awake }
        let offset = instant.timeIntervalSince(stretch.start)
        let end = stretch.end
        func at(_ seconds: Double) -> Date { min(stretch.start.addingTimeInterval(seconds), end) }
        if offset < Self.lightStart { return .awake }
        if offset < Self.deepStart {
            var start = Self.lightStart
            var index = 0
            while true {
                let idleEnd = start + Self.lightPeriods[min(index, Self.lightPeriods.count - 1)]
                if offset < idleEnd {
                    // Light Doze lets go at its next maintenance window, or gives way to deep Doze, which then
                    // holds what light Doze held until its own first maintenance window.
                    return .lightIdle(release: at(min(idleEnd, Self.deepStart)))
                }
                if offset < idleEnd + 60 { return .maintenance }
                start = idleEnd + 60
                index += 1
            }
        }
        var start = Self.deepStart
        var index = 0
        while true {
            let idleEnd = start + Self.deepPeriods[min(index, Self.deepPeriods.count - 1)]
            if offset < idleEnd { return .deepIdle(release: at(idleEnd)) }
            let maintenance: Double = index == 0 ? 300 : 600
            if offset < idleEnd + maintenance { return .maintenance }
            start = idleEnd + maintenance
            index += 1
        }
    }

    /// The occurrence of a daily window that holds an instant: the one starting on the instant's local date or the
    /// day before.
    ///
    /// - Parameters:
    ///   - window: The window; an empty one holds nothing.
    ///   - instant: The instant.
    ///   - timeZone: The zone.
    /// - Returns: Its start and end, or `nil`.
    static func occurrence(
        of window: LocalTimeWindow, containing instant: Date, in timeZone: TimeZone
    ) -> (start: Date, end: Date)? {
        guard !window.isEmpty else { return nil }
        let date = timeZone.localDate(for: instant)
        let crossesMidnight = window.end <= window.start
        for days in [0, -1] {
            let day = date.adding(days: days)
            let start = timeZone.instant(for: LocalDateTime(date: day, time: window.start))
            let end = timeZone.instant(
                for: LocalDateTime(date: crossesMidnight ? day.adding(days: 1) : day, time: window.end))
            if start <= instant, instant < end { return (start, end) }
        }
        return nil
    }

    /// The end of the run of windows holding an instant: the end of its window, carried on through every other
    /// window that holds that end.
    ///
    /// - Parameters:
    ///   - windows: The windows.
    ///   - instant: The instant.
    ///   - timeZone: The zone.
    /// - Returns: The end, or `nil` when no window holds the instant.
    static func endOfWindows(_ windows: [LocalTimeWindow], containing instant: Date, in timeZone: TimeZone) -> Date? {
        var end: Date?
        var probe = instant
        // Each step moves past one window's end; windows are daily, so a handful of steps covers any overlap.
        for _ in 0..<(2 * windows.count + 2) {
            let ends = windows.compactMap { occurrence(of: $0, containing: probe, in: timeZone)?.end }
            guard let latest = ends.max() else { break }
            end = latest
            probe = latest
        }
        return end
    }
}
