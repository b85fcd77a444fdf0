internal import Foundation
internal import WaveLinuxAdapter
internal import WaveNotifications
internal import WaveStrings

/// Workload 2: on the system clock, 2,000 notifications due over about 5 seconds while `background`
/// others are pending days ahead; lateness measured at the sink (wall clock at delivery minus the intended
/// instant).
enum DeliveryAccuracyWorkload {
    /// Which implementation delivers.
    enum Side {
        /// LinuxNotificationManager (no budget) on SystemAlarmClock.
        case ours
        /// One `Task` per notification.
        case task
        /// One `DispatchSourceTimer` per notification.
        case dispatch
    }

    /// Schedules the background, then the due notifications, and waits for them.
    ///
    /// - Throws: ``WorkloadFailure`` when a due notification is not delivered within two seconds of the
    ///   window's end, or a background one fires, or one fires twice.
    static func run(background: Int, side: Side, quick: Bool) async throws -> [String: Double] {
        let due = DueNotifications(quick: quick, seed: 13)
        let plan = TimerQueuePlan(count: background, seed: 11, prefix: "bg", churn: false)

        let sink = LatenessSink()
        let renderer = LocalizedStringResolver(language: "en", environment: [:])
        let manager: any NotificationManager
        let pendingCount: () async -> Int
        let settle: () async -> Void
        let finish: () async -> Void
        switch side {
        case .ours:
            let ours = try LinuxNotificationManager(
                configuration: .init(pendingLimit: Int.max), clock: SystemAlarmClock(), sink: sink, renderer: renderer)
            try await ours.start()
            (manager, pendingCount, settle, finish) = (ours, { ours.pendingCount }, {}, { await ours.stop() })
        case .task:
            let baseline = TaskPerNotificationManager(sink: sink, renderer: renderer)
            let settleTasks = {
                while !baseline.isSettled { await Task.yield() }
            }
            (manager, pendingCount, settle, finish) = (
                baseline, { baseline.pendingCount }, settleTasks, { baseline.cancelEverything() }
            )
        case .dispatch:
            let baseline = DispatchTimerManager(sink: sink, renderer: renderer)
            (manager, pendingCount, settle, finish) = (
                baseline, { baseline.pendingCount }, {}, { baseline.cancelEverything() }
            )
        }

        let start = ContinuousClock.now
        for index in plan.delays.indices {
            try await manager.scheduleNotification(
                eventID: plan.eventID(of: index), trigger: plan.trigger(of: index), delay: plan.delays[index],
                content: plan.contents[index])
        }
        // The Task baseline starts its background tasks on the pool after the calls return; let that finish so
        // the window measures delivery, not the tail of setting up.
        await settle()
        let backgroundScheduled = ContinuousClock.now

        let anchor = Date().addingTimeInterval(due.lead)
        try due.expect(on: sink, windowOpeningAt: anchor)
        let dueStart = ContinuousClock.now
        try await due.schedule(on: manager, windowOpeningAt: anchor)
        let dueScheduled = ContinuousClock.now
        try WorkloadFailure.check(
            Date() < anchor, "scheduling the due notifications took longer than the \(due.lead) s lead")

        let deadline = anchor.addingTimeInterval(due.window + due.grace)
        while sink.count < due.count && Date() < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        let (samples, unexpected, duplicates) = sink.results
        let stillPending = await pendingCount()
        await finish()
        try WorkloadFailure.check(
            samples.count == due.count,
            "\(due.count - samples.count) of \(due.count) due notifications were not delivered within \(due.grace) s")
        try WorkloadFailure.check(unexpected == 0, "\(unexpected) background notifications fired")
        try WorkloadFailure.check(duplicates == 0, "\(duplicates) notifications were delivered twice")
        try WorkloadFailure.check(
            stillPending == background, "\(stillPending) notifications pending after the window, expected \(background)"
        )

        let scheduleSeconds = (backgroundScheduled - start).seconds + (dueScheduled - dueStart).seconds
        return [
            "seconds": scheduleSeconds,
            "operations": Double(background + due.count),
            "backgroundScheduleSeconds": (backgroundScheduled - start).seconds,
            "dueScheduleSeconds": (dueScheduled - dueStart).seconds,
            "delivered": Double(samples.count),
        ].merging(DueNotifications.latenessFigures(ofSeconds: samples)) { first, _ in first }
    }
}
