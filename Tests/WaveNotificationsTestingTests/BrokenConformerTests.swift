import Foundation
import Testing
import WaveNotifications
import WaveNotificationsTesting

/// Each flawed conformer is caught by the rules it breaks, and only by them; the same centers without a flaw pass,
/// comparing identifiers as Swift does or literally, on their own time or on a Swift clock.
struct BrokenConformerTests {
    static func report(
        flaw: ReferenceCenter.Flaw?, literal: Bool = false, rules: [ConformanceRule] = ConformanceRule.allCases
    ) async -> ConformanceReport {
        await NotificationCenterConformance.check(rules: rules) { clock in
            let center = ReferenceCenter(flaw: flaw, literal: literal, now: clock.now)
            return ConformanceSubject(
                center: center, limit: center.limit, time: .advance { await center.advance(to: $0) },
                onScreen: { await center.screen })
        }
    }

    static func report(clockFlaw: ClockedCenter<ManualClock>.Flaw?) async -> ConformanceReport {
        await NotificationCenterConformance.check { clock in
            let swiftClock = ManualClock()
            let center = ClockedCenter(clock: swiftClock, now: clock.now, flaw: clockFlaw)
            return ConformanceSubject(center: center, time: .clock(swiftClock), onScreen: { await center.screen })
        }
    }

    @Test(arguments: [false, true])
    func theCenterWithoutAFlawPassesEveryRule(literal: Bool) async {
        let report = await Self.report(flaw: nil, literal: literal)
        #expect(report.failures.isEmpty, "\(report)")
        #expect(report.passed == ConformanceRule.allCases)
    }

    @Test func theCenterOnASwiftClockPassesEveryRuleButTheCountsItDoesNotKeep() async {
        let report = await Self.report(clockFlaw: nil)
        #expect(report.failures.isEmpty, "\(report)")
        #expect(report.skippedRules == [.changeCountsMoveAndNeverRepeat, .changeCountsMoveWhenDue])
    }

    @Test(arguments: ReferenceCenter.Flaw.allCases)
    func eachFlawIsCaughtByTheRulesItBreaksAndOnlyByThem(flaw: ReferenceCenter.Flaw) async {
        let report = await Self.report(flaw: flaw)
        #expect(report.failedRules == flaw.brokenRules, "\(report)")
        #expect(report.skipped.isEmpty)
        // Every problem says what was done, what the center did and what the rule expects.
        #expect(
            report.failures.allSatisfy { failure in
                !failure.problems.isEmpty
                    && failure.problems.allSatisfy { !$0.done.isEmpty && !$0.found.isEmpty && !$0.expected.isEmpty }
            })
    }

    @Test(arguments: ClockedCenter<ManualClock>.Flaw.allCases)
    func eachTimerFlawIsCaughtByTheRulesItBreaks(flaw: ClockedCenter<ManualClock>.Flaw) async {
        let report = await Self.report(clockFlaw: flaw)
        #expect(report.failedRules == flaw.brokenRules, "\(report)")
    }

    /// One rule at a time, as a parameterized test runs them, the check finds what it finds all at once.
    @Test(arguments: ConformanceRule.allCases)
    func aRuleRunAloneFindsWhatItFindsAmongAll(rule: ConformanceRule) async {
        for flaw in ReferenceCenter.Flaw.allCases where flaw.brokenRules.contains(rule) {
            let report = await Self.report(flaw: flaw, rules: [rule])
            #expect(report.failedRules == [rule], "\(flaw): \(report)")
        }
    }

    @Test func theFlawsTheFirstCheckMissedReachEveryRule() {
        let missed = ReferenceCenter.Flaw.allCases.filter { $0.round == 2 }
        let missedTimers = ClockedCenter<ManualClock>.Flaw.allCases.filter { $0.round == 2 }
        #expect(missed.count + missedTimers.count == 48)
        let reached = Set(missed.flatMap(\.brokenRules)).union(missedTimers.flatMap(\.brokenRules))
        #expect(reached == Set(ConformanceRule.allCases))
    }

    /// The third round's flaws, one of each kind that passed the second check (replacement, removal, listing, time,
    /// concurrency, shown content), are each caught by the rules their kind belongs to.
    @Test func theThirdRoundsFlawsAreCaughtByTheRulesOfTheirKind() {
        let third = ReferenceCenter.Flaw.allCases.filter { $0.round == 3 }
        let thirdTimers = ClockedCenter<ManualClock>.Flaw.allCases.filter { $0.round == 3 }
        #expect(third.count + thirdTimers.count == 14)
        let kinds: [(flaws: [ReferenceCenter.Flaw], rule: ConformanceRule)] = [
            (
                [
                    .replacementKeepsActionsWhenItHasNone, .replacementMergesMetadata,
                    .replacementAddsASecondPastSixteen,
                ],
                .replacesByIdentifier
            ),
            ([.longRemovalStopsPartWay], .removesByIdentifier),
            ([.threadRemovalKeepsTheRoom], .keepsTheSoonestWithinItsLimit),
            ([.deliveredKeepsTheRoom, .threadIndexKeepsDueRequests], .dueRequestsLeavePending),
            ([.listsThreadsByPrefix], .listsByThread),
            ([.reAddedKeepsItsFirstPlace, .sortsByMilliseconds], .listsSoonestFirst),
            ([.countWrittenBackAfterAwait], .changeCountsMoveAndNeverRepeat),
            ([.showsDueWithoutMetadata], .showsWhenDue),
        ]
        #expect(Set(kinds.flatMap(\.flaws)) == Set(third))
        for kind in kinds {
            for flaw in kind.flaws { #expect(flaw.brokenRules.contains(kind.rule), "\(flaw)") }
        }
        #expect(ClockedCenter<ManualClock>.Flaw.keepsDelaysIn32BitMilliseconds.brokenRules.contains(.showsWhenDue))
        #expect(ClockedCenter<ManualClock>.Flaw.dropsWhatCameDueWhileAsleep.brokenRules.contains(.showsWhenDue))
    }

    @Test func rulesHaveStableDistinctNamesAndSummaries() {
        let names = ConformanceRule.allCases.map(\.rawValue)
        #expect(Set(names).count == names.count)
        #expect(ConformanceRule(rawValue: "replaces-by-identifier") == .replacesByIdentifier)
        #expect(ConformanceRule(rawValue: "no-lost-update-under-concurrency") == .noLostUpdateUnderConcurrency)
        #expect(ConformanceRule(rawValue: "compares-identifiers-literally") == .comparesIdentifiersLiterally)
        #expect(Set(ConformanceRule.allCases.map(\.summary)).count == ConformanceRule.allCases.count)
    }
}

extension ReferenceCenter.Flaw {
    /// The rules the flaw breaks, as the check finds them.
    var brokenRules: Set<ConformanceRule> {
        switch self {
        case .secondRequestOnReplace:
            [
                .replacesByIdentifier, .comparesIdentifiersLiterally, .dueRequestsLeavePending,
                .keepsTheSoonestWithinItsLimit, .listsSoonestFirst, .noLostUpdateUnderConcurrency, .removesByThread,
                .showsWhatItLists, .showsWhenDue,
            ]
        case .listsWhatItDroppedOverItsLimit:
            [.keepsTheSoonestWithinItsLimit, .dueRequestsLeavePending, .showsWhatItLists]
        case .losesFieldsOnTheRoundTrip: [.keepsEveryField]
        case .throwsOnRemovingUnknownIdentifiers: [.removesByIdentifier]
        case .withdrawalDoesNothing: [.withdrawsShown, .withdrawsWhatCameDue]
        case .listsOutOfOrder: [.listsSoonestFirst, .listsByThread]
        case .repeatsChangeCounts: [.changeCountsMoveAndNeverRepeat]
        case .losesUpdatesUnderConcurrency: [.noLostUpdateUnderConcurrency]
        case .showTouchesPending: [.showLeavesPending, .showsWhenDue, .withdrawsShown]
        // A merge keeps the old thread and the old spelling of the identifier too.
        case .replacementMergesIntoTheOld: [.replacesByIdentifier, .removesByThread, .comparesIdentifiersLiterally]
        case .emptyAddClearsPending: [.replacesByIdentifier]
        case .emptyRemovalRemovesEverything, .removalStopsAtFirstUnknown, .repeatedIdentifierRemovesANeighbour:
            [.removesByIdentifier]
        case .threadRemovalByPrefix: [.removesByThread]
        case .staleThreadIndexAfterReplace: [.removesByThread, .listsByThread]
        case .sortsByWholeSeconds, .replacementKeepsItsPlace, .replacementKeepsItsTieOrder: [.listsSoonestFirst]
        case .emptyThreadListAnswersEverything: [.listsByThread]
        case .storesInstantsInMilliseconds, .sortsActionsByID: [.keepsEveryField]
        case .foldsCase, .foldsCompatibilityForms, .trimsIdentifiers, .normalizesStoredIdentifiers,
            .literalStoreCanonicalRemoval:
            [.comparesIdentifiersLiterally]
        // Removing thread g-1 takes G-1's request too.
        case .foldsThreadCase: [.comparesIdentifiersLiterally, .removesByThread]
        // Once 1,000 were handed over, it refuses the replacements too.
        case .refusesAddsOnceFull: [.keepsTheSoonestWithinItsLimit, .replacesByIdentifier]
        case .replacementTakesRoom: [.keepsTheSoonestWithinItsLimit]
        case .showCancelsItsThread: [.showLeavesPending]
        case .reshowKeepsFirstVersion, .reshowAddsASecondCopy, .showDropsLinkAndActions: [.showsNow]
        case .emptyWithdrawalClearsScreen, .withdrawalAlsoRemovesPending, .withdrawalStopsAtFirstUnknown,
            .withdrawalTakesTheThread:
            [.withdrawsShown]
        case .withdrawalSeesOnlyShowCalls, .withdrawnIdentifierNeverShowsAgain: [.withdrawsWhatCameDue]
        case .countsAnsweredPerDistinctThread, .stampsFirstRequestOfEachCall: [.changeCountsMoveAndNeverRepeat]
        case .stampsFirstDueThreadOnly: [.changeCountsMoveWhenDue]
        case .threadRemovalReadsThenWritesBack, .checkThenInsertDuplicates: [.noLostUpdateUnderConcurrency]
        case .takesRequestsHalfASecondEarly, .exactlyNowWaitsForTime, .oldAlarmTakesTheReplacement:
            [.dueRequestsLeavePending, .showsWhenDue]
        case .showsTheVersionArmedFirst, .collapsesThreadOnScreen, .suppressesIdentifierShownBefore,
            .dropsLongLateRequests:
            [.showsWhenDue]
        case .removalLeavesAlarmArmed, .threadRemovalLeavesAlarmsArmed: [.showsWhatItLists]
        case .replacementLeavesOldAlarmArmed: [.showsWhatItLists, .showsWhenDue]
        case .replacementKeepsActionsWhenItHasNone, .replacementMergesMetadata: [.replacesByIdentifier]
        // Past 16 the limit rule's replacement and the concurrency rule's shared identifier add a second too.
        case .replacementAddsASecondPastSixteen:
            [.replacesByIdentifier, .keepsTheSoonestWithinItsLimit, .noLostUpdateUnderConcurrency]
        case .longRemovalStopsPartWay: [.removesByIdentifier]
        // At the limit, the removal rule's threads leave too little room for the thread it adds next.
        case .threadRemovalKeepsTheRoom: [.keepsTheSoonestWithinItsLimit, .removesByThread]
        // What came due at once (and the thread shown late) takes the room of what shows-when-due adds next.
        case .deliveredKeepsTheRoom: [.dueRequestsLeavePending, .showsWhenDue]
        case .listsThreadsByPrefix: [.listsByThread]
        case .threadIndexKeepsDueRequests: [.dueRequestsLeavePending]
        case .reAddedKeepsItsFirstPlace, .sortsByMilliseconds: [.listsSoonestFirst]
        case .countWrittenBackAfterAwait: [.changeCountsMoveAndNeverRepeat]
        case .showsDueWithoutMetadata: [.showsWhenDue, .showsWhatItLists]
        }
    }
}

extension ClockedCenter.Flaw {
    /// The rules the flaw breaks, as the check finds them.
    var brokenRules: Set<ConformanceRule> {
        switch self {
        // Not woken for the sooner request: late for it, and for d1 and d2 after k was armed first.
        case .sleepsUntilFirstDeadlineKnown: [.dueRequestsLeavePending, .showsWhenDue, .withdrawsWhatCameDue]
        case .truncatesToWholeSeconds: [.dueRequestsLeavePending, .showsWhenDue]
        case .keepsDelaysIn32BitMilliseconds: [.dueRequestsLeavePending, .showsWhenDue]
        case .dropsWhatCameDueWhileAsleep: [.showsWhenDue, .showsWhatItLists]
        }
    }
}
