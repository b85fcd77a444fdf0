import Foundation
import Testing
import WaveNotifications
import WaveNotificationsTesting

/// The rules every app service shares, through the session: never again, the user's own requests, suppressions
/// once, withdrawals only of what is on screen, expiry and collapse, and the order of a reconcile's events.
struct NotificationSessionTests {
    private typealias F = PolicyFixtures
    private let start = F.instant("2026-03-10T08:00:00Z")

    private func at(minutes: Int) -> Date { start.addingTimeInterval(Double(minutes * 60)) }

    @Test func aReconcileAddsWhatIsMissingAndCancelsWhatIsNotWantedWithItsReason() async throws {
        let center = RecordingRequestCenter()
        let session = NotificationSession(center: center)
        let first = F.request("a", at: at(minutes: 10))
        let second = F.request("b", at: at(minutes: 20))
        _ = try await session.reconcile(NotificationPlan(desired: [first, second]), pending: [], at: start)
        let pending = try await session.pendingRequests()
        let events = try await session.reconcile(
            NotificationPlan(desired: [first], removalReasons: ["b": .userDisabled]), pending: pending, at: start)
        #expect(events == [.cancelled(identifier: "b", reason: .userDisabled, at: start)])
        #expect(center.pending.map(\.identifier) == ["a"])
    }

    @Test func anIdentifierShownOnceIsNeverScheduledAgainByAReconcile() async throws {
        let center = RecordingRequestCenter()
        let session = NotificationSession(center: center)
        let request = F.request("a", at: at(minutes: 10))
        _ = try await session.recordShown(request, at: at(minutes: 10))
        let events = try await session.reconcile(
            NotificationPlan(desired: [request], showNow: [request]), pending: [], at: at(minutes: 11))
        #expect(events.isEmpty)
        #expect(center.changes.isEmpty)
        #expect(await session.log.isDone("a"))
    }

    @Test func theUsersOwnRequestForAShownIdentifierSurvivesReconcilesUntilItIsShownAgain() async throws {
        let center = RecordingRequestCenter()
        let session = NotificationSession(center: center)
        let original = F.request("snooze", at: at(minutes: 10))
        _ = try await session.recordShown(original, at: at(minutes: 10))
        let again = F.request("snooze", at: at(minutes: 25))
        try await session.addRequestedByUser([again], at: at(minutes: 10))
        #expect(await !session.log.isDone("snooze"))
        // A reconcile before it fires keeps it: no cancellation.
        let pending = try await session.pendingRequests()
        let events = try await session.reconcile(
            NotificationPlan(desired: [again]), pending: pending, at: at(minutes: 12))
        #expect(events.isEmpty)
        #expect(center.pending == [again])
        // Shown again, it is done again.
        _ = try await session.recordShown(again, at: at(minutes: 25))
        #expect(await session.log.isDone("snooze"))
    }

    @Test func aSessionRestoredFromItsSavedStateRemembersEverything() async throws {
        // The app's first run: one shown and on screen with an expiry, one shown and asked for again, a suppression.
        let center = RecordingRequestCenter()
        let first = NotificationSession(center: center)
        let expiring = F.request("a", at: at(minutes: 10), expiresAfter: .seconds(60 * 60))
        _ = try await first.recordShown(expiring, at: at(minutes: 10))
        _ = try await first.recordShown(F.request("snooze", at: at(minutes: 5)), at: at(minutes: 5))
        try await first.addRequestedByUser([F.request("snooze", at: at(minutes: 30))], at: at(minutes: 11))
        let held = Suppression(identifier: "c", fireAt: at(minutes: 40), reason: .quietHours)
        _ = await first.report([held], at: at(minutes: 11))
        let saved = try JSONEncoder().encode(await first.state)

        // The next run is a new process: the restored session knows all of it.
        let second = NotificationSession(
            center: center, restoring: try JSONDecoder().decode(NotificationSession.State.self, from: saved))
        #expect(await second.state == first.state)
        #expect(await second.log.isDone("a"))
        #expect(await !second.log.isDone("snooze"))
        #expect(await second.report([held], at: at(minutes: 12)).isEmpty)
        #expect(await second.nextExpiry == at(minutes: 70))
        #expect(
            try await second.withdrawExpired(at: at(minutes: 70)) == [
                .withdrawn(identifier: "a", reason: .expired, at: at(minutes: 70))
            ])
    }

    @Test func aSuppressionIsReportedOncePerIdentifierFireInstantAndReason() async throws {
        let session = NotificationSession(center: RecordingRequestCenter())
        let held = Suppression(identifier: "a", fireAt: at(minutes: 10), reason: .quietHours)
        let moved = Suppression(identifier: "a", fireAt: at(minutes: 20), reason: .quietHours)
        #expect(await session.report([held], at: start) == [.suppressed(held, at: start)])
        #expect(await session.report([held, moved], at: at(minutes: 1)) == [.suppressed(moved, at: at(minutes: 1))])
    }

    @Test func withdrawingTakesOnlyWhatIsOnScreenAndUsesTheLatestShowing() async throws {
        let center = RecordingRequestCenter()
        let session = NotificationSession(center: center)
        let request = F.request("a", at: at(minutes: 0))
        #expect(try await session.withdraw([Withdrawal(identifier: "a", reason: .responded)], at: start).isEmpty)
        _ = try await session.recordShown(request, at: start)
        let snoozed = try await session.withdraw([Withdrawal(identifier: "a", reason: .snoozed)], at: at(minutes: 1))
        #expect(snoozed == [.withdrawn(identifier: "a", reason: .snoozed, at: at(minutes: 1))])
        // Shown again under the same identifier: on screen again, so a later withdrawal takes it.
        _ = try await session.recordShown(request, at: at(minutes: 16))
        let responded = try await session.withdraw(
            [Withdrawal(identifier: "a", reason: .responded)], at: at(minutes: 17))
        #expect(responded == [.withdrawn(identifier: "a", reason: .responded, at: at(minutes: 17))])
        #expect(await !session.log.isOnScreen("a"))
    }

    @Test func aShownRequestWithAnExpiryIsWithdrawnAtItsFireInstantPlusTheExpiry() async throws {
        let session = NotificationSession(center: RecordingRequestCenter())
        let expiring = F.request("b", at: at(minutes: 10), expiresAfter: .seconds(60 * 60))
        let earlier = F.request("a", at: at(minutes: 5), expiresAfter: .seconds(60 * 60))
        _ = try await session.recordShown(expiring, at: at(minutes: 10))
        _ = try await session.recordShown(earlier, at: at(minutes: 10))
        #expect(await session.nextExpiry == at(minutes: 65))
        #expect(try await session.withdrawExpired(at: at(minutes: 64)).isEmpty)
        #expect(
            try await session.withdrawExpired(at: at(minutes: 70)) == [
                .withdrawn(identifier: "a", reason: .expired, at: at(minutes: 70)),
                .withdrawn(identifier: "b", reason: .expired, at: at(minutes: 70)),
            ])
        #expect(await session.nextExpiry == nil)
    }

    @Test func anAnsweredNotificationDoesNotExpireLater() async throws {
        let session = NotificationSession(center: RecordingRequestCenter())
        _ = try await session.recordShown(
            F.request("a", at: at(minutes: 0), expiresAfter: .seconds(600)), at: at(minutes: 0))
        _ = try await session.withdraw([Withdrawal(identifier: "a", reason: .responded)], at: at(minutes: 1))
        #expect(await session.nextExpiry == nil)
        #expect(try await session.withdrawExpired(at: at(minutes: 30)).isEmpty)
    }

    @Test func aNewerNotificationWithTheSameCollapseIDWithdrawsTheOneOnScreen() async throws {
        let center = RecordingRequestCenter()
        let session = NotificationSession(center: center)
        var older = F.request("like_1", at: start)
        older.collapseID = "post_7"
        var newer = F.request("like_2", at: at(minutes: 5))
        newer.collapseID = "post_7"
        _ = try await session.show(older, at: start)
        let events = try await session.show(newer, at: at(minutes: 5))
        #expect(
            events == [
                .delivered(newer, at: at(minutes: 5), late: false),
                .withdrawn(identifier: "like_1", reason: .collapsed, at: at(minutes: 5)),
            ])
        #expect(center.withdrawn.map(\.request.identifier) == ["like_1"])
    }

    @Test func aReconcileWithdrawsReportsCancelsThenShowsInThatOrder() async throws {
        let center = RecordingRequestCenter()
        let session = NotificationSession(center: center)
        let onScreen = F.request("shown", at: start)
        _ = try await session.recordShown(onScreen, at: start)
        let old = F.request("old", at: at(minutes: 60))
        try await center.add([old])
        let late = F.request("late", at: at(minutes: 5))
        let plan = NotificationPlan(
            showNow: [late], suppressed: [Suppression(identifier: "q", fireAt: at(minutes: 90), reason: .quietHours)])
        let now = at(minutes: 10)
        let events = try await session.reconcile(
            plan, withdrawals: [Withdrawal(identifier: "shown", reason: .expired)],
            pending: try await session.pendingRequests(), at: now)
        #expect(
            events == [
                .withdrawn(identifier: "shown", reason: .expired, at: now),
                .suppressed(Suppression(identifier: "q", fireAt: at(minutes: 90), reason: .quietHours), at: now),
                .cancelled(identifier: "old", reason: .reschedule, at: now),
                .delivered(late, at: now, late: true),
            ])
    }

    @Test func aPendingRequestShownNowLeavesThePendingListWithoutACancellation() async throws {
        let center = RecordingRequestCenter()
        let session = NotificationSession(center: center)
        let held = F.request("held", at: at(minutes: 5))
        try await center.add([held])
        let now = at(minutes: 10)
        let events = try await session.reconcile(
            NotificationPlan(showNow: [held]), pending: try await session.pendingRequests(), at: now)
        #expect(events == [.delivered(held, at: now, late: true)])
        #expect(center.pending.isEmpty)
    }

    @Test func theHistoryRecordCarriesTheKeysTheSessionWasGiven() async throws {
        let session = NotificationSession(center: RecordingRequestCenter()) { request, shownAt in
            ShownNotification(identifier: request.identifier, dedupeKey: "subject", capKey: "mode", shownAt: shownAt)
        }
        _ = try await session.recordShown(F.request("a", at: start), at: start)
        let history = await session.log.history
        #expect(history.wasShown(dedupeKey: "subject"))
        #expect(history.wasShown(capKey: "mode", after: start.addingTimeInterval(-1), before: at(minutes: 1)))
    }

    @Test func aFailingCallLeavesTheLogAsItWas() async throws {
        let center = FailingCenter()
        let session = NotificationSession(center: center)
        _ = try await session.recordShown(F.request("a", at: start), at: start)
        await #expect(throws: InjectedFailure.self) {
            try await session.withdraw([Withdrawal(identifier: "a", reason: .responded)], at: at(minutes: 1))
        }
        #expect(await session.log.isOnScreen("a"))
    }
}

/// A center whose changes all fail.
private struct FailingCenter: NotificationRequestCenter {
    func add(_ requests: [NotificationRequest]) async throws { throw InjectedFailure() }
    func removePending(identifiers: [String], reason: NotificationReason) async throws { throw InjectedFailure() }
    func removePending(threadID: String, reason: NotificationReason) async throws { throw InjectedFailure() }
    func pendingRequests() async throws -> [NotificationRequest] { [] }
    func show(_ request: NotificationRequest) async throws { throw InjectedFailure() }
    func withdrawShown(identifiers: [String], reason: NotificationReason) async throws { throw InjectedFailure() }
}
