import Foundation
import Testing
import WaveNotifications
import WaveNotificationsTesting

/// Forgetting what was shown before a horizon (docs/core.md, "Bounded state"): the history, the identifiers done, the
/// collapse ids and the suppressions reported lose exactly what is older, and what is on screen stays.
struct DeliveryLogForgetTests {
    private typealias F = PolicyFixtures
    private let start = F.instant("2026-03-10T08:00:00Z")

    private func at(hours: Double) -> Date { start.addingTimeInterval(hours * 3600) }

    @Test func theHistoryForgetsOnlyTheRecordsShownBeforeTheCutoffAndKeepsItsIndexes() {
        var history = NotificationHistory()
        for (hour, identifier) in [(0.0, "a"), (1, "b"), (2, "c")] {
            history.append(
                ShownNotification(
                    identifier: identifier, dedupeKey: "k-\(identifier)", capKey: "cap", shownAt: at(hours: hour)))
        }
        #expect(history.hasRecords(shownBefore: at(hours: 1)))
        history.removeRecords(shownBefore: at(hours: 1))

        #expect(history.records.map(\.identifier) == ["b", "c"])
        #expect(!history.wasShown(identifier: "a") && history.wasShown(identifier: "b"))
        #expect(!history.wasShown(dedupeKey: "k-a") && history.wasShown(dedupeKey: "k-c"))
        #expect(!history.wasShown(capKey: "cap", after: at(hours: -1), before: at(hours: 0.5)))
        #expect(history.wasShown(capKey: "cap", after: at(hours: 0.5), before: at(hours: 1.5)))
        // The count of records ever appended does not go back, so a planner keyed on it sees no old history again.
        #expect(history.appendedCount == 3)
        #expect(!history.hasRecords(shownBefore: at(hours: 1)))
    }

    @Test func theLogForgetsWhatWasShownBeforeTheCutoffButNotWhatIsOnScreen() {
        var log = DeliveryLog()
        log.recordShown(F.request("old", at: at(hours: 0)), at: at(hours: 0))
        log.recordShown(F.request("old-on-screen", at: at(hours: 0), expiresAfter: .seconds(86_400)), at: at(hours: 0))
        log.recordShown(F.request("new", at: at(hours: 5)), at: at(hours: 5))
        _ = log.recordWithdrawn("old")
        _ = log.recordWithdrawn("new")

        #expect(log.hasEntries(shownBefore: at(hours: 1)))
        log.forget(shownBefore: at(hours: 1))

        #expect(!log.isDone("old"))
        #expect(log.isDone("old-on-screen") && log.isOnScreen("old-on-screen"))
        #expect(log.isDone("new"))
        #expect(log.history.records.map(\.identifier) == ["new"])
        #expect(log.nextExpiry == at(hours: 24))
        #expect(!log.hasEntries(shownBefore: at(hours: 1)))
    }

    @Test func aCollapseIDWhoseNotificationLeftTheScreenIsForgottenAndWithdrawsNothingLater() {
        var log = DeliveryLog()
        var first = F.request("first", at: at(hours: 0))
        first.collapseID = "thread"
        log.recordShown(first, at: at(hours: 0))
        _ = log.recordWithdrawn("first")
        #expect(log.hasEntries(shownBefore: at(hours: -1)))
        log.forget(shownBefore: at(hours: -1))
        #expect(log.isDone("first"))

        var second = F.request("second", at: at(hours: 1))
        second.collapseID = "thread"
        #expect(log.recordShown(second, at: at(hours: 1)) == nil)
        var third = F.request("third", at: at(hours: 2))
        third.collapseID = "thread"
        #expect(log.recordShown(third, at: at(hours: 2)) == "second")
    }

    @Test func theSessionForgetsSuppressionsOfCandidatesDueBeforeTheirCutoffAndReportsNoneAgain() async throws {
        let session = NotificationSession(center: RecordingRequestCenter())
        let old = Suppression(identifier: "old", fireAt: at(hours: 0), reason: .permissionDenied)
        let new = Suppression(identifier: "new", fireAt: at(hours: 5), reason: .permissionDenied)
        _ = await session.report([old, new], at: at(hours: 0))

        await session.forget(shownBefore: at(hours: 1), suppressionsDueBefore: at(hours: 1))

        #expect(await session.state.reportedSuppressions == [new])
        #expect(await session.report([new], at: at(hours: 6)).isEmpty)
    }

    @Test func aSessionAskedOnlyForAnOnScreenLimitKeepsThatManyOnScreen() async throws {
        let session = NotificationSession(center: RecordingRequestCenter())
        for (hour, identifier) in [(2.0, "a"), (3, "b"), (4, "c")] {
            _ = try await session.recordShown(F.request(identifier, at: at(hours: hour)), at: at(hours: hour))
        }

        await session.forget(shownBefore: at(hours: 1), suppressionsDueBefore: at(hours: 1), onScreenBeyond: 2)

        #expect(Set(await session.log.onScreen.keys) == ["b", "c"])
    }

    @Test func forgettingNothingLeavesTheLogUnchanged() async throws {
        let session = NotificationSession(center: RecordingRequestCenter())
        _ = try await session.recordShown(F.request("a", at: at(hours: 2)), at: at(hours: 2))
        let before = await session.log

        await session.forget(shownBefore: at(hours: 1), suppressionsDueBefore: at(hours: 1))

        #expect(await session.log == before)
    }

    @Test func identifiersKeptStayDoneHoweverOldAndTheOthersGo() {
        var log = DeliveryLog()
        for identifier in ["kept", "gone"] {
            log.recordShown(F.request(identifier, at: at(hours: 0)), at: at(hours: 0))
            _ = log.recordWithdrawn(identifier)
        }
        #expect(log.hasEntries(shownBefore: at(hours: 1), keeping: ["kept"]))
        log.forget(shownBefore: at(hours: 1), keeping: ["kept"])

        #expect(log.isDone("kept") && !log.isDone("gone"))
        #expect(log.history.records.isEmpty)
        #expect(!log.hasEntries(shownBefore: at(hours: 1), keeping: ["kept"]))
    }

    @Test func onlyTheLatestStayOnTheLogsScreenAndTheOthersNoLongerCollapseOrExpire() {
        var log = DeliveryLog()
        for (hour, identifier) in [(0.0, "a"), (1, "b"), (2, "c")] {
            var request = F.request(identifier, at: at(hours: hour), expiresAfter: .seconds(86_400))
            request.collapseID = "x-\(identifier)"
            log.recordShown(request, at: at(hours: hour))
        }
        log.forgetOnScreen(keepingLatest: 2)

        #expect(!log.isOnScreen("a") && log.isOnScreen("b") && log.isOnScreen("c"))
        #expect(log.isDone("a"))
        #expect(log.nextExpiry == at(hours: 25))
        var again = F.request("a2", at: at(hours: 3))
        again.collapseID = "x-a"
        #expect(log.recordShown(again, at: at(hours: 3)) == nil)
        log.forgetOnScreen(keepingLatest: 5)
        #expect(log.onScreen.count == 3)
    }

    @Test func aSessionForgettingTheScreenTooForgetsWhatWasShownBeforeTheCutoffAndKeepsTheRest() async throws {
        let session = NotificationSession(center: RecordingRequestCenter())
        for (hour, identifier) in [(0.0, "a"), (1, "b"), (2, "c")] {
            let request = F.request(identifier, at: at(hours: hour), expiresAfter: .seconds(86_400))
            _ = try await session.recordShown(request, at: at(hours: hour))
        }

        await session.forget(shownBefore: at(hours: 1), suppressionsDueBefore: at(hours: 1), includingOnScreen: true)

        let log = await session.log
        #expect(Set(log.onScreen.keys) == ["b", "c"])
        #expect(!log.isDone("a") && log.isDone("b"))
        #expect(log.history.records.map(\.identifier) == ["b", "c"])
        #expect(log.nextExpiry == at(hours: 25))
        #expect(!log.hasOnScreen(shownBefore: at(hours: 1)) && log.hasOnScreen(shownBefore: at(hours: 1.5)))
    }
}
