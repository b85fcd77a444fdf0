import Testing
import WaveNotifications
import WaveNotificationsTesting

/// The conformance check over `RecordingRequestCenter`: it follows every rule it can be checked on.
struct RecordingRequestCenterConformanceTests {
    @Test func followsEveryRuleThatNeedsNeitherTimeNorCounts() async {
        let report = await NotificationCenterConformance.check { _ in
            let center = RecordingRequestCenter()
            return ConformanceSubject(center: center, onScreen: { center.shown })
        }
        #expect(report.failures.isEmpty, "\(report)")
        // It never fires by itself and keeps no change counts: those rules cannot run, and are not counted as passed.
        #expect(
            report.skippedRules == [
                .dueRequestsLeavePending, .showsWhenDue, .showsWhatItLists, .withdrawsWhatCameDue,
                .changeCountsMoveAndNeverRepeat, .changeCountsMoveWhenDue,
            ])
        #expect(report.passed.count == ConformanceRule.allCases.count - 6)
    }

    @Test func withoutAScreenTheRulesAboutShowingAreSkippedNotPassed() async {
        let report = await NotificationCenterConformance.check(rules: [.showsNow, .withdrawsShown, .showLeavesPending])
        {
            _ in ConformanceSubject(center: RecordingRequestCenter())
        }
        #expect(report.passed == [.showLeavesPending])
        #expect(report.skippedRules == [.showsNow, .withdrawsShown])
        #expect(report.skipped.allSatisfy { $0.reason.contains("screen") })
    }
}
