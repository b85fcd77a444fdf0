import Testing
import WaveNotifications
import WaveNotificationsTesting

/// An in-memory center with one chosen flaw (or none), to show that the check catches each flaw by the rule it
/// breaks and by no other.
actor FlawedCenter: NotificationRequestCenter {
    /// The rule of the contract the center breaks.
    enum Flaw: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// Adding a pending identifier again adds a second request.
        case secondRequestOnReplace
        /// Keeps the soonest 5 but lists everything handed over, the dropped ones included.
        case listsWhatItDroppedOverItsLimit
        /// Forgets `isTextInput` and the collapse id.
        case losesFieldsOnTheRoundTrip
        /// Throws when asked to remove an identifier that is not pending.
        case throwsOnRemovingUnknownIdentifiers
        /// Withdrawing does nothing.
        case withdrawalDoesNothing
        /// Lists in the order added, not soonest first.
        case listsOutOfOrder
        /// Counts what is pending: the count comes back to an earlier value.
        case repeatsChangeCounts
        /// Reads, suspends and writes back: a call made meanwhile is lost.
        case losesUpdatesUnderConcurrency
        /// Compares identifiers and threads by their Unicode scalars, so two spellings of "é" are two.
        case comparesIdentifiersByScalars
        /// Showing a request removes the pending one with its identifier.
        case showTouchesPending

        var testDescription: String { rawValue }

        /// The only rule the flaw breaks.
        var brokenRule: ConformanceRule {
            switch self {
            case .secondRequestOnReplace: .replacesByIdentifier
            case .listsWhatItDroppedOverItsLimit: .keepsTheSoonestWithinItsLimit
            case .losesFieldsOnTheRoundTrip: .keepsEveryField
            case .throwsOnRemovingUnknownIdentifiers: .removesByIdentifier
            case .withdrawalDoesNothing: .withdrawsShown
            case .listsOutOfOrder: .listsSoonestFirst
            case .repeatsChangeCounts: .changeCountsMoveAndNeverRepeat
            case .losesUpdatesUnderConcurrency: .noLostUpdateUnderConcurrency
            case .comparesIdentifiersByScalars: .treatsEquivalentIdentifiersAsOne
            case .showTouchesPending: .showLeavesPending
            }
        }
    }

    struct NotPending: Error {}

    /// How many it keeps when it has a limit.
    static let limit = 5

    let flaw: Flaw?
    /// Pending requests in the order added (a replacement is added anew).
    private var pending: [NotificationRequest] = []
    /// Everything handed over and not removed, for the flaw that lists it.
    private var handedOver: [NotificationRequest] = []
    private(set) var shown: [String] = []
    private var counter: UInt64 = 0
    private var threadCounts: [String: UInt64] = [:]

    init(flaw: Flaw?) {
        self.flaw = flaw
    }

    private func same(_ lhs: String, _ rhs: String) -> Bool {
        flaw == .comparesIdentifiersByScalars ? Array(lhs.unicodeScalars) == Array(rhs.unicodeScalars) : lhs == rhs
    }

    private func stamp(_ threadIDs: some Sequence<String>) {
        for threadID in threadIDs {
            counter += 1
            threadCounts[threadID] = counter
        }
    }

    func add(_ requests: [NotificationRequest]) async {
        for request in requests {
            var updated = pending
            if flaw == .losesUpdatesUnderConcurrency { await Task.yield() }
            stamp(updated.filter { same($0.identifier, request.identifier) }.map(\.threadID) + [request.threadID])
            if flaw != .secondRequestOnReplace { updated.removeAll { same($0.identifier, request.identifier) } }
            handedOver.removeAll { same($0.identifier, request.identifier) }
            var kept = request
            if flaw == .losesFieldsOnTheRoundTrip {
                kept.collapseID = nil
                kept.actions = kept.actions.map { NotificationAction(id: $0.id, title: $0.title) }
            }
            updated.append(kept)
            handedOver.append(kept)
            if flaw == .listsWhatItDroppedOverItsLimit {
                updated = Array(sorted(updated).prefix(Self.limit))
            }
            pending = updated
        }
    }

    func removePending(identifiers: [String], reason: NotificationReason) async throws {
        for identifier in identifiers {
            var updated = pending
            if flaw == .losesUpdatesUnderConcurrency { await Task.yield() }
            let removed = updated.filter { same($0.identifier, identifier) }
            if removed.isEmpty && flaw == .throwsOnRemovingUnknownIdentifiers { throw NotPending() }
            stamp(removed.map(\.threadID))
            updated.removeAll { same($0.identifier, identifier) }
            handedOver.removeAll { same($0.identifier, identifier) }
            pending = updated
        }
    }

    func removePending(threadID: String, reason: NotificationReason) {
        stamp(pending.filter { same($0.threadID, threadID) }.map(\.threadID))
        pending.removeAll { same($0.threadID, threadID) }
        handedOver.removeAll { same($0.threadID, threadID) }
    }

    func pendingRequests() -> [NotificationRequest] {
        switch flaw {
        case .listsOutOfOrder: pending
        case .listsWhatItDroppedOverItsLimit: sorted(handedOver)
        default: sorted(pending)
        }
    }

    func changeCount() -> UInt64? {
        flaw == .repeatsChangeCounts ? UInt64(pending.count) : counter
    }

    func changeCounts(threadIDs: [String]) -> [UInt64]? {
        threadIDs.map { threadID in
            flaw == .repeatsChangeCounts
                ? UInt64(pending.count { $0.threadID == threadID }) : threadCounts[threadID] ?? 0
        }
    }

    func show(_ request: NotificationRequest) {
        if flaw == .showTouchesPending {
            pending.removeAll { $0.identifier == request.identifier }
        }
        shown.removeAll { $0 == request.identifier }
        shown.append(request.identifier)
    }

    func withdrawShown(identifiers: [String], reason: NotificationReason) {
        guard flaw != .withdrawalDoesNothing else { return }
        shown.removeAll { shownID in identifiers.contains { same($0, shownID) } }
    }

    /// Soonest first, ties in the order added (a stable sort).
    private func sorted(_ requests: [NotificationRequest]) -> [NotificationRequest] {
        requests.enumerated().sorted { ($0.element.fireAt, $0.offset) < ($1.element.fireAt, $1.offset) }.map(\.element)
    }
}

/// Each flawed conformer is caught by the rule it breaks, and only by it; the same center without a flaw passes.
struct BrokenConformerTests {
    static func report(flaw: FlawedCenter.Flaw?) async -> ConformanceReport {
        await NotificationCenterConformance.check { _ in
            let center = FlawedCenter(flaw: flaw)
            return ConformanceSubject(
                center: center, limit: flaw == .listsWhatItDroppedOverItsLimit ? FlawedCenter.limit : nil,
                onScreen: { await center.shown })
        }
    }

    /// The rules no flawed center can be checked on: it cannot be made to see time pass.
    static let timeRules: Set<ConformanceRule> = [
        .dueRequestsLeavePending, .showsWhenDue, .showsWhatItLists, .changeCountsMoveWhenDue,
    ]

    @Test func theCenterWithoutAFlawPassesEveryRuleItCanBeCheckedOn() async {
        let report = await Self.report(flaw: nil)
        #expect(report.failures.isEmpty, "\(report)")
        #expect(report.skippedRules == Self.timeRules)
    }

    @Test(arguments: FlawedCenter.Flaw.allCases)
    func eachFlawIsCaughtByTheRuleItBreaksAndOnlyByIt(flaw: FlawedCenter.Flaw) async {
        let report = await Self.report(flaw: flaw)
        #expect(report.failedRules == [flaw.brokenRule], "\(report)")
        #expect(report.skippedRules == Self.timeRules)
        #expect(report.failures.allSatisfy { !$0.detail.isEmpty })
    }

    @Test func theFlawsCoverEightRulesAtLeast() {
        #expect(Set(FlawedCenter.Flaw.allCases.map(\.brokenRule)).count >= 8)
    }

    @Test func rulesHaveStableDistinctNames() {
        let names = ConformanceRule.allCases.map(\.rawValue)
        #expect(Set(names).count == names.count)
        #expect(ConformanceRule(rawValue: "replaces-by-identifier") == .replacesByIdentifier)
        #expect(ConformanceRule(rawValue: "no-lost-update-under-concurrency") == .noLostUpdateUnderConcurrency)
    }
}
