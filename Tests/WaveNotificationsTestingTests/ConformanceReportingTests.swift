import Testing
import WaveNotifications
import WaveNotificationsTesting
import WaveNotificationsTestingSupport
import XCTest

/// The check's report through the test frameworks: one issue (Swift Testing) or failure (XCTest) per rule broken,
/// each naming the rule, what the check did and what differed, and one when the rules skipped are not those expected.
struct ConformanceReportingTests {
    /// A center with two flaws' worth of broken rules: it removes everything for an empty list, and never withdraws.
    static func brokenReport() async -> ConformanceReport {
        await NotificationCenterConformance.check(rules: [.removesByIdentifier, .withdrawsShown, .showsNow]) { clock in
            let center = ReferenceCenter(flaw: .emptyRemovalRemovesEverything, now: clock.now)
            let withdrawing = ReferenceCenter(flaw: .withdrawalDoesNothing, now: clock.now)
            return ConformanceSubject(
                center: TwoFlaws(removing: center, withdrawing: withdrawing),
                onScreen: {
                    await withdrawing.screen
                })
        }
    }

    @Test func eachBrokenRuleIsOneIssueNamingTheRuleWhatWasDoneAndWhatDiffered() async {
        let report = await Self.brokenReport()
        #expect(report.failedRules == [.removesByIdentifier, .withdrawsShown], "\(report)")
        let recorded = WaveLock<[String]>([])
        withKnownIssue {
            report.recordIssues()
        } matching: { issue in
            recorded.withLock { $0.append(issue.comments.map(\.rawValue).joined()) }
            return true
        }
        let messages = recorded.withLock { $0 }
        #expect(messages.count == 2)
        #expect(messages.first?.hasPrefix("removes-by-identifier broken (") == true)
        #expect(messages.last?.hasPrefix("withdraws-shown broken (") == true)
        #expect(
            messages.first?.contains(
                "- did: removePending(identifiers: [unknown]) on a fresh center, then add([a, b, c, d]), then "
                    + "removePending(identifiers: [])\n  found: lists []\n  expected: [a, b, c, d] (an empty list "
                    + "removes nothing)") == true, "\(messages)")
    }

    @Test func skipsOtherThanExpectedAreAnIssueAndExpectedOnesAreNot() async {
        let report = await NotificationCenterConformance.check(rules: [.showsNow, .listsSoonestFirst]) { _ in
            ConformanceSubject(center: RecordingRequestCenter())
        }
        #expect(report.failureMessages(expectingSkipped: [.showsNow]).isEmpty)
        #expect(report.failureMessages().isEmpty)
        let messages = report.failureMessages(expectingSkipped: [.listsSoonestFirst])
        #expect(messages.count == 1)
        #expect(messages.first?.contains("- skipped, not expected: shows-now (needs screen") == true, "\(messages)")
        #expect(messages.first?.contains("- expected skipped, but checked: lists-soonest-first") == true)
    }

    /// One test case per rule, as an author writes it: a broken rule fails its own case only.
    @Test(arguments: ConformanceRule.allCases)
    func aParameterizedTestChecksOneRulePerCase(rule: ConformanceRule) async {
        let report = await NotificationCenterConformance.expectConformance(rules: [rule]) { clock in
            let center = ReferenceCenter(flaw: nil, now: clock.now)
            return ConformanceSubject(
                center: center, time: .advance { await center.advance(to: $0) }, onScreen: { await center.screen })
        }
        #expect(report.passed == [rule])
    }
}

/// Removes like one center and shows and withdraws like the other.
private struct TwoFlaws: NotificationRequestCenter {
    let removing: ReferenceCenter
    let withdrawing: ReferenceCenter

    func add(_ requests: [NotificationRequest]) async throws { await removing.add(requests) }
    func removePending(identifiers: [String], reason: NotificationReason) async throws {
        try await removing.removePending(identifiers: identifiers, reason: reason)
    }
    func removePending(threadID: String, reason: NotificationReason) async throws {
        await removing.removePending(threadID: threadID, reason: reason)
    }
    func pendingRequests() async throws -> [NotificationRequest] { await removing.pendingRequests() }
    func show(_ request: NotificationRequest) async throws { await withdrawing.show(request) }
    func withdrawShown(identifiers: [String], reason: NotificationReason) async throws {
        await withdrawing.withdrawShown(identifiers: identifiers, reason: reason)
    }
}

/// `assertConforming` under XCTest: one failure per rule broken, at the caller's line.
final class ConformanceXCTestReportingTests: XCTestCase {
    private var failures: [(description: String, line: Int)] = []
    private var capturing = false

    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        // While capturing, kept instead of reported: the test checks those failures themselves.
        guard capturing else {
            return super.recordFailure(
                withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
        failures.append((description, lineNumber))
    }

    /// The failures `body` records.
    private func captured(_ body: () -> Void) -> [(description: String, line: Int)] {
        capturing = true
        body()
        capturing = false
        defer { failures = [] }
        return failures
    }

    func testEachBrokenRuleIsOneFailureNamingTheRule() async {
        let report = await ConformanceReportingTests.brokenReport()
        let line = #line + 1
        let recorded = captured { assertConforming(report, expectingSkipped: []) }
        XCTAssertEqual(recorded.count, 2)
        XCTAssertTrue(recorded.first?.description.contains("removes-by-identifier broken (") == true)
        XCTAssertTrue(recorded.last?.description.contains("withdraws-shown broken (") == true)
        XCTAssertTrue(recorded.allSatisfy { $0.line == line && $0.description.contains("\n  found: ") })
    }

    func testAConformingReportFailsNothing() async {
        let report = await NotificationCenterConformance.check(rules: [.showsNow]) { clock in
            let center = ReferenceCenter(flaw: nil, now: clock.now)
            return ConformanceSubject(center: center, onScreen: { await center.screen })
        }
        XCTAssertTrue(captured { assertConforming(report, expectingSkipped: []) }.isEmpty)
    }
}
