import Testing
import WaveNotifications
import WaveNotificationsTesting

struct RecordingNotificationManagerTests {
    private let content = NotificationContent(
        titleKey: "notification_event_starting", bodyKey: "notification_1h_before", bodyArgs: ["Paris"],
        deepLink: "worldwidewaves://event?id=paris")
    private let otherContent = NotificationContent(
        titleKey: "notification_wave_completed", bodyKey: "notification_event_finished", bodyArgs: ["Paris Wave"],
        deepLink: "worldwidewaves://event?id=paris")

    private func identifier(_ eventID: String, _ trigger: NotificationTrigger) throws -> NotificationIdentifier {
        try NotificationIdentifier(eventID: eventID, trigger: trigger)
    }

    @Test func schedulingTheSameIdentifierReplacesThePendingRequest() async throws {
        let manager = RecordingNotificationManager()
        let hour = NotificationTrigger.eventStarting(.seconds(3600))
        try await manager.scheduleNotification(eventID: "paris", trigger: hour, delay: .seconds(10), content: content)
        try await manager.scheduleNotification(
            eventID: "paris", trigger: .eventStarting(.seconds(60 * 60)), delay: .seconds(20), content: otherContent)
        let key = try identifier("paris", hour)
        #expect(manager.pending.count == 1)
        #expect(manager.pending[key]?.identifier == key)
        #expect(manager.pending[key]?.delay == .seconds(20))
        #expect(manager.pending[key]?.content == otherContent)
        #expect(manager.calls.count == 2)
    }

    @Test func differentTriggersOrEventsArePendingSideBySide() async throws {
        let manager = RecordingNotificationManager()
        try await manager.scheduleNotification(
            eventID: "paris", trigger: .eventStarting(.seconds(3600)), delay: .seconds(1), content: content)
        try await manager.scheduleNotification(
            eventID: "paris", trigger: .eventFinished, delay: .seconds(2), content: otherContent)
        try await manager.scheduleNotification(
            eventID: "tokyo", trigger: .eventFinished, delay: .seconds(3), content: otherContent)
        #expect(
            Set(manager.pending.keys) == [
                try identifier("paris", .eventStarting(.seconds(3600))), try identifier("paris", .eventFinished),
                try identifier("tokyo", .eventFinished),
            ])
    }

    @Test func cancelRemovesOnlyThatRequestAndToleratesWhatIsNotPending() async throws {
        let manager = RecordingNotificationManager()
        try await manager.scheduleNotification(
            eventID: "paris", trigger: .eventStarting(.seconds(3600)), delay: .seconds(1), content: content)
        try await manager.scheduleNotification(
            eventID: "paris", trigger: .eventFinished, delay: .seconds(2), content: otherContent)
        try await manager.cancelNotification(eventID: "paris", trigger: .eventStarting(.seconds(3600)))
        try await manager.cancelNotification(eventID: "paris", trigger: .eventStarting(.seconds(60)))
        #expect(Set(manager.pending.keys) == [try identifier("paris", .eventFinished)])
        #expect(
            manager.calls.suffix(2) == [
                .cancel(eventID: "paris", trigger: .eventStarting(.seconds(3600))),
                .cancel(eventID: "paris", trigger: .eventStarting(.seconds(60))),
            ])
    }

    @Test func cancelAllRemovesEveryRequestOfThatEventOnly() async throws {
        let manager = RecordingNotificationManager()
        for trigger in [NotificationTrigger.eventStarting(.seconds(60)), .eventFinished] {
            try await manager.scheduleNotification(
                eventID: "paris", trigger: trigger, delay: .seconds(1), content: content)
            try await manager.scheduleNotification(
                eventID: "tokyo", trigger: trigger, delay: .seconds(1), content: content)
        }
        try await manager.cancelAllNotifications(eventID: "paris")
        try await manager.cancelAllNotifications(eventID: "nothing-pending")
        #expect(
            Set(manager.pending.keys) == [
                try identifier("tokyo", .eventStarting(.seconds(60))), try identifier("tokyo", .eventFinished),
            ])
        #expect(manager.calls.last == .cancelAll(eventID: "nothing-pending"))
    }

    @Test func deliverNowRecordsADeliveryWithoutTouchingPendingRequests() async throws {
        let manager = RecordingNotificationManager()
        try await manager.scheduleNotification(
            eventID: "paris", trigger: .eventFinished, delay: .seconds(1), content: otherContent)
        try await manager.deliverNow(eventID: "paris", trigger: .waveHit, content: content)
        #expect(manager.delivered.map(\.identifier) == [try identifier("paris", .waveHit)])
        #expect(manager.delivered.map(\.content) == [content])
        #expect(manager.pending.count == 1)
    }

    @Test func invalidEventIDsThrowAndChangeNothingButTheCallLog() async throws {
        let manager = RecordingNotificationManager()
        await #expect(throws: EventIDError.invalidCharacter("/", offset: 2)) {
            try await manager.scheduleNotification(
                eventID: "ab/x", trigger: .eventFinished, delay: .seconds(1), content: content)
        }
        await #expect(throws: EventIDError.empty) {
            try await manager.deliverNow(eventID: "", trigger: .waveHit, content: content)
        }
        await #expect(throws: EventIDError.invalidCharacter(" ", offset: 1)) {
            try await manager.cancelNotification(eventID: "a b", trigger: .waveHit)
        }
        await #expect(throws: EventIDError.tooLong(length: 51)) {
            try await manager.cancelAllNotifications(eventID: String(repeating: "a", count: 51))
        }
        #expect(manager.pending.isEmpty)
        #expect(manager.delivered.isEmpty)
        #expect(manager.calls.count == 4)
    }

    @Test func injectedFailuresThrowAndLeaveStateUnchanged() async throws {
        let manager = RecordingNotificationManager { call -> (any Error)? in
            call.managerCall == .schedule(eventID: "paris", trigger: .eventFinished) ? InjectedFailure() : nil
        }
        await #expect(throws: InjectedFailure.self) {
            try await manager.scheduleNotification(
                eventID: "paris", trigger: .eventFinished, delay: .seconds(1), content: content)
        }
        try await manager.scheduleNotification(
            eventID: "paris", trigger: .eventStarting(.seconds(60)), delay: .seconds(1), content: content)
        #expect(Set(manager.pending.keys) == [try identifier("paris", .eventStarting(.seconds(60)))])
        #expect(
            manager.calls == [
                .schedule(eventID: "paris", trigger: .eventFinished, delay: .seconds(1), content: content),
                .schedule(
                    eventID: "paris", trigger: .eventStarting(.seconds(60)), delay: .seconds(1), content: content),
            ])
    }

    @Test func aFailingCancelKeepsThePendingRequests() async throws {
        let manager = RecordingNotificationManager { call in
            if case .cancelAll = call { return InjectedFailure() }
            return nil
        }
        try await manager.scheduleNotification(
            eventID: "paris", trigger: .eventFinished, delay: .seconds(1), content: content)
        await #expect(throws: InjectedFailure.self) {
            try await manager.cancelAllNotifications(eventID: "paris")
        }
        #expect(manager.pending.count == 1)
    }

    @Test func clearCallsForgetsCallsButKeepsPendingAndDelivered() async throws {
        let manager = RecordingNotificationManager()
        try await manager.scheduleNotification(
            eventID: "paris", trigger: .eventFinished, delay: .seconds(1), content: content)
        try await manager.deliverNow(eventID: "paris", trigger: .waveHit, content: content)
        manager.clearCalls()
        #expect(manager.calls.isEmpty)
        #expect(manager.pending.count == 1)
        #expect(manager.delivered.count == 1)
    }

    @Test func callsNameTheirManagerCall() {
        let trigger = NotificationTrigger.eventStarting(.seconds(60))
        #expect(
            RecordingNotificationManager.Call.schedule(eventID: "a", trigger: trigger, delay: .zero, content: content)
                .managerCall == .schedule(eventID: "a", trigger: trigger))
        #expect(
            RecordingNotificationManager.Call.deliverNow(eventID: "a", trigger: .waveHit, content: content).managerCall
                == .deliverNow(eventID: "a", trigger: .waveHit))
        #expect(
            RecordingNotificationManager.Call.cancel(eventID: "a", trigger: trigger).managerCall
                == .cancel(eventID: "a", trigger: trigger))
        #expect(RecordingNotificationManager.Call.cancelAll(eventID: "a").managerCall == .cancelAll(eventID: "a"))
    }
}
