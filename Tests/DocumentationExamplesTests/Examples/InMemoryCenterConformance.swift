// Shown in docs/conformers.md, "Reporting through your test framework": the in-memory center of InMemoryCenter.swift
// checked rule by rule, one Swift Testing test case per rule.
// example-begin
import Testing
import WaveNotifications
import WaveNotificationsTesting
import WaveNotificationsTestingSupport

/// Every rule of the contract, one test case each: a broken rule records an issue in its own case, naming the rule,
/// what the check did and what differed.
@Test(arguments: ConformanceRule.allCases)
func inMemoryCenterFollows(_ rule: ConformanceRule) async {
    await NotificationCenterConformance.expectConformance(rules: [rule], expectingSkipped: []) { waveClock in
        let clock = ManualClock()  // a Swift `Clock` the check moves; `ContinuousClock()` in the app
        let center = InMemoryCenter(clock: clock, now: waveClock.now)
        return ConformanceSubject(center: center, time: .clock(clock), onScreen: { await center.screen })
    }
}
// example-end
