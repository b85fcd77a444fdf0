public import Foundation

/// WorldWideWaves' notifications at run time: what the app calls when it runs, when the user favorites, unfavorites,
/// or the event service updates or removes an event, and when a wave reaches the user.
///
/// The service holds the events the app lists (with when each wave reaches the user), the user's favorites (any
/// ``FavoriteEventsStore``) and the app's ``DefaultNotificationScheduler`` over a ``NotificationManager``: the Linux
/// adapter's own, or ``NotificationManagerBridge`` over any ``NotificationRequestCenter``. Its rules are the
/// scheduler's (seed 003): a favorite event starting in the future gets its reminders and its finished
/// notification; a sync at each app run cancels and schedules every favorite again; a speed other than 1 gates
/// scheduling; a wave hit is shown at once, once per event.
///
/// Call ``reconcile(device:cause:)`` at every app run (a launch, a background refresh, a boot): it syncs the
/// favorites. Each wave hit is one of the app's own moments (``nextOwnMoment(after:in:)``), at which the user has the
/// app open: call ``reconcile(device:cause:)`` with ``ReconcileCause/ownMoment`` then, and it shows the wave hits due.
/// Its scheduler, older than the contract, reads the instant from the clock the service is given, which must show
/// the instant the ``DeviceState`` gives (the one exception to the contract's "never reads a clock").
///
/// Its calls run one at a time, in the order they arrived, though each waits on the scheduler and the platform: an
/// ``unfavorite(_:device:)`` that arrives while a sync schedules the event's reminders runs after the sync and cancels
/// them, and never lets the sync schedule them after it.
public actor WorldWideWavesNotificationService: AppNotificationService {
    /// WorkManager one-time work with an initial delay (seed 003: the KMP app schedules through WorkManager).
    public static let androidScheduling: AndroidScheduling = .work

    /// What a sync or a user's action did that the app may want to show.
    public enum Fact: Hashable, Sendable {
        /// The favorites were synced: how many favorites and how many listed events.
        case synced(favorites: Int, events: Int)
    }

    /// What an action on an event did.
    public enum ActionOutcome: Hashable, Sendable {
        /// The action was carried out.
        case applied
        /// No listed event has the id (it was removed, or never listed): nothing changed.
        case unknownEvent
    }

    /// What the service remembers between processes: the favorites and the wave hits already shown.
    public struct SavedState: Hashable, Sendable, Codable {
        /// The ids of the user's favorite events.
        public var favoriteIDs: Set<String>
        /// The events whose wave hit was shown (each is shown once while it is listed); a process forgets, at its
        /// first reconcile, those it does not list, and at once an event the event service removes.
        public var waveHitsShown: Set<String>

        /// Creates a state.
        ///
        /// - Parameters:
        ///   - favoriteIDs: The favorites.
        ///   - waveHitsShown: The events whose wave hit was shown.
        public init(favoriteIDs: Set<String> = [], waveHitsShown: Set<String> = []) {
            self.favoriteIDs = favoriteIDs
            self.waveHitsShown = waveHitsShown
        }
    }

    /// The app's scheduler: its rules, over the platform's manager.
    public nonisolated let scheduler: DefaultNotificationScheduler
    /// The listed events and their wave hits; behind a lock so that the next wave hit is answered without a hop
    /// onto the actor (a replay asks it at every step).
    private let list: WaveLock<WaveEventList>
    /// The listed events whose wave hit was shown: an event no longer listed cannot hit again in this process, so
    /// its id goes (docs/core.md, "Bounded state").
    private var waveHitsShown: Set<String>
    /// Whether ``waveHitsShown`` may hold ids of events not listed: those of a restored state, until the first
    /// reconcile forgets them.
    private var waveHitsShownMayBeUnlisted: Bool
    /// Lets the calls run one at a time, in the order they arrived, though each waits on the platform.
    private let gate = CallGate()

    /// How many calls wait for the one running (for tests).
    package var waitingCallCount: Int { gate.waitingCount }

    /// Creates the service.
    ///
    /// - Parameters:
    ///   - events: The events the app lists, in its order.
    ///   - waveHits: When each event's wave reaches the user (computed by the app from the user's position).
    ///   - start: The first instant of this process: wave hits before it are history.
    ///   - manager: The platform: the Linux adapter, or ``NotificationManagerBridge`` over a request center.
    ///   - favorites: The user's favorites, kept by the app; `nil` keeps them in memory, starting with the restored
    ///     state's (``SavedState/favoriteIDs``).
    ///   - simulation: The app's simulation setting (a speed other than 1 gates scheduling).
    ///   - clock: The app's clock.
    ///   - contentProvider: The texts' keys and arguments.
    ///   - state: What an earlier process saved (``savedState``): its wave hits are not shown again, and its
    ///     favorites are the in-memory store's first ones when `favorites` is `nil` (a store given keeps its own).
    public init(
        events: [WaveEventRecord], waveHits: [String: Date] = [:], start: Date, manager: any NotificationManager,
        favorites: (any FavoriteEventsStore)? = nil, simulation: any SimulationSettings = SimulationSettingsStore(),
        clock: any WaveClock, contentProvider: any NotificationContentProvider = DefaultNotificationContentProvider(),
        restoring state: SavedState? = nil
    ) {
        scheduler = DefaultNotificationScheduler(
            manager: manager, contentProvider: contentProvider,
            favorites: favorites ?? InMemoryFavoriteEventsStore(favoriteIDs: state?.favoriteIDs ?? []),
            simulation: simulation, clock: clock)
        list = WaveLock(WaveEventList(events: events, waveHits: waveHits, start: start))
        waveHitsShown = state?.waveHitsShown ?? []
        waveHitsShownMayBeUnlisted = !waveHitsShown.isEmpty
    }

    /// The events listed now, in the app's order.
    public var events: [any WaveEvent] { list.withLock { $0.orderedEvents } }

    // MARK: - The contract

    /// Syncs the favorites (``DefaultNotificationScheduler/syncNotifications(favoriteIDs:currentEvents:)``) at an app
    /// run, or shows the wave hits due at one of its own moments.
    ///
    /// - Parameters:
    ///   - device: The instant now.
    ///   - cause: ``ReconcileCause/ownMoment`` shows the wave hits due; every other cause syncs.
    /// - Returns: ``Fact/synced(favorites:events:)`` after a sync; the wave hits' deliveries at an own moment.
    /// - Throws: Nothing: the scheduler reports a failing platform call to its observer and carries on.
    @discardableResult
    public func reconcile(device: DeviceState, cause: ReconcileCause) async throws -> ServiceReport<Fact> {
        await gate.run {
            forgetWaveHitsOfUnlistedEvents()
            if cause == .ownMoment {
                return await showWaveHits(dueBy: device.now)
            }
            let favoriteIDs = await scheduler.favorites.favoriteIDs()
            let (count, events) = list.withLock { ($0.count, $0.orderedEvents) }
            let report = ServiceReport<Fact>(entries: [.fact(.synced(favorites: favoriteIDs.count, events: count))])
            await scheduler.syncNotifications(favoriteIDs: favoriteIDs, currentEvents: events)
            return report
        }
    }

    /// Records a reminder the platform showed: WorldWideWaves decides nothing when one comes due.
    ///
    /// - Parameters:
    ///   - request: The request shown.
    ///   - device: The instant it was shown.
    /// - Returns: Its delivery.
    public nonisolated func notificationShown(
        _ request: NotificationRequest, device: DeviceState
    ) async throws -> ServiceReport<Fact> {
        ServiceReport([.delivered(request, at: device.now, late: false)])
    }

    /// Nothing to do: WorldWideWaves keeps no history of reminders shown while it was closed.
    ///
    /// - Parameters:
    ///   - request: The request the system showed.
    ///   - shownAt: When.
    ///   - device: The device's state at this run.
    /// - Returns: An empty report.
    public nonisolated func notificationShownWhileClosed(
        _ request: NotificationRequest, shownAt: Date, device: DeviceState
    ) async throws -> ServiceReport<Fact> {
        ServiceReport()
    }

    /// A tap opens the event (the deep link, the app's own navigation); WorldWideWaves' notifications have no actions,
    /// so nothing changes.
    ///
    /// - Parameters:
    ///   - identifier: The notification's identifier.
    ///   - actionID: The action's id.
    ///   - device: The instant now.
    /// - Returns: An empty report.
    public nonisolated func respond(
        to identifier: String, actionID: String, device: DeviceState
    ) async throws -> ServiceReport<Fact> {
        ServiceReport()
    }

    /// Nothing expires: WorldWideWaves' notifications stay until the user dismisses them.
    ///
    /// - Parameter device: The instant now.
    /// - Returns: An empty report.
    public nonisolated func withdrawExpired(device: DeviceState) async throws -> ServiceReport<Fact> {
        ServiceReport()
    }

    /// No shown notification expires.
    public nonisolated var nextExpiry: Date? { nil }

    /// The next wave hit strictly after an instant.
    ///
    /// - Parameters:
    ///   - instant: The current instant.
    ///   - zone: Unused: a wave hit is an instant.
    /// - Returns: When the next wave reaches the user.
    public nonisolated func nextOwnMoment(after instant: Date, in zone: TimeZone) -> Date? {
        list.withLock { $0.nextWaveHit(after: instant) }
    }

    /// The user has the app open when a wave reaches them.
    public nonisolated var ownMomentsAreForeground: Bool { true }

    /// The requests the favorites want pending now
    /// (``DefaultNotificationScheduler/desiredRequests(favoriteIDs:currentEvents:channel:)``).
    ///
    /// - Parameter device: The instant now.
    /// - Returns: The desired requests.
    public func desiredRequests(device: DeviceState) async throws -> [NotificationRequest] {
        await gate.run {
            await scheduler.desiredRequests(
                favoriteIDs: await scheduler.favorites.favoriteIDs(), currentEvents: list.withLock { $0.orderedEvents })
        }
    }

    /// The favorites and the wave hits shown.
    public var savedState: SavedState {
        get async {
            await gate.run {
                SavedState(favoriteIDs: await scheduler.favorites.favoriteIDs(), waveHitsShown: waveHitsShown)
            }
        }
    }

    // MARK: - Actions

    /// The user made an event a favorite: it gets its notifications when it is eligible.
    ///
    /// - Parameters:
    ///   - eventID: The event's id.
    ///   - device: The instant now.
    /// - Returns: ``ActionOutcome/unknownEvent`` when no listed event has the id.
    @discardableResult
    public func favorite(_ eventID: String, device: DeviceState) async -> ActionOutcome {
        await gate.run {
            guard let event = list.withLock({ $0.events[eventID] }) else { return .unknownEvent }
            await scheduler.favorites.setFavorite(true, eventID: eventID)
            if await scheduler.shouldScheduleNotifications(for: event) {
                await scheduler.scheduleAllNotifications(for: event)
            }
            return .applied
        }
    }

    /// The user removed an event from the favorites: its notifications are cancelled.
    ///
    /// - Parameters:
    ///   - eventID: The event's id.
    ///   - device: The instant now.
    /// - Returns: ``ActionOutcome/unknownEvent`` when no listed event has the id.
    @discardableResult
    public func unfavorite(_ eventID: String, device: DeviceState) async -> ActionOutcome {
        await gate.run {
            guard list.withLock({ $0.events[eventID] }) != nil else { return .unknownEvent }
            await scheduler.favorites.setFavorite(false, eventID: eventID)
            await scheduler.cancelAllNotifications(eventID: eventID)
            return .applied
        }
    }

    /// The event service moved an event: a favorite's notifications are cancelled and scheduled again.
    ///
    /// - Parameters:
    ///   - eventID: The event's id.
    ///   - startDate: Its new start, or `nil` to keep it.
    ///   - endDate: Its new end, or `nil` to keep it.
    ///   - waveHitAt: When its wave now reaches the user, or `nil` to keep it.
    ///   - device: The instant now.
    /// - Returns: ``ActionOutcome/unknownEvent`` when no listed event has the id.
    @discardableResult
    public func update(
        _ eventID: String, startDate: Date? = nil, endDate: Date? = nil, waveHitAt: Date? = nil, device: DeviceState
    ) async -> ActionOutcome {
        await gate.run {
            guard var event = list.withLock({ $0.events[eventID] }) else { return .unknownEvent }
            event.startDate = startDate ?? event.startDate
            event.endDate = endDate ?? event.endDate
            list.withLock { $0.replace(event, waveHitAt: waveHitAt, now: device.now) }
            if await scheduler.favorites.isFavorite(eventID: eventID) {
                await scheduler.cancelAllNotifications(eventID: eventID)
                if await scheduler.shouldScheduleNotifications(for: event) {
                    await scheduler.scheduleAllNotifications(for: event)
                }
            }
            return .applied
        }
    }

    /// The event service removed an event: it leaves the list, its notifications are cancelled and its wave hit
    /// will not come.
    ///
    /// - Parameters:
    ///   - eventID: The event's id.
    ///   - device: The instant now.
    /// - Returns: ``ActionOutcome/unknownEvent`` when no listed event has the id.
    @discardableResult
    public func remove(_ eventID: String, device: DeviceState) async -> ActionOutcome {
        await gate.run {
            guard list.withLock({ $0.events[eventID] }) != nil else { return .unknownEvent }
            list.withLock { $0.remove(eventID) }
            waveHitsShown.remove(eventID)
            await scheduler.cancelAllNotifications(eventID: eventID)
            return .applied
        }
    }

    // MARK: - Private

    /// Forgets the wave hits shown of events a restored state names but this process does not list: none of them
    /// can hit in this process, and what it saves is then only about the events it lists.
    private func forgetWaveHitsOfUnlistedEvents() {
        guard waveHitsShownMayBeUnlisted else { return }
        waveHitsShownMayBeUnlisted = false
        let unlisted = list.withLock { list in waveHitsShown.filter { list.events[$0] == nil } }
        waveHitsShown.subtract(unlisted)
    }

    /// Shows, once per event, each favorite's wave hit due by `now`.
    private func showWaveHits(dueBy now: Date) async -> ServiceReport<Fact> {
        var events: [NotificationEvent] = []
        while let event = list.withLock({ $0.popWaveHit(dueBy: now) }) {
            guard !waveHitsShown.contains(event.id) else { continue }
            let outcome = await scheduler.deliverWaveHit(for: event)
            guard let identifier = try? NotificationIdentifier(eventID: event.id, trigger: .waveHit) else { continue }
            let request = NotificationManagerBridge.request(
                for: identifier, fireAt: now, content: scheduler.contentProvider.waveHitNotification(for: event))
            switch outcome {
            case .delivered:
                waveHitsShown.insert(event.id)
                events.append(.delivered(request, at: now, late: false))
            case .notShown(let reason):
                // Android's cap dropped it: the platform had it, so it is not shown again.
                waveHitsShown.insert(event.id)
                let suppression = Suppression(identifier: request.identifier, fireAt: now, reason: reason)
                events.append(.suppressed(suppression, at: now))
            default:
                continue
            }
        }
        return ServiceReport(events)
    }
}
