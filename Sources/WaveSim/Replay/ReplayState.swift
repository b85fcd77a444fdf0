internal import Foundation
internal import WaveNotifications

/// The replay's view of the world: which events are listed, and which wave hits are still to come.
struct ReplayState {
    private(set) var events: [String: ScenarioEvent]
    private var order: [String]
    /// Wave hits sorted by instant (ties by file order); entries go stale when their event changes.
    private var waveHits: [(at: Date, sequence: Int, eventID: String)]
    private var nextHitIndex = 0
    private var sequence = 0

    /// - Parameters:
    ///   - scenario: The scenario.
    ///   - start: When the replay starts (the scenario's start, or the current time with `--start now`).
    init(scenario: Scenario, start: Date) {
        events = Dictionary(scenario.events.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        order = scenario.events.map(\.id)
        // A wave that reached the user before the replay started is history, not a notification to show now.
        waveHits = scenario.events.enumerated().compactMap { index, event in
            event.waveHitAt.flatMap { $0 >= start ? ($0, index, event.id) : nil }
        }
        waveHits.sort { ($0.at, $0.sequence) < ($1.at, $1.sequence) }
        sequence = scenario.events.count
    }

    /// The listed events, in file order.
    var orderedEvents: [any WaveEvent] {
        order.compactMap { events[$0] }
    }

    /// The instant of the next wave hit still due, if any.
    var nextWaveHit: Date? {
        mutating get {
            dropStaleHits()
            return nextHitIndex < waveHits.count ? waveHits[nextHitIndex].at : nil
        }
    }

    /// Takes the next wave hit due at or before `now`.
    mutating func popWaveHit(dueBy now: Date) -> String? {
        dropStaleHits()
        guard nextHitIndex < waveHits.count, waveHits[nextHitIndex].at <= now else { return nil }
        defer { nextHitIndex += 1 }
        return waveHits[nextHitIndex].eventID
    }

    /// Replaces a listed event; a changed wave-hit instant still ahead is queued again.
    mutating func replace(_ event: ScenarioEvent, now: Date) {
        let previous = events[event.id]
        events[event.id] = event
        if let hit = event.waveHitAt, hit != previous?.waveHitAt, hit >= now {
            sequence += 1
            let entry = (at: hit, sequence: sequence, eventID: event.id)
            let position = waveHits[nextHitIndex...].firstIndex { ($0.at, $0.sequence) > (hit, sequence) }
            waveHits.insert(entry, at: position ?? waveHits.endIndex)
        }
    }

    /// Removes an event from the list; its wave hit will not come.
    mutating func remove(_ eventID: String) {
        events[eventID] = nil
        order.removeAll { $0 == eventID }
    }

    /// Skips entries whose event was removed or whose wave-hit instant has changed since they were queued.
    private mutating func dropStaleHits() {
        while nextHitIndex < waveHits.count {
            let entry = waveHits[nextHitIndex]
            if let event = events[entry.eventID], event.waveHitAt == entry.at {
                return
            }
            nextHitIndex += 1
        }
    }
}
