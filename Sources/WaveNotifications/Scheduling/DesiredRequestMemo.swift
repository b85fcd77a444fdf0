internal import Foundation

/// The event requests last built for each event, so a reconcile with an unchanged event reuses them
/// instead of building six requests again.
///
/// An entry holds every request the event can want (each standard reminder and the finished notification, at their
/// exact instants), whatever the time; a reconcile keeps those still ahead. It is reused only while the event's
/// ``WaveEvent`` properties and the channel are equal to those it was built from, and it is used only with a content
/// provider that is pure and reads nothing but those properties
/// (``NotificationContentProvider/readsOnlyWaveEventProperties``), so the reused requests equal freshly built ones.
/// Reused requests are the same values the platform was given, so comparing them with what it lists is an identity
/// check. Every entry is built on one channel: asking with another forgets them all. A reconcile looks up all its
/// events at once, under one lock and with one channel comparison; when they are the events of the previous call,
/// in the same order (the usual case), each is compared with the entry at its position, without hashing its id.
final class DesiredRequestMemo: Sendable {
    /// An event's remembered requests. A class, so looking one up costs one reference count rather than a copy of
    /// every string it holds.
    final class Entry: Sendable {
        /// The event they were built for.
        let event: WaveEventRecord
        /// Every request the event can want, whatever the time.
        let requests: [NotificationRequest]
        /// The soonest instant of `requests`, so checking that all are still ahead reads no request.
        let earliestFireAt: Date?

        init(event: WaveEventRecord, requests: [NotificationRequest]) {
            self.event = event
            self.requests = requests
            earliestFireAt = requests.lazy.map(\.fireAt).min()
        }
    }

    private struct State {
        /// The channel of every entry.
        var channel: NotificationChannel?
        var entries: [String: Entry] = [:]
        /// The entries of the previous call, in its order.
        var previousCall: [Entry] = []
    }

    private let state = WaveLock(State())

    /// Every request each event can want on `channel`: the remembered ones for an event that is unchanged, otherwise
    /// `build`'s, remembered.
    ///
    /// - Parameters:
    ///   - events: The events, with distinct ids.
    ///   - channel: The channel of their requests.
    ///   - build: Builds every request of an event, soonest first; called in the order of `events`.
    /// - Returns: The entry of each event, at its position.
    func requests(
        for events: [any WaveEvent], channel: NotificationChannel, build: (any WaveEvent) -> [NotificationRequest]
    ) -> [Entry] {
        var found: [Entry?] = []
        let previousCall: [Entry]? = state.withLock { state in
            if state.channel != channel {
                state = State(channel: channel)
            }
            if state.previousCall.count == events.count,
                events.indices.allSatisfy({ state.previousCall[$0].event.isSame(as: events[$0]) })
            {
                return state.previousCall
            }
            found = events.map { event in
                guard let entry = state.entries[event.id], entry.event.isSame(as: event) else { return nil }
                return entry
            }
            return nil
        }
        if let previousCall {
            return previousCall
        }
        // Built outside the lock: the provider's code never runs while it is held.
        var built: [(id: String, entry: Entry)] = []
        for (position, event) in events.enumerated() where found[position] == nil {
            let entry = Entry(event: WaveEventRecord(event), requests: build(event))
            found[position] = entry
            built.append((event.id, entry))
        }
        let entries = found.map { $0! }
        state.withLock { state in
            // Another caller switched channels meanwhile: these entries are not of its channel.
            guard state.channel == channel else { return }
            for (id, entry) in built {
                state.entries[id] = entry
            }
            state.previousCall = entries
        }
        return entries
    }

    /// Forgets the events `isKept` rejects once there are more than `limit`, so events no longer asked about do not
    /// accumulate.
    ///
    /// - Parameters:
    ///   - limit: How many events may be remembered before the others are forgotten.
    ///   - isKept: Whether an event id is still asked about.
    func forgetOthers(beyond limit: Int, keeping isKept: (String) -> Bool) {
        state.withLock { state in
            guard state.entries.count > limit else { return }
            state.entries = state.entries.filter { isKept($0.key) }
        }
    }
}

extension WaveEventRecord {
    /// Whether every ``WaveEvent`` property of `event` equals this record's.
    fileprivate func isSame(as event: some WaveEvent) -> Bool {
        startDate == event.startDate && endDate == event.endDate && id == event.id && name == event.name
            && location == event.location && timeZone == event.timeZone
    }
}
