internal import Foundation
internal import WaveLinuxAdapter
internal import WaveNotifications
internal import WaveNotificationsTesting
internal import WaveStrings

/// Workload 1: schedule N notifications at random future instants, reschedule 10% of them, cancel half of
/// the events; the same plan on LinuxNotificationManager and on the two baselines.
///
/// Nothing fires during the measured phase (every instant is an hour to 30 days ahead, and our manager runs
/// on a `ManualWaveClock` that is never advanced), so this measures the cost of keeping timers, not of
/// delivering them.
enum TimerQueueWorkload {
    /// Which implementation runs the plan.
    enum Side {
        /// LinuxNotificationManager with this many armed notifications at most.
        case ours(pendingLimit: Int)
        /// LinuxNotificationManager (no budget) through its batch calls: the schedules in one
        /// `scheduleNotifications`, the reschedules in one, the cancelled events in one `cancelAllNotifications`.
        case oursBatch
        /// LinuxNotificationManager (no budget) through its request-level batch calls: the schedules in one
        /// `add`, the reschedules in one `add`, the cancelled events' requests in one `removePending`.
        case oursRequests
        /// One `Task` per notification.
        case task
        /// One `DispatchSourceTimer` per notification.
        case dispatch
    }

    /// The virtual start instant of our manager's clock.
    static let epoch = Date(timeIntervalSince1970: 1_782_000_000)

    /// Builds the plan and nothing else: the memory every side shares, for subtracting.
    static func planOnly(count: Int) throws -> [String: Double] {
        let plan = TimerQueuePlan(count: count)
        try WorkloadFailure.check(plan.contents.count == count, "the plan has \(plan.contents.count) notifications")
        return [
            "operations": Double(plan.operationCount), "pending": Double(plan.expectedPending),
            "liveBytesAtEnd": Double(ProcessMemory.liveResidentBytes()),
        ]
    }

    /// Runs a small warm-up plan (torn down afterwards), then the measured plan of `count` notifications.
    static func run(count: Int, side: Side) async throws -> [String: Double] {
        _ = try await measure(
            TimerQueuePlan(count: min(count, 1_000), seed: 7, prefix: "wu"), side: side, tearDown: true)
        return try await measure(TimerQueuePlan(count: count), side: side, tearDown: false)
    }

    private static func measure(_ plan: TimerQueuePlan, side: Side, tearDown: Bool) async throws -> [String: Double] {
        let sink = CountingSink()
        let renderer = LocalizedStringResolver(language: "en", environment: [:])
        var metrics: [String: Double]
        let pending: Int
        switch side {
        case .ours(let pendingLimit):
            let manager = try LinuxNotificationManager(
                configuration: .init(pendingLimit: pendingLimit), clock: ManualWaveClock(now: epoch), sink: sink,
                renderer: renderer)
            try await manager.start()
            metrics = try await drive(plan, on: manager)
            pending = manager.pendingCount
            if tearDown { await manager.stop() }
        case .oursBatch, .oursRequests:
            let manager = try LinuxNotificationManager(
                configuration: .init(pendingLimit: Int.max), clock: ManualWaveClock(now: epoch), sink: sink,
                renderer: renderer)
            try await manager.start()
            if case .oursBatch = side {
                metrics = try await driveInBatches(plan, on: manager)
            } else {
                metrics = try await driveInRequestBatches(plan, on: manager)
            }
            pending = manager.pendingCount
            if tearDown { await manager.stop() }
        case .task:
            let manager = TaskPerNotificationManager(sink: sink, renderer: renderer)
            metrics = try await drive(plan, on: manager)
            // Task creation returns at once; starting each task and unwinding each cancelled one happen on
            // the pool afterwards. That work is part of the cost, so the clock runs until it is done.
            let settleStart = ContinuousClock.now
            let settleStartCPU = ProcessCPU.seconds()
            while !manager.isSettled {
                await Task.yield()
            }
            let settle = (ContinuousClock.now - settleStart).seconds
            metrics["settleSeconds"] = settle
            metrics["seconds", default: 0] += settle
            metrics["cpuSeconds", default: 0] += ProcessCPU.seconds() - settleStartCPU
            pending = manager.pendingCount
            if tearDown {
                manager.cancelEverything()
                while !manager.isSettled { await Task.yield() }
            }
        case .dispatch:
            let manager = DispatchTimerManager(sink: sink, renderer: renderer)
            metrics = try await drive(plan, on: manager)
            pending = manager.pendingCount
            if tearDown { manager.cancelEverything() }
        }
        try WorkloadFailure.check(
            pending == plan.expectedPending, "\(pending) notifications pending, expected \(plan.expectedPending)")
        try WorkloadFailure.check(sink.count == 0, "\(sink.count) notifications fired during the measured phase")
        metrics["pending"] = Double(pending)
        if !tearDown {
            // While the manager still holds the half that was not cancelled.
            metrics["liveBytesAtEnd"] = Double(ProcessMemory.liveResidentBytes())
        }
        return metrics
    }

    /// Makes the plan's calls in order, timing each phase.
    static func drive(_ plan: TimerQueuePlan, on manager: some NotificationManager) async throws -> [String: Double] {
        let startCPU = ProcessCPU.seconds()
        let start = ContinuousClock.now
        for index in plan.delays.indices {
            try await manager.scheduleNotification(
                eventID: plan.eventID(of: index), trigger: plan.trigger(of: index), delay: plan.delays[index],
                content: plan.contents[index])
        }
        let scheduled = ContinuousClock.now
        for replacement in plan.replacements {
            try await manager.scheduleNotification(
                eventID: plan.eventID(of: replacement.index), trigger: plan.trigger(of: replacement.index),
                delay: replacement.delay, content: plan.contents[replacement.index])
        }
        let replaced = ContinuousClock.now
        for event in plan.cancelledEvents {
            try await manager.cancelAllNotifications(eventID: plan.eventIDs[event])
        }
        let cancelled = ContinuousClock.now
        return phaseMetrics(
            plan, startCPU: startCPU, start: start, scheduled: scheduled, replaced: replaced, cancelled: cancelled)
    }
}

extension TimerQueueWorkload {
    /// The same plan as ``drive(_:on:)``, in three batch calls of `NotificationManager`; operations are counted as
    /// for the per-call sides (one per schedule, reschedule and cancelled event), and building the batches is timed.
    static func driveInBatches(
        _ plan: TimerQueuePlan, on manager: some NotificationManager
    ) async throws -> [String: Double] {
        let startCPU = ProcessCPU.seconds()
        let start = ContinuousClock.now
        try await manager.scheduleNotifications(
            plan.delays.indices.map { index in
                NotificationSchedule(
                    eventID: plan.eventID(of: index), trigger: plan.trigger(of: index), delay: plan.delays[index],
                    content: plan.contents[index])
            })
        let scheduled = ContinuousClock.now
        try await manager.scheduleNotifications(
            plan.replacements.map { replacement in
                NotificationSchedule(
                    eventID: plan.eventID(of: replacement.index), trigger: plan.trigger(of: replacement.index),
                    delay: replacement.delay, content: plan.contents[replacement.index])
            })
        let replaced = ContinuousClock.now
        try await manager.cancelAllNotifications(eventIDs: plan.cancelledEvents.map { plan.eventIDs[$0] })
        let cancelled = ContinuousClock.now
        return phaseMetrics(
            plan, startCPU: startCPU, start: start, scheduled: scheduled, replaced: replaced, cancelled: cancelled)
    }

    /// The same plan as ``drive(_:on:)``, in three request-level batch calls; operations are counted as for the
    /// per-call sides (one per schedule, reschedule and cancelled event), and building the requests is timed.
    static func driveInRequestBatches(
        _ plan: TimerQueuePlan, on manager: LinuxNotificationManager
    ) async throws -> [String: Double] {
        func request(_ index: Int, delay: Duration) throws -> NotificationRequest {
            let identifier = try NotificationIdentifier(
                eventID: plan.eventID(of: index), trigger: plan.trigger(of: index))
            return NotificationManagerBridge.request(
                for: identifier, fireAt: epoch.addingTimeInterval(delay.seconds), content: plan.contents[index])
        }
        let startCPU = ProcessCPU.seconds()
        let start = ContinuousClock.now
        try await manager.add(try plan.delays.indices.map { try request($0, delay: plan.delays[$0]) })
        let scheduled = ContinuousClock.now
        try await manager.add(try plan.replacements.map { try request($0.index, delay: $0.delay) })
        let replaced = ContinuousClock.now
        var identifiers: [String] = []
        identifiers.reserveCapacity(plan.cancelledEvents.count * 6)
        for event in plan.cancelledEvents {
            for index in event * 6..<min(event * 6 + 6, plan.delays.count) {
                identifiers.append(
                    try NotificationIdentifier(eventID: plan.eventID(of: index), trigger: plan.trigger(of: index))
                        .requestIdentifier)
            }
        }
        try await manager.removePending(identifiers: identifiers, reason: .reschedule)
        let cancelled = ContinuousClock.now
        return phaseMetrics(
            plan, startCPU: startCPU, start: start, scheduled: scheduled, replaced: replaced, cancelled: cancelled)
    }
}

extension Duration {
    /// This duration in seconds.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

extension TimerQueueWorkload {
    /// The figures of one drive of a plan: total and per-phase wall time, the process's CPU time, the operations.
    fileprivate static func phaseMetrics(
        _ plan: TimerQueuePlan, startCPU: Double, start: ContinuousClock.Instant, scheduled: ContinuousClock.Instant,
        replaced: ContinuousClock.Instant, cancelled: ContinuousClock.Instant
    ) -> [String: Double] {
        [
            "seconds": (cancelled - start).seconds,
            "cpuSeconds": ProcessCPU.seconds() - startCPU,
            "operations": Double(plan.operationCount),
            "scheduleSeconds": (scheduled - start).seconds,
            "replaceSeconds": (replaced - scheduled).seconds,
            "cancelSeconds": (cancelled - replaced).seconds,
        ]
    }
}
