import Testing
import WaveNotifications
import WaveNotificationsTesting

/// The conformance check over `SimulatedIOSCenter`, played as a device: each step of a rule is one app run
/// (`beginRun`, the calls, `endRun`), since the center decides what it keeps of a run's hand-over when the run ends;
/// time passes through its own `advance(to:)`, which shows what came due.
struct SimulatedIOSCenterConformanceTests {
    static func subject(center: SimulatedIOSCenter, declaring limit: Int?) -> ConformanceSubject {
        ConformanceSubject(
            center: center, limit: limit, time: .advance { _ = await center.advance(to: $0) },
            onScreen: { await center.onScreen },
            appRun: .init(begin: { await center.beginRun() }, end: { await center.endRun() }))
    }

    @Test(arguments: [(64, true), (64, false), (8, true)])
    func followsEveryRuleWithItsLimitDeclaredOrDetected(limit: Int, declared: Bool) async {
        let report = await NotificationCenterConformance.check { clock in
            Self.subject(center: SimulatedIOSCenter(limit: limit, clock: clock), declaring: declared ? limit : nil)
        }
        #expect(report.failures.isEmpty, "\(report)")
        // It keeps no change counts; everything else runs.
        #expect(report.skippedRules == [.changeCountsMoveAndNeverRepeat, .changeCountsMoveWhenDue])
    }

    @Test func aCenterWithALimitDeclaredAboveItsOwnIsCaught() async {
        let report = await NotificationCenterConformance.check(rules: [.keepsTheSoonestWithinItsLimit]) { clock in
            Self.subject(center: SimulatedIOSCenter(limit: 8, clock: clock), declaring: 10)
        }
        #expect(report.failedRules == [.keepsTheSoonestWithinItsLimit])
        #expect(report.failures.first?.detail.contains("misses of the soonest 10") == true, "\(report)")
    }
}
