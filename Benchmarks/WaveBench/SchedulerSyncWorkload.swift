internal import Foundation
internal import WaveLinuxAdapter
internal import WaveNotifications
internal import WaveNotificationsTesting
internal import WaveStrings

/// Workload 3: `DefaultNotificationScheduler.syncNotifications` for N favorite events (6N notifications),
/// then a second sync with nothing changed.
enum SchedulerSyncWorkload {
    /// Which manager the scheduler drives.
    enum Target {
        /// RecordingNotificationManager, the in-memory manager shipped with the core.
        case recording
        /// LinuxNotificationManager with its default configuration (iOS budget), on a manual clock.
        case linux
        /// A manager that does nothing: what the scheduler costs by itself.
        case discarding
        /// LinuxNotificationManager with its default configuration, through the reconciling sync
        /// (`reconcileNotifications`): one batch add the first time, no call at all the second.
        case reconcileLinux
    }

    /// Runs a 100-event warm-up sync, then the measured pair of syncs.
    static func run(events count: Int, target: Target) async throws -> [String: Double] {
        _ = try await measure(events: min(count, 100), prefix: "wu", target: target)
        return try await measure(events: count, prefix: "ev", target: target)
    }

    private static func measure(events count: Int, prefix: String, target: Target) async throws -> [String: Double] {
        let now = TimerQueueWorkload.epoch
        let clock = ManualWaveClock(now: now)
        let events: [any WaveEvent] = (0..<count).map { number in
            // Two hours ahead and later, so all five reminders and the finished notification are still due.
            let start = now.addingTimeInterval(7_200 + Double(number) * 60)
            return WaveEventRecord(
                id: TimerQueuePlan.eventID(prefix: prefix, number: number), name: "Wave \(number)",
                location: "City \(number % 1000)", startDate: start, endDate: start.addingTimeInterval(1_800))
        }
        let ids = Set(events.map(\.id))
        let favorites = InMemoryFavoriteEventsStore(favoriteIDs: ids)
        let expectedPending = 6 * count
        // Per event, a cancel and six schedules: seven single calls, or for a manager taking batches whole
        // (the discarding one) a cancel and one batch of six, or for one replacing an event's notifications in one
        // call (the Linux manager) that call, as that manager receives them.
        let expectedCalls = target == .recording ? 7 * count : target == .linux ? count : 2 * count

        var metrics: [String: Double] = ["events": Double(count)]
        switch target {
        case .recording:
            let manager = RecordingNotificationManager()
            let scheduler = DefaultNotificationScheduler(manager: manager, favorites: favorites, clock: clock)
            for pass in ["first", "second"] {
                manager.clearCalls()
                let start = ContinuousClock.now
                await scheduler.syncNotifications(favoriteIDs: ids, currentEvents: events)
                let elapsed = (ContinuousClock.now - start).seconds
                let calls = manager.calls.count
                let pending = manager.pending.count
                try WorkloadFailure.check(
                    pending == expectedPending, "\(pass) sync: \(pending) pending, expected \(expectedPending)")
                try WorkloadFailure.check(
                    calls == expectedCalls, "\(pass) sync: \(calls) calls, expected \(expectedCalls)")
                metrics["\(pass)SyncSeconds"] = elapsed
                metrics["\(pass)SyncCalls"] = Double(calls)
            }
        case .linux:
            let manager = try LinuxNotificationManager(
                clock: clock, sink: CountingSink(), renderer: LocalizedStringResolver(language: "en", environment: [:]))
            try await manager.start()
            let counter = CallCountingManager(wrapping: manager)
            let scheduler = DefaultNotificationScheduler(manager: counter, favorites: favorites, clock: clock)
            for pass in ["first", "second"] {
                counter.reset()
                let start = ContinuousClock.now
                await scheduler.syncNotifications(favoriteIDs: ids, currentEvents: events)
                let elapsed = (ContinuousClock.now - start).seconds
                let pending = manager.pendingCount
                try WorkloadFailure.check(
                    pending == expectedPending, "\(pass) sync: \(pending) pending, expected \(expectedPending)")
                try WorkloadFailure.check(
                    counter.count == expectedCalls, "\(pass) sync: \(counter.count) calls, expected \(expectedCalls)")
                metrics["\(pass)SyncSeconds"] = elapsed
                metrics["\(pass)SyncCalls"] = Double(counter.count)
            }
            await manager.stop()
        case .reconcileLinux:
            let manager = try LinuxNotificationManager(
                clock: clock, sink: CountingSink(), renderer: LocalizedStringResolver(language: "en", environment: [:]))
            try await manager.start()
            let scheduler = DefaultNotificationScheduler(manager: manager, favorites: favorites, clock: clock)
            for (pass, expected) in [("first", 1), ("second", 0)] {
                let start = ContinuousClock.now
                let calls = try await scheduler.reconcileNotifications(
                    favoriteIDs: ids, currentEvents: events, center: manager)
                let elapsed = (ContinuousClock.now - start).seconds
                let pending = manager.pendingCount
                try WorkloadFailure.check(
                    pending == expectedPending, "\(pass) reconcile: \(pending) pending, expected \(expectedPending)")
                try WorkloadFailure.check(
                    calls.count == expected, "\(pass) reconcile: \(calls.count) calls, expected \(expected)")
                metrics["\(pass)SyncSeconds"] = elapsed
                metrics["\(pass)SyncCalls"] = Double(calls.count)
            }
            await manager.stop()
        case .discarding:
            let counter = CallCountingManager(wrapping: DiscardingManager())
            let scheduler = DefaultNotificationScheduler(manager: counter, favorites: favorites, clock: clock)
            for pass in ["first", "second"] {
                counter.reset()
                let start = ContinuousClock.now
                await scheduler.syncNotifications(favoriteIDs: ids, currentEvents: events)
                let elapsed = (ContinuousClock.now - start).seconds
                try WorkloadFailure.check(
                    counter.count == expectedCalls, "\(pass) sync: \(counter.count) calls, expected \(expectedCalls)")
                metrics["\(pass)SyncSeconds"] = elapsed
                metrics["\(pass)SyncCalls"] = Double(counter.count)
            }
        }
        metrics["seconds"] = metrics["firstSyncSeconds"]
        // Per manager call; the reconciling sync makes one batch call, so its operations are the requests.
        metrics["operations"] = target == .reconcileLinux ? Double(expectedPending) : metrics["firstSyncCalls"]
        return metrics
    }
}
