internal import Foundation

extension DefaultNotificationScheduler {
    /// The WorldWideWaves requests the given events want pending now: what ``syncNotifications(favoriteIDs:currentEvents:)``
    /// would schedule, as requests.
    ///
    /// For each given id, in sorted order, with the same rules as the sync: an invalid id is reported and skipped;
    /// an event that is missing or not eligible (as ``shouldScheduleNotifications(for:)`` decides, with its checks in
    /// its order, asking the favorites store per event; the simulation setting is read once per call, so every event
    /// sees the same one) wants nothing; an eligible one wants each standard reminder whose instant is strictly ahead of one
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
        await desiredRequestsByThread(favoriteIDs: favoriteIDs, currentEvents: currentEvents, channel: channel)
            .requests.flatMap { $0 }
    }

    /// The desired requests of each valid id, in sorted id order, with its thread `event_<id>`: what
    /// ``desiredRequests(favoriteIDs:currentEvents:channel:)`` returns, grouped by event, an empty group for an event
    /// that wants nothing.
    ///
    /// When the content provider says its content depends only on ``WaveEvent`` properties
    /// (``NotificationContentProvider/readsOnlyWaveEventProperties``), an event's requests are built once and reused
    /// while those properties and the channel are unchanged (see ``DesiredRequestMemo``); those whose instant is no
    /// longer strictly ahead of now are left out.
    ///
    /// - Returns: The thread of each valid id, in sorted id order, and each thread's desired requests.
    private func desiredRequestsByThread(
        favoriteIDs: Set<String>, currentEvents: [any WaveEvent], channel: NotificationChannel
    ) async -> (threadIDs: [String], requests: [[NotificationRequest]]) {
        var eventsByID: [String: any WaveEvent] = [:]
        eventsByID.reserveCapacity(currentEvents.count)
        // Every event, last to first, so the first occurrence of an id is the one written last.
        for event in currentEvents.reversed() {
            eventsByID[event.id] = event
        }
        let order = favoriteIDOrder.order(of: favoriteIDs)
        var requests = [[NotificationRequest]](repeating: [], count: order.threadIDs.count)
        let now = clock.now
        var simulationAllows: Bool?
        let reusesRequests = contentProvider.readsOnlyWaveEventProperties
        var remembered: [any WaveEvent] = []
        var rememberedPositions: [Int] = []
        var favoriteEventCount = 0
        var position = -1
        for (id, isValidID) in order.ids {
            guard isValidID else {
                // Reported again at every call, in order, as the sync does.
                _ = isValid(id)
                favoriteEventCount += eventsByID[id] == nil ? 0 : 1
                continue
            }
            position += 1
            // shouldScheduleNotifications(for:), its checks in its order, with one reading of now and of the
            // simulation setting (read when first needed) for every event.
            guard let event = eventsByID[id] else { continue }
            favoriteEventCount += 1
            guard await favorites.isFavorite(eventID: id), event.startDate > now else { continue }
            if simulationAllows == nil {
                simulationAllows = await simulation.currentSimulation().map { $0.speed == 1 } ?? true
            }
            guard simulationAllows == true else { continue }
            if reusesRequests {
                // Filled in below, with every such event's remembered requests looked up at once.
                remembered.append(event)
                rememberedPositions.append(position)
            } else {
                let all = everyRequest(of: event, channel: channel)
                requests[position] = all.allSatisfy { $0.fireAt > now } ? all : all.filter { $0.fireAt > now }
            }
        }
        if !remembered.isEmpty {
            let entries = desiredRequestMemo.requests(for: remembered, channel: channel) { event in
                everyRequest(of: event, channel: channel)
            }
            for (position, entry) in zip(rememberedPositions, entries) {
                // Usually every instant is still ahead: the remembered list itself, no copy.
                let allAhead = entry.earliestFireAt.map { $0 > now } ?? true
                requests[position] = allAhead ? entry.requests : entry.requests.filter { $0.fireAt > now }
            }
        }
        desiredRequestMemo.forgetOthers(beyond: 2 * favoriteEventCount + 64) {
            favoriteIDs.contains($0) && eventsByID[$0] != nil
        }
        return (order.threadIDs, requests)
    }

    /// Every request `event` can want, whatever the time: each standard reminder, then the finished notification.
    private func everyRequest(of event: any WaveEvent, channel: NotificationChannel) -> [NotificationRequest] {
        let intervals = NotificationTrigger.standardStartingIntervals
        // One provider call, so what the payloads share (the deep link) is built once per event.
        let contents = contentProvider.scheduledNotifications(for: event, before: intervals, includesFinished: true)
        var requests: [NotificationRequest] = []
        requests.reserveCapacity(intervals.count + 1)
        for (interval, content) in zip(intervals, contents.starting) {
            let fireAt = event.startDate.addingTimeInterval(-interval.timeInterval)
            requests.append(request(event, trigger: .eventStarting(interval), fireAt: fireAt, content, channel))
        }
        if let finished = contents.finished {
            requests.append(request(event, trigger: .eventFinished, fireAt: event.endDate, finished, channel))
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
    /// It first reads the pending requests of these threads (``NotificationRequestCenter/pendingRequests(threadIDs:)``)
    /// and stops there when each thread holds exactly its desired requests, in order; only when something differs does
    /// it list every pending request and plan. With a provider whose content depends only on ``WaveEvent`` properties
    /// (the default one), requests of an unchanged event are built once and reused, so such a run costs a lookup per
    /// event rather than six request builds and field-by-field comparisons.
    ///
    /// When the center is an object (a class or an actor) that keeps change counts
    /// (``NotificationRequestCenter/changeCount()``, ``NotificationRequestCenter/changeCounts(threadIDs:)``), the
    /// scheduler remembers the counts from when it last found the threads holding exactly their desired requests
    /// (after its own calls too: it reads the threads it changed once more), and reads only the threads whose count
    /// or desired requests changed since: with nothing changed, none, and not even the threads' counts when the
    /// center's own is unchanged. A change made behind
    /// the scheduler's back (a request removed or added directly, one that fired) moves the thread's count, so the
    /// thread is read and repaired as before.
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
        let (threadIDs, desired) = await desiredRequestsByThread(
            favoriteIDs: favoriteIDs, currentEvents: currentEvents, channel: channel)
        do {
            // Nothing changed (the usual case): every thread holds exactly its desired requests, in order.
            if try await threadsHoldDesiredRequests(
                desired, threadIDs: threadIDs, center: center, readsWithoutCounts: true)
            {
                return []
            }
        } catch {
            throw ReconcileError(callsMade: [], failedCall: nil, underlying: error)
        }
        // Something differs: plan over every request of these threads, in the platform's order.
        let threads = Set(threadIDs)
        let pending: [NotificationRequest]
        do {
            pending = try await center.pendingRequests().filter { threads.contains($0.threadID) }
        } catch {
            throw ReconcileError(callsMade: [], failedCall: nil, underlying: error)
        }
        let plan = ReconcilePlan(desired: desired.flatMap { $0 }, pending: pending)
        let calls = try await NotificationReconciler(center: center).apply(plan)
        if !calls.isEmpty {
            // Remember the changed threads as they are now, so the next reconcile with nothing changed reads none of
            // them. Only a center with change counts is read again; a failure only costs the next reconcile a read.
            _ = try? await threadsHoldDesiredRequests(
                desired, threadIDs: threadIDs, center: center, readsWithoutCounts: false)
        }
        return calls
    }

    /// Whether every thread holds exactly its desired requests, in order, reading only the threads that may have
    /// changed.
    ///
    /// With a center object that keeps change counts, the center's count is read first: unchanged since every
    /// thread was found holding its desired requests, with the same desired requests, nothing is read. Otherwise
    /// the threads' counts are read, and a thread whose count and desired requests equal those
    /// ``ReconciledThreadMemo`` remembers is not read. Each thread read is remembered when it holds exactly its
    /// desired requests. A center without counts has every thread read and compared, when `readsWithoutCounts`.
    ///
    /// - Parameters:
    ///   - desired: Each thread's desired requests.
    ///   - threadIDs: The thread ids, in the order of `desired`.
    ///   - center: The platform conformer.
    ///   - readsWithoutCounts: Whether to read and compare every thread when the center keeps no counts; when
    ///     `false`, such a center is not read and the answer is `false`.
    /// - Returns: Whether every thread holds exactly its desired requests.
    /// - Throws: Whatever reading the counts or the pending requests throws.
    private func threadsHoldDesiredRequests(
        _ desired: [[NotificationRequest]], threadIDs: [String], center: any NotificationRequestCenter,
        readsWithoutCounts: Bool
    ) async throws -> Bool {
        let memo = reconciledThreadMemo
        var centerChangeCount: UInt64?
        var changeCounts: [UInt64]?
        let object = ReconciledThreadMemo.object(of: center)
        if let object {
            // The center's count before the threads' counts, and those before the threads' requests.
            centerChangeCount = try await center.changeCount()
            if let centerChangeCount,
                memo.isUnchanged(desired, threadIDs: threadIDs, centerChangeCount: centerChangeCount, center: object)
            {
                return true
            }
            changeCounts = try await center.changeCounts(threadIDs: threadIDs)
            if changeCounts?.count != desired.count {
                changeCounts = nil
            }
        }
        guard let object, centerChangeCount != nil || changeCounts != nil else {
            guard readsWithoutCounts else { return false }
            let pendingByThread = try await center.pendingRequests(threadIDs: threadIDs)
            return pendingByThread.count == desired.count && zip(desired, pendingByThread).allSatisfy(==)
        }
        let (positions, generation) = memo.positionsToRead(
            desired, threadIDs: threadIDs, changeCounts: changeCounts, center: object)
        var pendingByThread: [[NotificationRequest]] = []
        if !positions.isEmpty {
            pendingByThread = try await center.pendingRequests(threadIDs: positions.map { threadIDs[$0] })
            guard pendingByThread.count == positions.count else { return false }
        }
        return memo.record(
            pending: pendingByThread, at: positions, of: desired, threadIDs: threadIDs, changeCounts: changeCounts,
            centerChangeCount: centerChangeCount, generation: generation, center: object)
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
