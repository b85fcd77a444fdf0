import Foundation
import WaveNotifications

/// An in-memory center that keeps the whole contract, or breaks it in one chosen way (a ``Flaw``), the way a real
/// adapter could: to show that the check catches each flaw, by the rules it breaks.
///
/// Time passes through ``advance(to:)``; what is on screen is ``screen``. It compares identifiers as Swift's `String`
/// does (canonically equivalent spellings are one) or, `literal`, scalar by scalar as iOS does: both conform.
actor ReferenceCenter: NotificationRequestCenter {
    /// One way to break the contract. `previous` flaws were caught by the first check; the others passed it.
    enum Flaw: String, CaseIterable, Sendable, CustomStringConvertible {
        // Caught by the first check.
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
        /// Reads, suspends and writes back on add and remove: a call made meanwhile is lost.
        case losesUpdatesUnderConcurrency
        /// Showing a request removes the pending one with its identifier.
        case showTouchesPending

        // Replacing.
        /// A replacement updates the title and the instant of the pending request and keeps its other fields.
        case replacementMergesIntoTheOld
        /// `add([])` is taken as "this is everything now" and clears what is pending.
        case emptyAddClearsPending
        // Removing by identifier.
        /// `removePending(identifiers: [])` removes everything (a `DELETE` whose `WHERE` was left out for no ids).
        case emptyRemovalRemovesEverything
        /// Stops at the first identifier that is not pending.
        case removalStopsAtFirstUnknown
        /// Collects the positions of the identifiers, then removes at each: an identifier twice takes its neighbour.
        case repeatedIdentifierRemovesANeighbour
        // Removing by thread.
        /// Removes every thread whose id starts with the one given (`t1` takes `t10`).
        case threadRemovalByPrefix
        /// Keeps an index by thread that a replacement moving a request to another thread does not update; removal
        /// and listing by thread read it.
        case staleThreadIndexAfterReplace
        // Listing.
        /// Sorts by whole seconds (ties in the order added).
        case sortsByWholeSeconds
        /// A replacement keeps the place in the listing of the request it replaced.
        case replacementKeepsItsPlace
        /// A replacement keeps the tie order of the request it replaced (an upsert that keeps its row id).
        case replacementKeepsItsTieOrder
        /// Answers `pendingRequests(threadIDs: [])` with one list of everything.
        case emptyThreadListAnswersEverything
        // Fields.
        /// Keeps instants in whole milliseconds.
        case storesInstantsInMilliseconds
        /// Keeps actions by id, listed in the order of their ids.
        case sortsActionsByID
        // Identifiers.
        /// Keys identifiers in lower case.
        case foldsCase
        /// Keys identifiers by their compatibility form (NFKD): "ﬁ" is "fi", a full-width letter its ASCII one.
        case foldsCompatibilityForms
        /// Keys identifiers without spaces at either end.
        case trimsIdentifiers
        /// Keeps identifiers and threads in their precomposed form (NFC), so a decomposed one is listed otherwise.
        case normalizesStoredIdentifiers
        /// Keeps identifiers scalar by scalar (two spellings of "é" are two) but removes by `String` equality (one).
        case literalStoreCanonicalRemoval
        /// Compares thread ids in lower case.
        case foldsThreadCase
        // The limit.
        /// After a call in which it dropped a request, refuses every request until it is empty again.
        case refusesAddsOnceFull
        /// At the limit, a replacement is inserted before the old version goes: the latest request is dropped.
        case replacementTakesRoom
        // Showing.
        /// Showing a request removes the pending requests of its thread (other than its own identifier).
        case showCancelsItsThread
        /// Showing an identifier on screen again leaves the first version there.
        case reshowKeepsFirstVersion
        /// Showing an identifier again adds a second notification beside the first.
        case reshowAddsASecondCopy
        /// Shows a minimal notification: no deep link, no actions.
        case showDropsLinkAndActions
        // Withdrawing.
        /// `withdrawShown(identifiers: [])` clears the screen (`removeAllDeliveredNotifications`).
        case emptyWithdrawalClearsScreen
        /// Withdrawing also removes the pending request with that identifier.
        case withdrawalAlsoRemovesPending
        /// Stops at the first identifier not on screen.
        case withdrawalStopsAtFirstUnknown
        /// Withdrawing takes the whole thread of each notification withdrawn off the screen.
        case withdrawalTakesTheThread
        /// Withdraws only what `show(_:)` showed, not what came due.
        case withdrawalSeesOnlyShowCalls
        /// Never shows again an identifier once withdrawn.
        case withdrawnIdentifierNeverShowsAgain
        // Counts.
        /// Answers one count per distinct thread asked.
        case countsAnsweredPerDistinctThread
        /// Moves the counts of the first request of each call only (its old and new thread).
        case stampsFirstRequestOfEachCall
        /// Moves the count of the first thread that came due at each advance only.
        case stampsFirstDueThreadOnly
        // Concurrency.
        /// Removes a thread by reading, suspending and writing back: a call made meanwhile is lost.
        case threadRemovalReadsThenWritesBack
        /// Checks whether an identifier is pending, suspends, then inserts: two adds at once make two.
        case checkThenInsertDuplicates
        // Time.
        /// Takes a request half a second before its instant.
        case takesRequestsHalfASecondEarly
        /// Takes a request added for exactly now only once time moves.
        case exactlyNowWaitsForTime
        /// A replacement moved later leaves the old alarm, which takes it at the old instant and shows it early.
        case oldAlarmTakesTheReplacement
        /// A replacement at the same instant keeps the alarm armed with the first version, which it shows.
        case showsTheVersionArmedFirst
        /// Shows only the latest notification of a thread (Android's tag per thread).
        case collapsesThreadOnScreen
        /// Does not show a pending request whose identifier `show(_:)` showed before (taken as a duplicate).
        case suppressesIdentifierShownBefore
        /// Takes a request more than an hour late from pending without showing it.
        case dropsLongLateRequests
        /// A removed request's alarm stays armed: it is shown at its instant.
        case removalLeavesAlarmArmed
        /// A removed thread's alarms stay armed.
        case threadRemovalLeavesAlarmsArmed
        /// A replacement moved later leaves the old alarm armed: the old version is shown at the old instant too.
        case replacementLeavesOldAlarmArmed

        // Found by the third check: the long paths (many identifiers, long lists and horizons, cycles, concurrent
        // counts, every field on screen).
        /// A replacement without actions keeps the actions of the version it replaces.
        case replacementKeepsActionsWhenItHasNone
        /// A replacement's metadata is merged into the old version's (old keys kept).
        case replacementMergesMetadata
        /// Looks an identifier up among the first 16 requests only: past 16 a replacement adds a second request.
        case replacementAddsASecondPastSixteen
        /// Removes the first 64 identifiers of a list only (one chunk of a batched `DELETE … IN`).
        case longRemovalStopsPartWay
        /// Removing a thread leaves its requests' room taken: at the limit, sooner requests are then dropped.
        case threadRemovalKeepsTheRoom
        /// A request that came due keeps its room: after enough deliveries the center holds nothing.
        case deliveredKeepsTheRoom
        /// Answers `pendingRequests(threadIDs:)` with every thread whose id starts with the one asked.
        case listsThreadsByPrefix
        /// Its thread index still lists a request that came due.
        case threadIndexKeepsDueRequests
        /// A request removed and added again keeps the place it first had among equal instants.
        case reAddedKeepsItsFirstPlace
        /// Sorts by whole milliseconds: instants less than a millisecond apart are listed in the order added.
        case sortsByMilliseconds
        /// Reads its change count, awaits, and writes it back plus one: concurrent adds stamp one change.
        case countWrittenBackAfterAwait
        /// Shows a request that came due without its metadata.
        case showsDueWithoutMetadata

        var description: String { rawValue }

        /// The round of the check that first caught it: 1, 2 or 3.
        var round: Int {
            switch self {
            case .secondRequestOnReplace, .listsWhatItDroppedOverItsLimit, .losesFieldsOnTheRoundTrip,
                .throwsOnRemovingUnknownIdentifiers, .withdrawalDoesNothing, .listsOutOfOrder, .repeatsChangeCounts,
                .losesUpdatesUnderConcurrency, .showTouchesPending:
                1
            case .replacementKeepsActionsWhenItHasNone, .replacementMergesMetadata, .replacementAddsASecondPastSixteen,
                .longRemovalStopsPartWay, .threadRemovalKeepsTheRoom, .deliveredKeepsTheRoom, .listsThreadsByPrefix,
                .threadIndexKeepsDueRequests, .reAddedKeepsItsFirstPlace, .sortsByMilliseconds,
                .countWrittenBackAfterAwait, .showsDueWithoutMetadata:
                3
            default: 2
            }
        }

        /// Whether the center declares a limit (of ``ReferenceCenter/limit``).
        var hasLimit: Bool {
            [
                .listsWhatItDroppedOverItsLimit, .refusesAddsOnceFull, .replacementTakesRoom,
                .threadRemovalKeepsTheRoom,
                .deliveredKeepsTheRoom,
            ].contains(self)
        }
    }

    struct NotPending: Error {}

    /// How many it keeps when it has a limit.
    static let limit = 5

    private struct Entry {
        var request: NotificationRequest
        var sequence: Int
        /// What its alarm shows: the request, unless a flaw keeps an older version.
        var armed: NotificationRequest
    }

    /// An alarm a flaw left armed, for a request no longer pending as such.
    private struct StrayAlarm {
        var request: NotificationRequest
        /// Whether it takes the pending request with its identifier (and shows that) rather than its own copy.
        var takesPending: Bool
    }

    let flaw: Flaw?
    let literal: Bool
    let limit: Int?
    private(set) var now: Date
    private var entries: [Entry] = []
    private var nextSequence = 0
    private(set) var screen: [NotificationRequest] = []
    private var counter: UInt64 = 0
    private var threadCounts: [String: UInt64] = [:]
    /// Everything handed over and not removed, for the flaw that lists it.
    private var handedOver: [NotificationRequest] = []
    /// Whether the flaw awaits in the middle of an add, with the pending requests read before (and in place).
    private var awaitsWhileAdding: Bool {
        [.losesUpdatesUnderConcurrency, .checkThenInsertDuplicates].contains(flaw)
    }
    /// The thread each identifier was first added to, for the stale index.
    private var threadIndex: [String: String] = [:]
    private var strayAlarms: [StrayAlarm] = []
    private var refusing = false
    private var droppedDuringCall = false
    private var shownByShowCall: Set<String> = []
    private var withdrawnIdentifiers: Set<String> = []
    /// Room taken by requests no longer pending, for the flaws that keep it.
    private var roomKept = 0
    /// Requests that came due, for the stale thread index.
    private var dueButIndexed: [Entry] = []
    /// The first place each identifier had, for the flaw that gives it back.
    private var firstSequence: [String: Int] = [:]

    init(flaw: Flaw?, literal: Bool = false, now: Date) {
        self.flaw = flaw
        self.literal = literal
        self.now = now
        limit = flaw?.hasLimit == true ? Self.limit : nil
    }

    // MARK: - Comparing

    private func same(_ lhs: String, _ rhs: String, removing: Bool = false) -> Bool {
        switch flaw {
        case .foldsCase: return lhs.lowercased() == rhs.lowercased()
        case .foldsCompatibilityForms:
            return lhs.decomposedStringWithCompatibilityMapping == rhs.decomposedStringWithCompatibilityMapping
        case .trimsIdentifiers:
            return lhs.trimmingCharacters(in: .whitespaces) == rhs.trimmingCharacters(in: .whitespaces)
        case .literalStoreCanonicalRemoval: return removing ? lhs == rhs : scalars(lhs, rhs)
        default: return literal ? scalars(lhs, rhs) : lhs == rhs
        }
    }

    private func sameThread(_ lhs: String, _ rhs: String, removing: Bool = false) -> Bool {
        switch flaw {
        case .foldsThreadCase: lhs.lowercased() == rhs.lowercased()
        case .threadRemovalByPrefix where removing: lhs.hasPrefix(rhs)
        default: literal ? scalars(lhs, rhs) : lhs == rhs
        }
    }

    private func scalars(_ lhs: String, _ rhs: String) -> Bool {
        lhs.unicodeScalars.elementsEqual(rhs.unicodeScalars)
    }

    /// The thread a request is filed under: its own, or the stale index's.
    private func filedThread(_ entry: Entry) -> String {
        flaw == .staleThreadIndexAfterReplace
            ? threadIndex[entry.request.identifier] ?? entry.request.threadID : entry.request.threadID
    }

    // MARK: - Counts

    private func stamp(_ threadIDs: [String]) {
        for threadID in threadIDs {
            counter += 1
            threadCounts[threadID] = counter
        }
    }

    func changeCount() -> UInt64? {
        flaw == .repeatsChangeCounts ? UInt64(entries.count) : counter
    }

    func changeCounts(threadIDs: [String]) -> [UInt64]? {
        var asked = threadIDs
        if flaw == .countsAnsweredPerDistinctThread {
            var seen: Set<String> = []
            asked = threadIDs.filter { seen.insert($0).inserted }
        }
        return asked.map { threadID in
            flaw == .repeatsChangeCounts
                ? UInt64(entries.count { $0.request.threadID == threadID }) : threadCounts[threadID] ?? 0
        }
    }

    // MARK: - Pending

    func add(_ requests: [NotificationRequest]) async {
        if requests.isEmpty, flaw == .emptyAddClearsPending {
            stamp(entries.map(\.request.threadID))
            entries.removeAll()
            return
        }
        var stamped: [String] = []
        for (position, original) in requests.enumerated() {
            let stamping = position == 0 || flaw != .stampsFirstRequestOfEachCall
            var request = original
            if flaw == .normalizesStoredIdentifiers {
                request.identifier = request.identifier.precomposedStringWithCanonicalMapping
                request.threadID = request.threadID.precomposedStringWithCanonicalMapping
            }
            if flaw == .losesFieldsOnTheRoundTrip {
                request.collapseID = nil
                request.actions = request.actions.map { NotificationAction(id: $0.id, title: $0.title) }
            }
            if flaw == .storesInstantsInMilliseconds {
                let milliseconds = (request.fireAt.timeIntervalSinceReferenceDate * 1_000).rounded()
                request.fireAt = Date(timeIntervalSinceReferenceDate: milliseconds / 1_000)
            }
            if flaw == .sortsActionsByID { request.actions.sort { $0.id < $1.id } }
            if refusing { continue }
            var updated = entries
            // Taken out, so that appending to it does not copy it; the flaws that await meanwhile read it in place.
            if !awaitsWhileAdding { entries = [] }
            if flaw == .losesUpdatesUnderConcurrency { await Task.yield() }
            if flaw == .checkThenInsertDuplicates {
                let known = updated.contains { same($0.request.identifier, request.identifier) }
                await Task.yield()
                updated = entries
                if !known {
                    updated.append(Entry(request: request, sequence: nextSequence, armed: request))
                    nextSequence += 1
                    entries = updated
                    if stamping { stamped.append(request.threadID) }
                    continue
                }
            }
            let searched = flaw == .replacementAddsASecondPastSixteen ? Array(updated.prefix(16)) : updated
            let index = searched.firstIndex { same($0.request.identifier, request.identifier) }
            if stamping { stamped += (index.map { [updated[$0].request.threadID] } ?? []) + [request.threadID] }
            if flaw == .listsWhatItDroppedOverItsLimit {
                handedOver.removeAll { same($0.identifier, request.identifier) }
                handedOver.append(request)
            }
            if threadIndex[request.identifier] == nil { threadIndex[request.identifier] = request.threadID }
            var entry = Entry(request: request, sequence: nextSequence, armed: request)
            nextSequence += 1
            if flaw == .reAddedKeepsItsFirstPlace, index == nil {
                entry.sequence = firstSequence[request.identifier] ?? entry.sequence
                firstSequence[request.identifier] = entry.sequence
            }
            if let index, flaw != .secondRequestOnReplace {
                let old = updated[index]
                if flaw != .staleThreadIndexAfterReplace { threadIndex[request.identifier] = request.threadID }
                if old.request.fireAt != request.fireAt {
                    if flaw == .replacementLeavesOldAlarmArmed {
                        strayAlarms.append(StrayAlarm(request: old.armed, takesPending: false))
                    }
                    if flaw == .oldAlarmTakesTheReplacement {
                        strayAlarms.append(StrayAlarm(request: old.armed, takesPending: true))
                    }
                } else if flaw == .showsTheVersionArmedFirst {
                    entry.armed = old.armed
                }
                switch flaw {
                case .replacementKeepsActionsWhenItHasNone where request.actions.isEmpty:
                    entry.request.actions = old.request.actions
                    entry.armed = entry.request
                case .replacementMergesMetadata:
                    entry.request.metadata = old.request.metadata.merging(request.metadata) { $1 }
                    entry.armed = entry.request
                case .replacementMergesIntoTheOld:
                    var merged = old.request
                    merged.title = request.title
                    merged.fireAt = request.fireAt
                    entry.request = merged
                    entry.armed = merged
                case .replacementKeepsItsPlace:
                    entry.sequence = old.sequence
                    updated[index] = entry
                    entries = updated
                    continue
                case .replacementKeepsItsTieOrder:
                    entry.sequence = old.sequence
                case .replacementTakesRoom:
                    updated.append(entry)
                    trim(&updated)
                    updated.removeAll { $0.sequence == old.sequence }
                    entries = updated
                    continue
                default: break
                }
                updated.remove(at: index)
            }
            if flaw == .replacementKeepsItsPlace {
                // Its listing is kept in order as requests arrive; a replacement, above, stays where it was.
                let key = (entry.request.fireAt, entry.sequence)
                let slot = updated.firstIndex { ($0.request.fireAt, $0.sequence) > key } ?? updated.count
                updated.insert(entry, at: slot)
            } else {
                updated.append(entry)
            }
            trim(&updated)
            entries = updated
            if flaw == .countWrittenBackAfterAwait {
                let read = counter
                await Task.yield()
                counter = read
            }
        }
        stamp(stamped)
        if droppedDuringCall, flaw == .refusesAddsOnceFull { refusing = true }
        droppedDuringCall = false
        fireDue(atAdd: true)
    }

    /// Keeps the soonest `limit`, forgetting the rest (their alarms too).
    private func trim(_ updated: inout [Entry]) {
        guard let limit else { return }
        let kept = Array(sorted(updated).prefix(max(0, limit - roomKept)))
        if kept.count < updated.count { droppedDuringCall = true }
        updated = kept
    }

    func removePending(identifiers: [String], reason: NotificationReason) async throws {
        if identifiers.isEmpty, flaw == .emptyRemovalRemovesEverything {
            stamp(entries.map(\.request.threadID))
            entries.removeAll()
            return
        }
        if flaw == .repeatedIdentifierRemovesANeighbour {
            let positions = identifiers.flatMap { identifier in
                entries.indices.filter { same(entries[$0].request.identifier, identifier, removing: true) }
            }
            stamp(positions.map { entries[$0].request.threadID })
            for position in positions.sorted(by: >) where position < entries.count {
                entries.remove(at: position)
            }
            return
        }
        var stamped: [String] = []
        var known = pendingKeys()
        for (position, identifier) in identifiers.enumerated() {
            if flaw == .longRemovalStopsPartWay, position >= 64 { break }
            if let keys = known, !keys.contains(key(identifier)) {
                // Not pending: passed over without a scan of everything pending (the long lists of the check).
                if flaw == .throwsOnRemovingUnknownIdentifiers { throw NotPending() }
                if flaw == .removalStopsAtFirstUnknown { break }
                continue
            }
            known?.remove(key(identifier))
            var updated = entries
            if flaw == .losesUpdatesUnderConcurrency { await Task.yield() }
            let removed = updated.filter { same($0.request.identifier, identifier, removing: true) }
            if removed.isEmpty {
                if flaw == .throwsOnRemovingUnknownIdentifiers { throw NotPending() }
                if flaw == .removalStopsAtFirstUnknown { break }
            }
            if flaw == .removalLeavesAlarmArmed {
                strayAlarms += removed.map { StrayAlarm(request: $0.armed, takesPending: false) }
            }
            if position == 0 || flaw != .stampsFirstRequestOfEachCall { stamped += removed.map(\.request.threadID) }
            updated.removeAll { same($0.request.identifier, identifier, removing: true) }
            handedOver.removeAll { same($0.identifier, identifier, removing: true) }
            entries = updated
        }
        stamp(stamped)
        if entries.isEmpty { refusing = false }
    }

    /// An identifier as this center compares it, when it compares by equality of a key: literally, scalar by scalar,
    /// or as Swift's `String` does.
    private func key(_ identifier: String) -> String {
        literal ? identifier.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ") : identifier
    }

    /// The keys of what is pending, or `nil` for a flaw that folds identifiers, awaits per identifier or lists what it
    /// dropped (those scan).
    private func pendingKeys() -> Set<String>? {
        switch flaw {
        case .foldsCase, .foldsCompatibilityForms, .trimsIdentifiers, .literalStoreCanonicalRemoval,
            .losesUpdatesUnderConcurrency, .listsWhatItDroppedOverItsLimit:
            nil
        default: Set(entries.map { key($0.request.identifier) })
        }
    }

    func removePending(threadID: String, reason: NotificationReason) async {
        let current = entries
        if flaw == .threadRemovalReadsThenWritesBack { await Task.yield() }
        let removed = current.filter { sameThread(filedThread($0), threadID, removing: true) }
        if flaw == .threadRemovalLeavesAlarmsArmed {
            strayAlarms += removed.map { StrayAlarm(request: $0.armed, takesPending: false) }
        }
        stamp(removed.map(\.request.threadID))
        if flaw == .threadRemovalKeepsTheRoom { roomKept += removed.count }
        let base = flaw == .threadRemovalReadsThenWritesBack ? current : entries
        entries = base.filter { !sameThread(filedThread($0), threadID, removing: true) }
        handedOver.removeAll { sameThread($0.threadID, threadID, removing: true) }
        if entries.isEmpty { refusing = false }
    }

    func pendingRequests() -> [NotificationRequest] {
        switch flaw {
        case .listsOutOfOrder: entries.map(\.request)
        case .listsWhatItDroppedOverItsLimit:
            handedOver.enumerated().sorted { ($0.element.fireAt, $0.offset) < ($1.element.fireAt, $1.offset) }
                .map(\.element)
        case .replacementKeepsItsPlace: entries.map(\.request)
        default: sorted(entries).map(\.request)
        }
    }

    func pendingRequests(threadIDs: [String]) -> [[NotificationRequest]] {
        if threadIDs.isEmpty, flaw == .emptyThreadListAnswersEverything { return [pendingRequests()] }
        let listed = sorted(entries + (flaw == .threadIndexKeepsDueRequests ? dueButIndexed : []))
        return threadIDs.map { threadID in
            listed.filter { entry in
                flaw == .listsThreadsByPrefix
                    ? filedThread(entry).hasPrefix(threadID) : sameThread(filedThread(entry), threadID)
            }.map(\.request)
        }
    }

    /// Soonest first, ties in the order added (a stable sort); whole seconds for the flaw that rounds.
    private func sorted(_ list: [Entry]) -> [Entry] {
        func key(_ entry: Entry) -> Double {
            let seconds = entry.request.fireAt.timeIntervalSinceReferenceDate
            switch flaw {
            case .sortsByWholeSeconds: return seconds.rounded(.down)
            case .sortsByMilliseconds: return (seconds * 1_000).rounded(.down)
            default: return seconds
            }
        }
        return list.sorted { (key($0), $0.sequence) < (key($1), $1.sequence) }
    }

    // MARK: - Screen

    func show(_ request: NotificationRequest) {
        if flaw == .showTouchesPending {
            entries.removeAll { $0.request.identifier == request.identifier }
        }
        if flaw == .showCancelsItsThread {
            entries.removeAll { $0.request.threadID == request.threadID && $0.request.identifier != request.identifier }
        }
        shownByShowCall.insert(request.identifier)
        var shown = request
        if flaw == .showDropsLinkAndActions {
            shown.deepLink = ""
            shown.actions = []
        }
        put(shown, fromShowCall: true)
    }

    private func put(_ request: NotificationRequest, fromShowCall: Bool) {
        switch flaw {
        case .reshowKeepsFirstVersion where fromShowCall && screen.contains { $0.identifier == request.identifier }:
            return
        case .reshowAddsASecondCopy where fromShowCall:
            break
        case .collapsesThreadOnScreen where !fromShowCall:
            screen.removeAll { $0.identifier == request.identifier || $0.threadID == request.threadID }
        default:
            screen.removeAll { $0.identifier == request.identifier }
        }
        screen.append(request)
    }

    func withdrawShown(identifiers: [String], reason: NotificationReason) {
        guard flaw != .withdrawalDoesNothing else { return }
        if identifiers.isEmpty, flaw == .emptyWithdrawalClearsScreen {
            screen.removeAll()
            return
        }
        for identifier in identifiers {
            let withdrawn = screen.filter { same($0.identifier, identifier) }
            if withdrawn.isEmpty, flaw == .withdrawalStopsAtFirstUnknown { break }
            if flaw == .withdrawalSeesOnlyShowCalls, !shownByShowCall.contains(identifier) { continue }
            screen.removeAll { shown in
                same(shown.identifier, identifier)
                    || (flaw == .withdrawalTakesTheThread && withdrawn.contains { $0.threadID == shown.threadID })
            }
            if flaw == .withdrawalAlsoRemovesPending {
                entries.removeAll { same($0.request.identifier, identifier) }
            }
            withdrawnIdentifiers.insert(identifier)
        }
    }

    // MARK: - Time

    /// Moves time to `instant` and shows what came due.
    func advance(to instant: Date) {
        if flaw == .exactlyNowWaitsForTime, instant <= now { return }
        now = max(now, instant)
        fireDue(atAdd: false)
    }

    private func fireDue(atAdd: Bool) {
        let horizon = flaw == .takesRequestsHalfASecondEarly ? now.addingTimeInterval(0.5) : now
        func isDue(_ date: Date) -> Bool {
            atAdd && flaw == .exactlyNowWaitsForTime ? date < now : date <= horizon
        }
        for stray in strayAlarms where isDue(stray.request.fireAt) {
            if stray.takesPending,
                let index = entries.firstIndex(where: { $0.request.identifier == stray.request.identifier })
            {
                put(entries.remove(at: index).request, fromShowCall: false)
            } else if !stray.takesPending {
                put(stray.request, fromShowCall: false)
            }
        }
        strayAlarms.removeAll { isDue($0.request.fireAt) }
        let due = sorted(entries).filter { isDue($0.request.fireAt) }
        entries.removeAll { entry in due.contains { $0.sequence == entry.sequence } }
        if flaw == .deliveredKeepsTheRoom { roomKept += due.count }
        if flaw == .threadIndexKeepsDueRequests { dueButIndexed += due }
        stamp(
            flaw == .stampsFirstDueThreadOnly
                ? Array(due.prefix(1).map(\.request.threadID)) : due.map(\.request.threadID))
        for entry in due {
            if flaw == .suppressesIdentifierShownBefore, shownByShowCall.contains(entry.request.identifier) { continue }
            if flaw == .withdrawnIdentifierNeverShowsAgain, withdrawnIdentifiers.contains(entry.request.identifier) {
                continue
            }
            if flaw == .dropsLongLateRequests, now.timeIntervalSince(entry.request.fireAt) > 3_600 { continue }
            var shown = entry.armed
            if flaw == .showsDueWithoutMetadata { shown.metadata = [:] }
            put(shown, fromShowCall: false)
        }
    }
}
