internal import Foundation

/// The events WorldWideWaves lists, in the order the app got them, and the wave hits still to come.
struct WaveEventList: Sendable {
    /// The listed events by id.
    private(set) var events: [String: WaveEventRecord]
    /// When each listed event's wave reaches the user, if it does.
    private(set) var waveHits: [String: Date]
    private var order: [String]
    /// Wave hits sorted by instant (ties by list order); entries go stale when their event changes or leaves.
    private var queuedHits: [(at: Date, sequence: Int, eventID: String)]
    private var nextHitIndex = 0
    private var sequence = 0

    /// Lists events.
    ///
    /// - Parameters:
    ///   - events: The events, in the app's order; a repeated id keeps its first event.
    ///   - waveHits: When each event's wave reaches the user.
    ///   - start: Wave hits before this instant are history, not notifications to show.
    init(events: [WaveEventRecord], waveHits: [String: Date], start: Date) {
        let listed = Dictionary(events.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.events = listed
        self.waveHits = waveHits.filter { listed[$0.key] != nil }
        order = events.map(\.id)
        var seen = Set<String>()
        queuedHits = events.enumerated().compactMap { index, event in
            guard seen.insert(event.id).inserted else { return nil }
            return waveHits[event.id].flatMap { $0 >= start ? ($0, index, event.id) : nil }
        }
        queuedHits.sort { ($0.at, $0.sequence) < ($1.at, $1.sequence) }
        sequence = events.count
    }

    /// The listed events, in list order.
    var orderedEvents: [any WaveEvent] {
        order.compactMap { events[$0] }
    }

    /// How many events are listed.
    var count: Int { order.count }

    /// The instant of the next wave hit still due, if any.
    var nextWaveHit: Date? {
        mutating get {
            dropStaleHits()
            return nextHitIndex < queuedHits.count ? queuedHits[nextHitIndex].at : nil
        }
    }

    /// The next wave hit due strictly after an instant, without taking anything.
    ///
    /// - Parameter instant: The instant.
    /// - Returns: The hit's instant.
    func nextWaveHit(after instant: Date) -> Date? {
        queuedHits[nextHitIndex...].first { entry in
            entry.at > instant && events[entry.eventID] != nil && waveHits[entry.eventID] == entry.at
        }?.at
    }

    /// Takes the next wave hit due at or before `now`.
    ///
    /// - Parameter now: The instant.
    /// - Returns: The event whose wave reaches the user.
    mutating func popWaveHit(dueBy now: Date) -> WaveEventRecord? {
        dropStaleHits()
        guard nextHitIndex < queuedHits.count, queuedHits[nextHitIndex].at <= now else { return nil }
        defer { nextHitIndex += 1 }
        return events[queuedHits[nextHitIndex].eventID]
    }

    /// Replaces a listed event; a changed wave-hit instant still ahead is queued again.
    ///
    /// - Parameters:
    ///   - event: The event's new record.
    ///   - waveHitAt: Its new wave-hit instant; `nil` keeps the one it has.
    ///   - now: The current instant.
    mutating func replace(_ event: WaveEventRecord, waveHitAt: Date?, now: Date) {
        let previous = waveHits[event.id]
        events[event.id] = event
        guard let hit = waveHitAt else { return }
        waveHits[event.id] = hit
        if hit != previous, hit >= now {
            sequence += 1
            let entry = (at: hit, sequence: sequence, eventID: event.id)
            let position = queuedHits[nextHitIndex...].firstIndex { ($0.at, $0.sequence) > (hit, sequence) }
            queuedHits.insert(entry, at: position ?? queuedHits.endIndex)
        }
    }

    /// Removes an event from the list; its wave hit will not come.
    ///
    /// - Parameter eventID: The event's id.
    mutating func remove(_ eventID: String) {
        events[eventID] = nil
        waveHits[eventID] = nil
        order.removeAll { $0 == eventID }
    }

    /// Skips entries whose event was removed or whose wave-hit instant has changed since they were queued.
    private mutating func dropStaleHits() {
        while nextHitIndex < queuedHits.count {
            let entry = queuedHits[nextHitIndex]
            if events[entry.eventID] != nil, waveHits[entry.eventID] == entry.at {
                return
            }
            nextHitIndex += 1
        }
    }
}
