internal import Foundation

/// The original app's scheduling logic: favorites only, five reminders and a finished notification per
/// event, off during accelerated simulations, and a one-time wave-hit notification.
public struct DefaultNotificationScheduler: NotificationScheduler {
    /// Where requests go.
    public let manager: any NotificationManager
    /// Builds each request's payload.
    public let contentProvider: any NotificationContentProvider
    /// Which events are favorites.
    public let favorites: any FavoriteEventsStore
    /// Whether a simulation runs, and how fast.
    public let simulation: any SimulationSettings
    /// The source of "now".
    public let clock: any WaveClock
    /// Receives every failure the scheduler carried on past.
    public let observer: any SchedulerObserver

    private let waveHitsDelivered = WaveHitLedger()
    /// The requests last built per event, reused by reconciles while the event is unchanged.
    let desiredRequestMemo = DesiredRequestMemo()
    /// The favorite ids reconciles were last given, sorted, with their thread ids.
    let favoriteIDOrder = FavoriteIDOrder()
    /// The change counts with which a reconcile last found each thread holding exactly its desired requests.
    let reconciledThreadMemo = ReconciledThreadMemo()

    /// Creates a scheduler.
    ///
    /// - Parameters:
    ///   - manager: The platform manager that carries out requests.
    ///   - contentProvider: Builds payloads; the original app's by default.
    ///   - favorites: The user's favorites.
    ///   - simulation: The simulation settings; none running by default.
    ///   - clock: The source of "now"; the system clock by default.
    ///   - observer: Receives failures; ignored by default.
    public init(
        manager: any NotificationManager,
        contentProvider: any NotificationContentProvider = DefaultNotificationContentProvider(),
        favorites: any FavoriteEventsStore,
        simulation: any SimulationSettings = SimulationSettingsStore(),
        clock: any WaveClock = SystemWaveClock(),
        observer: any SchedulerObserver = IgnoringSchedulerObserver()
    ) {
        self.manager = manager
        self.contentProvider = contentProvider
        self.favorites = favorites
        self.simulation = simulation
        self.clock = clock
        self.observer = observer
    }

    /// Checks, in order: a valid id, a favorite, not yet started (an event starting exactly now has
    /// started), and no simulation at a speed other than 1 (a paused one, speed 0, included).
    public func shouldScheduleNotifications(for event: some WaveEvent) async -> Bool {
        guard isValid(event.id) else { return false }
        guard await favorites.isFavorite(eventID: event.id) else { return false }
        guard event.startDate > clock.now else { return false }
        if let simulation = await simulation.currentSimulation(), simulation.speed != 1 {
            return false
        }
        return true
    }

    /// Schedules each standard reminder whose instant is still strictly ahead, then the finished
    /// notification if the end is strictly ahead: at most six calls, all measured from one reading of now; one
    /// batch call instead for a ``BatchingNotificationManager``, with the six calls made if the batch throws.
    public func scheduleAllNotifications(for event: some WaveEvent) async {
        guard isValid(event.id) else { return }
        await schedule(schedules(for: event))
    }

    /// The event's reminders whose instant is still strictly ahead, then its finished notification if the end is
    /// strictly ahead, all measured from one reading of now, with their contents from one provider call.
    private func schedules(for event: some WaveEvent) -> [NotificationSchedule] {
        let now = clock.now
        let reminders = NotificationTrigger.standardStartingIntervals.compactMap { interval in
            let fireDate = event.startDate.addingTimeInterval(-interval.timeInterval)
            return fireDate > now ? (interval: interval, fireDate: fireDate) : nil
        }
        let includesFinished = event.endDate > now
        // One provider call for all of them, so what they share (the deep link) is built once per event.
        let contents = contentProvider.scheduledNotifications(
            for: event, before: reminders.map(\.interval), includesFinished: includesFinished)
        var schedules: [NotificationSchedule] = []
        schedules.reserveCapacity(reminders.count + 1)
        for (reminder, content) in zip(reminders, contents.starting) {
            schedules.append(
                NotificationSchedule(
                    eventID: event.id, trigger: .eventStarting(reminder.interval),
                    delay: Self.duration(from: now, to: reminder.fireDate), content: content))
        }
        if includesFinished, let finished = contents.finished {
            schedules.append(
                NotificationSchedule(
                    eventID: event.id, trigger: .eventFinished, delay: Self.duration(from: now, to: event.endDate),
                    content: finished))
        }
        return schedules
    }

    public func cancelAllNotifications(eventID: String) async {
        do {
            try await manager.cancelAllNotifications(eventID: eventID)
        } catch {
            observer.schedulerDidReport(.managerCallFailed(.cancelAll(eventID: eventID), error: error))
        }
    }

    /// For each given id, in sorted order: cancels all of a missing event; cancels all, then schedules all,
    /// for an eligible one (``shouldScheduleNotifications(for:)``, which asks the favorites store); cancels all
    /// of an ineligible one. An invalid id is reported, with no manager call. When `currentEvents` holds an id
    /// twice, the first occurrence counts.
    ///
    /// A ``ReplacingNotificationManager`` gets an eligible event's cancellation and schedules as one
    /// ``NotificationManager/replaceAllNotifications(eventID:with:)`` (its eligibility asked first, since the
    /// cancellation changes nothing it reads); when that throws, the two calls are made and reported as usual.
    public func syncNotifications(favoriteIDs: Set<String>, currentEvents: [any WaveEvent]) async {
        guard !favoriteIDs.isEmpty else { return }
        var eventsByID: [String: any WaveEvent] = [:]
        for event in currentEvents where favoriteIDs.contains(event.id) && eventsByID[event.id] == nil {
            eventsByID[event.id] = event
        }
        for id in favoriteIDs.sorted() {
            // A manager never accepted a request with an invalid id, so there is nothing to cancel: report it
            // instead of sending the manager a call it must reject.
            guard isValid(id) else { continue }
            if manager is any ReplacingNotificationManager {
                await replaceOrCancelAllNotifications(eventID: id, event: eventsByID[id])
                continue
            }
            await cancelAllNotifications(eventID: id)
            // Eligibility asks the favorites store, as the original app does, so an id passed in that the
            // store no longer holds is only cancelled.
            if let event = eventsByID[id], await shouldScheduleNotifications(for: event) {
                await scheduleAllNotifications(for: event)
            }
        }
    }

    /// One event of a sync into a ``ReplacingNotificationManager``: the cancellation and the schedules of an
    /// eligible event with several notifications in one call (the two calls if it throws), else as usual.
    private func replaceOrCancelAllNotifications(eventID: String, event: (any WaveEvent)?) async {
        guard let event, await shouldScheduleNotifications(for: event) else {
            await cancelAllNotifications(eventID: eventID)
            return
        }
        let schedules = schedules(for: event)
        if schedules.count > 1 {
            do {
                try await manager.replaceAllNotifications(eventID: eventID, with: schedules)
                return
            } catch {
                // Refused whole: the two calls find out, and report, what fails.
            }
        }
        await cancelAllNotifications(eventID: eventID)
        await schedule(schedules)
    }

    /// Delivers the wave-hit notification now, once per event, for a favorite only.
    ///
    /// Not gated by simulation speed: the original app's wave-hit path has no speed check. A delivery
    /// that throws is reported and may be retried by calling again.
    ///
    /// - Parameter event: The event whose wave reached the user.
    /// - Returns: What happened.
    @discardableResult
    public func deliverWaveHit(for event: some WaveEvent) async -> WaveHitOutcome {
        guard isValid(event.id) else { return .invalidEventID }
        guard await favorites.isFavorite(eventID: event.id) else { return .notFavorite }
        guard waveHitsDelivered.claim(event.id) else { return .alreadyDelivered }
        do {
            try await manager.deliverNow(
                eventID: event.id, trigger: .waveHit, content: contentProvider.waveHitNotification(for: event))
            return .delivered
        } catch let notShown as NotificationNotShown {
            // The platform took it and dropped it (Android's cap): delivered once, not again.
            return .notShown(notShown.reason)
        } catch {
            waveHitsDelivered.release(event.id)
            let call = ManagerCall.deliverNow(eventID: event.id, trigger: .waveHit)
            observer.schedulerDidReport(.managerCallFailed(call, error: error))
            return .failed
        }
    }

    func isValid(_ eventID: String) -> Bool {
        do {
            try EventID.validate(eventID)
            return true
        } catch {
            observer.schedulerDidReport(.invalidEventID(eventID, error))
            return false
        }
    }

    /// Schedules one event's notifications: in one batch call when the manager takes batches whole
    /// (``BatchingNotificationManager``), else (and when the batch throws, which for such a manager changed
    /// nothing) one call each, in order, reporting each call that throws.
    private func schedule(_ schedules: [NotificationSchedule]) async {
        if schedules.count > 1, manager is any BatchingNotificationManager {
            do {
                try await manager.scheduleNotifications(schedules)
                return
            } catch {
                // Refused whole: the single calls find out, and report, which ones fail.
            }
        }
        for schedule in schedules {
            await self.schedule(schedule)
        }
    }

    private func schedule(_ schedule: NotificationSchedule) async {
        do {
            try await manager.scheduleNotification(
                eventID: schedule.eventID, trigger: schedule.trigger, delay: schedule.delay, content: schedule.content)
        } catch {
            observer.schedulerDidReport(
                .managerCallFailed(.schedule(eventID: schedule.eventID, trigger: schedule.trigger), error: error))
        }
    }

    /// The exact duration between two instants, to the nanosecond.
    static func duration(from start: Date, to end: Date) -> Duration {
        let interval = end.timeIntervalSince(start)
        let whole = interval.rounded(.towardZero)
        let nanoseconds = ((interval - whole) * 1e9).rounded()
        return .seconds(Int64(whole)) + .nanoseconds(Int64(nanoseconds))
    }
}

/// The result of ``DefaultNotificationScheduler/deliverWaveHit(for:)``.
public enum WaveHitOutcome: Hashable, Sendable {
    /// The notification was handed to the manager.
    case delivered
    /// The event is not a favorite; nothing was delivered.
    case notFavorite
    /// This event's wave hit was already delivered; nothing was delivered again.
    case alreadyDelivered
    /// The event's id is invalid; nothing was delivered.
    case invalidEventID
    /// The manager threw; the failure was reported to the observer.
    case failed
    /// The platform took it but did not show it (``NotificationNotShown``: Android's cap of 50 on screen); it is not
    /// delivered again.
    case notShown(NotificationReason)
}

/// Remembers which events' wave hits were delivered, shared by copies of one scheduler.
private final class WaveHitLedger: Sendable {
    private let delivered = WaveLock<Set<String>>([])

    /// Claims the event's wave hit; `false` when it was already claimed.
    func claim(_ eventID: String) -> Bool {
        delivered.withLock { $0.insert(eventID).inserted }
    }

    func release(_ eventID: String) {
        _ = delivered.withLock { $0.remove(eventID) }
    }
}
