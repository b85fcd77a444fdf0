internal import Foundation
internal import Synchronization

/// The WorldWideWaves requests last built for each event, so a reconcile with an unchanged event reuses them
/// instead of building six requests again.
///
/// An entry holds every request the event can want (each standard reminder and the finished notification, at their
/// exact instants), whatever the time; a reconcile keeps those still ahead. It is reused only while the event's
/// ``WaveEvent`` properties and the channel are equal to those it was built from, and it is used only with a content
/// provider that is pure and reads nothing but those properties
/// (``NotificationContentProvider/readsOnlyWaveEventProperties``), so the reused requests equal freshly built ones. Reused requests are the
/// same values the platform was given, so comparing them with what it lists is an identity check.
final class DesiredRequestMemo: Sendable {
    /// A class, so looking one up costs one reference count rather than a copy of every string it holds.
    private final class Entry: Sendable {
        let event: WaveEventRecord
        let channel: NotificationChannel
        let requests: [NotificationRequest]

        init(event: WaveEventRecord, channel: NotificationChannel, requests: [NotificationRequest]) {
            self.event = event
            self.channel = channel
            self.requests = requests
        }
    }

    private let entries = Mutex<[String: Entry]>([:])

    /// Every request `event` can want on `channel`: the remembered ones when the event and channel are unchanged,
    /// otherwise `build()`'s, remembered.
    ///
    /// - Parameters:
    ///   - event: The event.
    ///   - channel: The channel of its requests.
    ///   - build: Builds every request of the event, soonest first.
    /// - Returns: The requests.
    func requests(
        for event: some WaveEvent, channel: NotificationChannel, build: () -> [NotificationRequest]
    ) -> [NotificationRequest] {
        if let entry = entries.withLock({ $0[event.id] }), entry.channel == channel, entry.event.isSame(as: event) {
            return entry.requests
        }
        let requests = build()
        let entry = Entry(event: WaveEventRecord(event), channel: channel, requests: requests)
        entries.withLock { $0[event.id] = entry }
        return requests
    }

    /// Forgets the events `isKept` rejects once there are more than `limit`, so events no longer asked about do not
    /// accumulate.
    ///
    /// - Parameters:
    ///   - limit: How many events may be remembered before the others are forgotten.
    ///   - isKept: Whether an event id is still asked about.
    func forgetOthers(beyond limit: Int, keeping isKept: (String) -> Bool) {
        entries.withLock { entries in
            guard entries.count > limit else { return }
            entries = entries.filter { isKept($0.key) }
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
