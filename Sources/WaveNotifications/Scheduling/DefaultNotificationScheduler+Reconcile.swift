internal import Foundation

extension DefaultNotificationScheduler {
    /// The WorldWideWaves requests the given events want pending now: what ``syncNotifications(favoriteIDs:currentEvents:)``
    /// would schedule, as requests.
    ///
    /// For each given id, in sorted order, with the same rules as the sync: an invalid id is reported and skipped;
    /// an event that is missing or not eligible (``shouldScheduleNotifications(for:)``, which asks the favorites
    /// store) wants nothing; an eligible one wants each standard reminder whose instant is strictly ahead of one
    /// reading of now, then the finished notification when its end is strictly ahead. Each is mapped with
    /// ``NotificationManagerBridge/request(for:fireAt:content:channel:)`` at its exact instant. When
    /// `currentEvents` holds an id twice, the first occurrence counts.
    ///
    /// - Parameters:
    ///   - favoriteIDs: The ids to consider.
    ///   - currentEvents: The events known now.
    ///   - channel: The channel of every request; WorldWideWaves' by default.
    /// - Returns: The desired requests, event by event in id order, reminders before the finished notification.
    public func desiredRequests(
        favoriteIDs: Set<String>, currentEvents: [any WaveEvent],
        channel: NotificationChannel = NotificationManagerBridge.worldWideWavesChannel
    ) async -> [NotificationRequest] {
        var eventsByID: [String: any WaveEvent] = [:]
        for event in currentEvents where favoriteIDs.contains(event.id) && eventsByID[event.id] == nil {
            eventsByID[event.id] = event
        }
        var requests: [NotificationRequest] = []
        let now = clock.now
        for id in favoriteIDs.sorted() {
            guard isValid(id), let event = eventsByID[id], await shouldScheduleNotifications(for: event) else {
                continue
            }
            for interval in NotificationTrigger.standardStartingIntervals {
                let fireAt = event.startDate.addingTimeInterval(-interval.timeInterval)
                guard fireAt > now else { continue }
                let content = contentProvider.startingNotification(for: event, before: interval)
                requests.append(request(event, trigger: .eventStarting(interval), fireAt: fireAt, content, channel))
            }
            if event.endDate > now {
                let content = contentProvider.finishedNotification(for: event)
                requests.append(request(event, trigger: .eventFinished, fireAt: event.endDate, content, channel))
            }
        }
        return requests
    }

    /// Reconciles the given events' pending WorldWideWaves requests with ``desiredRequests(favoriteIDs:currentEvents:channel:)``,
    /// beside the cancel-all-then-schedule ``syncNotifications(favoriteIDs:currentEvents:)``.
    ///
    /// Only pending requests in the threads `event_<id>` of the given valid ids are considered: other events' and
    /// other apps' requests are left alone. Pending ones not desired are removed (`reschedule`); desired ones that
    /// are missing or differ are added in one call. A second run with nothing changed makes no platform call.
    ///
    /// - Parameters:
    ///   - favoriteIDs: The ids to reconcile.
    ///   - currentEvents: The events known now.
    ///   - center: The platform conformer.
    ///   - channel: The channel of every request; WorldWideWaves' by default.
    /// - Returns: Every change call made, in order.
    /// - Throws: ``ReconcileError`` when listing the pending requests or a call fails.
    @discardableResult
    public func reconcileNotifications(
        favoriteIDs: Set<String>, currentEvents: [any WaveEvent], center: any NotificationRequestCenter,
        channel: NotificationChannel = NotificationManagerBridge.worldWideWavesChannel
    ) async throws(ReconcileError) -> [ReconcileCall] {
        guard !favoriteIDs.isEmpty else { return [] }
        let desired = await desiredRequests(favoriteIDs: favoriteIDs, currentEvents: currentEvents, channel: channel)
        let threads = Set(favoriteIDs.filter { (try? EventID.validate($0)) != nil }.map { "event_\($0)" })
        let pending: [NotificationRequest]
        do {
            pending = try await center.pendingRequests().filter { threads.contains($0.threadID) }
        } catch {
            throw ReconcileError(callsMade: [], failedCall: nil, underlying: error)
        }
        return try await NotificationReconciler(center: center).apply(ReconcilePlan(desired: desired, pending: pending))
    }

    private func request(
        _ event: any WaveEvent, trigger: NotificationTrigger, fireAt: Date, _ content: NotificationContent,
        _ channel: NotificationChannel
    ) -> NotificationRequest {
        // The id was validated by the caller, so the identifier cannot throw.
        let identifier = try! NotificationIdentifier(eventID: event.id, trigger: trigger)
        return NotificationManagerBridge.request(for: identifier, fireAt: fireAt, content: content, channel: channel)
    }
}
