public import Foundation
internal import WaveNotifications

/// The conformance check of ``NotificationRequestCenter``: one call runs every rule of the contract against fresh
/// centers and returns the rules broken as values, each with what the check did and what differed, so it serves
/// Swift Testing and XCTest alike (`WaveNotificationsTestingSupport` reports them through either).
///
/// The contract (the protocol's doc comment) and the rule that checks each part of it (``ConformanceRule``):
/// - `add` replaces the pending request with the same identifier whole, never adds a second one
///   (``ConformanceRule/replacesByIdentifier``); identifiers and thread ids are compared literally
///   (``ConformanceRule/comparesIdentifiersLiterally``).
/// - Removing by identifier or by thread takes exactly those; what is not pending is ignored, not thrown about
///   (``ConformanceRule/removesByIdentifier``, ``ConformanceRule/removesByThread``).
/// - `pendingRequests()` lists every pending request exactly as added (``ConformanceRule/keepsEveryField``),
///   soonest first, ties in the order added (``ConformanceRule/listsSoonestFirst``); `pendingRequests(threadIDs:)`
///   is that listing grouped by thread (``ConformanceRule/listsByThread``).
/// - It never lies about what is pending: a center with a limit keeps the soonest and lists only those
///   (``ConformanceRule/keepsTheSoonestWithinItsLimit``), and what it lists is what it shows, in the version
///   listed (``ConformanceRule/showsWhatItLists``); a request whose instant has come, or is not in the future when
///   added, is taken from pending and shown (``ConformanceRule/dueRequestsLeavePending``,
///   ``ConformanceRule/showsWhenDue``).
/// - `show(_:)` shows now and leaves pending requests alone (``ConformanceRule/showsNow``,
///   ``ConformanceRule/showLeavesPending``); `withdrawShown` takes those shown off the screen, whoever showed them,
///   ignoring the others (``ConformanceRule/withdrawsShown``, ``ConformanceRule/withdrawsWhatCameDue``).
/// - Change counts, when kept, move at every change and never come back to an earlier value
///   (``ConformanceRule/changeCountsMoveAndNeverRepeat``, ``ConformanceRule/changeCountsMoveWhenDue``).
/// - It is safe to call from many tasks at once (``ConformanceRule/noLostUpdateUnderConcurrency``).
///
/// Every rule gets a fresh center from the factory and a fresh ``ManualWaveClock`` at ``start``. A rule that needs
/// what the subject does not offer (control of time, a view of the screen) is skipped and reported as such, never as
/// passed; so are the change-count rules for a center that keeps no counts. Nothing in the check reads the wall
/// clock or sleeps: time passes only through ``ConformanceSubject/time``.
public enum NotificationCenterConformance {
    /// The instant every rule's clock starts at: 2030-01-01T00:00:00Z. Requests fire seconds to hours after it.
    public static let start = Date(timeIntervalSince1970: 1_893_456_000)

    /// The rules that fill a center up to its limit, declared or detected.
    static let rulesNeedingTheLimit: Set<ConformanceRule> = [
        .removesByThread, .noLostUpdateUnderConcurrency, .showsWhatItLists, .dueRequestsLeavePending,
        .changeCountsMoveAndNeverRepeat,
    ]

    /// Runs rules of the contract, each against a fresh center.
    ///
    /// The rules run one after another, in ``ConformanceRule`` order, so the limit
    /// ``ConformanceRule/keepsTheSoonestWithinItsLimit`` detects is known to the rules that add many requests; run
    /// without that rule, they detect it on a subject of their own first. One rule at a time (a parameterized test)
    /// checks the same as all at once.
    ///
    /// - Parameters:
    ///   - rules: The rules to run; every rule by default.
    ///   - makeSubject: Makes a fresh center (nothing pending, nothing shown) and says what the check may use; it
    ///     is given the rule's clock, at ``start``, to hand the center if the center takes one. Called once per rule.
    /// - Returns: The rules passed, broken (with what the check did and what differed) and skipped (with why). A
    ///   factory or a call that throws fails the rule with the error.
    public static func check(
        rules: [ConformanceRule] = ConformanceRule.allCases,
        makeSubject: (ManualWaveClock) async throws -> ConformanceSubject
    ) async -> ConformanceReport {
        var report = ConformanceReport()
        var context = ConformanceContext()
        let order = ConformanceRule.allCases
        let chosen = Set(rules).sorted(by: { order.firstIndex(of: $0)! < order.firstIndex(of: $1)! })
        // Rules that add many requests need the limit of a center that did not declare one, and some run before the
        // rule that detects it: detect it first (a failure here is the limit rule's to report, not theirs).
        if chosen.contains(where: rulesNeedingTheLimit.contains) {
            let clock = ManualWaveClock(now: start)
            if let subject = try? await makeSubject(clock), subject.limit == nil {
                let probe = ConformanceProbe(subject: subject, clock: clock, start: start)
                context.detectedLimit = try? await detectLimit(probe)
            }
        }
        for rule in chosen {
            let clock = ManualWaveClock(now: start)
            let subject: ConformanceSubject
            do {
                subject = try await makeSubject(clock)
            } catch {
                report.failures.append(
                    ConformanceFailure(
                        rule: rule,
                        problems: [
                            ConformanceProblem(
                                done: "calling the factory", found: "it threw \(error)", expected: "a fresh subject")
                        ]))
                continue
            }
            let missing = rule.needs.subtracting(subject.capabilities)
            guard missing.isEmpty else {
                let names = missing.map(\.rawValue).sorted().joined(separator: " and ")
                report.skipped.append(ConformanceSkip(rule: rule, reason: "needs \(names), which the subject lacks"))
                continue
            }
            let probe = ConformanceProbe(subject: subject, clock: clock, start: start)
            var findings = ConformanceFindings()
            do {
                switch try await evaluate(rule, probe: probe, context: &context, findings: &findings) {
                case .checked where findings.problems.isEmpty:
                    report.passed.append(rule)
                case .checked:
                    report.failures.append(ConformanceFailure(rule: rule, problems: findings.problems))
                case .skipped(let reason):
                    report.skipped.append(ConformanceSkip(rule: rule, reason: reason))
                }
            } catch let error as ConformanceCallError {
                // What differed before the call that threw is reported too.
                report.failures.append(
                    ConformanceFailure(
                        rule: rule,
                        problems: findings.problems + [
                            ConformanceProblem(
                                done: error.call, found: "it threw \(error.underlying)",
                                expected: "no error (the call can be carried out)")
                        ]))
            } catch {
                report.failures.append(
                    ConformanceFailure(
                        rule: rule,
                        problems: findings.problems + [
                            ConformanceProblem(done: "running the rule", found: "\(error)", expected: "no error")
                        ]))
            }
        }
        return report
    }
}

/// How one rule ended: checked (its findings say whether it passed) or skipped.
enum ConformanceOutcome {
    case checked
    case skipped(String)
}

/// What differed, collected as a rule runs.
struct ConformanceFindings {
    private(set) var problems: [ConformanceProblem] = []

    /// Notes a problem unless `condition` holds.
    ///
    /// - Parameters:
    ///   - condition: What the rule expects held.
    ///   - done: What the check did.
    ///   - found: What the center did.
    ///   - expected: What the rule expects.
    mutating func expect(
        _ condition: Bool, done: @autoclosure () -> String, found: @autoclosure () -> String,
        expected: @autoclosure () -> String
    ) {
        if !condition { problems.append(ConformanceProblem(done: done(), found: found(), expected: expected())) }
    }
}

/// What one rule learns for the later ones: the limit the check detected.
struct ConformanceContext {
    var detectedLimit: Int?
}

/// A call of the center that threw, named.
struct ConformanceCallError: Error, CustomStringConvertible {
    var call: String
    var underlying: any Error

    var description: String { "\(call) threw: \(underlying)" }
}
