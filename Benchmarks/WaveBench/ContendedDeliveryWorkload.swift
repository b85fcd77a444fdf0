internal import Foundation
internal import Synchronization
internal import WaveLinuxAdapter
internal import WaveNotifications
internal import WaveStrings

/// Workload 2b: delivery lateness on the system clock while 50 concurrent callers keep the manager busy: each
/// adds a request, lists every pending request (`pendingRequests()`, about N of them) and removes what it added,
/// in a loop until the window ends, while notifications come due. A long read on the manager must not hold up a
/// delivery.
enum ContendedDeliveryWorkload {
    /// The concurrent callers.
    static let callerCount = 50

    /// Adds N requests days ahead, schedules the due notifications, runs the callers through the window and
    /// measures each due notification's lateness at the sink.
    ///
    /// - Throws: ``WorkloadFailure`` when a due notification is not delivered within two seconds of the
    ///   window's end (the callers stop at its end), one fires twice, a caller's request fires, a listing misses the background or the pending
    ///   count is off at the end.
    static func run(background: Int, quick: Bool) async throws -> [String: Double] {
        let due = DueNotifications(quick: quick, seed: 19)
        let plan = TimerQueuePlan(count: background, seed: 17, prefix: "bg", churn: false)

        let sink = LatenessSink()
        let manager = try LinuxNotificationManager(
            configuration: .init(pendingLimit: Int.max), clock: SystemAlarmClock(), sink: sink,
            renderer: LocalizedStringResolver(language: "en", environment: [:]))
        try await manager.start()
        let daysAhead = Date().addingTimeInterval(86_400)
        try await manager.add(
            try plan.delays.indices.map { index in
                NotificationManagerBridge.request(
                    for: try NotificationIdentifier(eventID: plan.eventID(of: index), trigger: plan.trigger(of: index)),
                    fireAt: daysAhead.addingTimeInterval(plan.delays[index].seconds), content: plan.contents[index])
            })

        let anchor = Date().addingTimeInterval(due.lead)
        try due.expect(on: sink, windowOpeningAt: anchor)
        try await due.schedule(on: manager, windowOpeningAt: anchor)
        try WorkloadFailure.check(
            Date() < anchor, "scheduling the due notifications took longer than the \(due.lead) s lead")

        let flags = CallerFlags()
        let callers = Task {
            try await withThrowingTaskGroup(of: Int.self) { group in
                for caller in 0..<callerCount {
                    group.addTask {
                        try await churn(
                            caller: caller, on: manager, fireAt: daysAhead, minimumListed: background, flags: flags)
                    }
                }
                return try await group.reduce(0, +)
            }
        }
        // The callers stop when the window ends; a delivery still waiting then is measured as late as it is.
        let windowEnd = anchor.addingTimeInterval(due.window)
        while sink.count < due.count && Date() < windowEnd {
            try await Task.sleep(for: .milliseconds(20))
        }
        flags.stop.store(true, ordering: .relaxed)
        let rounds = try await callers.value
        let deadline = windowEnd.addingTimeInterval(due.grace)
        while sink.count < due.count && Date() < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        let (samples, unexpected, duplicates) = sink.results
        let stillPending = manager.pendingCount
        await manager.stop()
        try WorkloadFailure.check(
            samples.count == due.count,
            "\(due.count - samples.count) of \(due.count) due notifications were not delivered within \(due.grace) s")
        try WorkloadFailure.check(unexpected == 0, "\(unexpected) notifications fired that were not due")
        try WorkloadFailure.check(duplicates == 0, "\(duplicates) notifications were delivered twice")
        try WorkloadFailure.check(
            flags.shortListings.load(ordering: .relaxed) == 0,
            "\(flags.shortListings.load(ordering: .relaxed)) listings missed part of the \(background) pending")
        try WorkloadFailure.check(
            stillPending == background, "\(stillPending) notifications pending after the window, expected \(background)"
        )

        return [
            "delivered": Double(samples.count),
            "callerRounds": Double(rounds),
        ].merging(DueNotifications.latenessFigures(ofSeconds: samples)) { first, _ in first }
    }

    /// One caller's loop until `stop`: add a request of its own thread, list everything pending, remove the request.
    ///
    /// - Returns: How many rounds it made.
    private static func churn(
        caller: Int, on manager: LinuxNotificationManager, fireAt: Date, minimumListed: Int, flags: CallerFlags
    ) async throws -> Int {
        let content = DefaultNotificationContentProvider().finishedNotification(
            for: WaveEventRecord(
                id: "caller-\(caller)", name: "Caller \(caller)", location: "Paris", startDate: .distantPast,
                endDate: .distantPast))
        var rounds = 0
        while !flags.stop.load(ordering: .relaxed) {
            let identifier = try NotificationIdentifier(eventID: "caller-\(caller)-\(rounds)", trigger: .eventFinished)
            try await manager.add([
                NotificationManagerBridge.request(
                    for: identifier, fireAt: fireAt.addingTimeInterval(Double(rounds)), content: content)
            ])
            let listed = try await manager.pendingRequests()
            if listed.count < minimumListed {
                flags.shortListings.add(1, ordering: .relaxed)
            }
            try await manager.removePending(identifiers: [identifier.requestIdentifier], reason: .reschedule)
            rounds += 1
            // The manager's calls no longer suspend (no hop onto an actor): a task looping on them keeps its pool
            // thread until it yields, as any busy loop would. Each round yields once, as a real caller's work does,
            // so that this task and the harness's own get their turns.
            await Task.yield()
        }
        return rounds
    }
}

/// What the workload and its callers share: the signal to stop, and the listings found short.
private final class CallerFlags: Sendable {
    let stop = Atomic<Bool>(false)
    let shortListings = Atomic<Int>(0)
}
