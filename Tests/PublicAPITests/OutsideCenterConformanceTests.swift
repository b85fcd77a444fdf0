import Foundation
import Testing
import WaveNotifications
import WaveNotificationsTesting
import WaveNotificationsTestingSupport

/// An outside package checks its own conformer with the testing library's conformance check, public API only.
struct OutsideCenterConformanceTests {
    /// The outside center, with its screen and its way of letting time pass (it shows what is due when told).
    private static func subject(_ center: OutsideCenter) -> ConformanceSubject {
        ConformanceSubject(
            center: center, time: .advance { instant in _ = await center.fire(until: instant) },
            onScreen: { await center.shown })
    }

    /// One test case per rule, reported through Swift Testing as an outside author would: a broken rule is an issue
    /// of its own case.
    @Test(arguments: ConformanceRule.allCases)
    func theOutsideCenterKeepsTheContract(rule: ConformanceRule) async {
        // It keeps no change counts: those rules are skipped, never passed.
        let report = await NotificationCenterConformance.expectConformance(
            rules: [rule], expectingSkipped: [.changeCountsMoveAndNeverRepeat, .changeCountsMoveWhenDue]
        ) { _ in Self.subject(OutsideCenter()) }
        #expect(report.passed.count + report.skipped.count == 1)
    }

    /// A conformer that forgets the deep link and the metadata on the way: the check names the rule it breaks.
    private actor ForgetfulCenter: NotificationRequestCenter {
        let base = OutsideCenter()

        func add(_ requests: [NotificationRequest]) async throws {
            await base.add(
                requests.map { request in
                    NotificationRequest(
                        identifier: request.identifier, threadID: request.threadID, channel: request.channel,
                        fireAt: request.fireAt, title: request.title, body: request.body, deepLink: "")
                })
        }

        func removePending(identifiers: [String], reason: NotificationReason) async throws {
            await base.removePending(identifiers: identifiers, reason: reason)
        }

        func removePending(threadID: String, reason: NotificationReason) async throws {
            await base.removePending(threadID: threadID, reason: reason)
        }

        func pendingRequests() async throws -> [NotificationRequest] { await base.pendingRequests() }

        func show(_ request: NotificationRequest) async throws { await base.show(request) }

        func withdrawShown(identifiers: [String], reason: NotificationReason) async throws {
            await base.withdrawShown(identifiers: identifiers, reason: reason)
        }
    }

    @Test func aConformerThatLosesFieldsIsCaughtByItsRule() async {
        let report = await NotificationCenterConformance.check { _ in
            let center = ForgetfulCenter()
            return ConformanceSubject(center: center, onScreen: { await center.base.shown })
        }
        #expect(report.failedRules == [.keepsEveryField], "\(report)")
    }
}
