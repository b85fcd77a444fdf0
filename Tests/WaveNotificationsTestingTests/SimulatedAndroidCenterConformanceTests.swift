import Testing
import WaveNotifications
import WaveNotificationsTesting

/// The conformance check over `SimulatedAndroidCenter`, played as a phone: time passes through its own
/// `advance(to:)`, which shows what came due; it keeps every request (its 500 alarms are armed as others fire), so
/// it has no limit to declare and its listing is final at once: no app runs are needed.
struct SimulatedAndroidCenterConformanceTests {
    static func subject(center: SimulatedAndroidCenter, declaring limit: Int?) -> ConformanceSubject {
        ConformanceSubject(
            center: center, limit: limit, time: .advance { _ = await center.advance(to: $0) },
            onScreen: { await center.onScreen })
    }

    @Test(arguments: [500, 8])
    func followsEveryRuleKeepingEveryRequestBeyondItsAlarms(alarms: Int) async {
        let report = await NotificationCenterConformance.check { clock in
            Self.subject(center: SimulatedAndroidCenter(limit: alarms, clock: clock), declaring: nil)
        }
        #expect(report.failures.isEmpty, "\(report)")
        // It keeps no change counts; everything else runs.
        #expect(report.skippedRules == [.changeCountsMoveAndNeverRepeat, .changeCountsMoveWhenDue])
    }

    @Test func declaringItsAlarmsAsALimitIsCaught() async {
        // Android lists every request, armed or not: it is not a center that keeps only the soonest.
        let report = await NotificationCenterConformance.check(rules: [.keepsTheSoonestWithinItsLimit]) { clock in
            Self.subject(center: SimulatedAndroidCenter(limit: 8, clock: clock), declaring: 8)
        }
        #expect(report.failedRules == [.keepsTheSoonestWithinItsLimit], "\(report)")
    }
}
