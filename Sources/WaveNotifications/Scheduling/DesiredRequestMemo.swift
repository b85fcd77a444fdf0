internal import Foundation
internal import Synchronization

/// The WorldWideWaves requests last built for each event, so a reconcile with an unchanged event reuses them
/// instead of building six requests again.
///
/// An entry holds every request the event can want (each standard reminder and the finished notification, at their
/// exact instants), whatever the time; a reconcile keeps those still ahead. It is reused only while the event's
/// ``WaveEvent`` properties and the channel are equal to those it was built from: the content provider is pure
/// (same event and interval, same content), so the reused requests equal freshly built ones. Reused requests are the
/// same values the platform was given, so comparing them with what it lists is an identity check.
final class DesiredRequestMemo: Sendable {
    private struct Entry {
        var event: WaveEventRecord
        var channel: NotificationChannel
        var requests: [NotificationRequest]
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
        let record = WaveEventRecord(event)
        if let entry = entries.withLock({ $0[event.id] }), entry.event == record, entry.channel == channel {
            return entry.requests
        }
        let requests = build()
        entries.withLock { $0[event.id] = Entry(event: record, channel: channel, requests: requests) }
        return requests
    }

    /// Forgets events other than `eventIDs` once they outnumber them, so events no longer asked about do not
    /// accumulate.
    ///
    /// - Parameter eventIDs: The events of the latest reconcile.
    func forgetOthers(keeping eventIDs: Set<String>) {
        entries.withLock { entries in
            guard entries.count > 2 * eventIDs.count + 64 else { return }
            entries = entries.filter { eventIDs.contains($0.key) }
        }
    }
}
