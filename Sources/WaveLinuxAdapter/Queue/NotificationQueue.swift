package import Foundation
internal import WaveNotifications

/// The timer queue with a pending budget: the soonest `limit` requests are armed, the rest wait in a backlog, and
/// every operation keeps it that way in O(log n) per request it adds, removes or fires.
///
/// Invariant: every armed request sorts before every backlogged one, and the backlog is empty unless exactly
/// `limit` are armed. The armed set lives in two indexed heaps over the same entries, one with the soonest on top
/// (what fires next) and one with the latest on top (what an earlier arrival displaces; kept only under a finite
/// limit). Requests are found by identifier through one ``SlotIndex``, and by thread through the
/// ``QueueThreadTable``'s member lists, so removing a thread costs its own requests, not a scan.
///
/// Each pending request is one ``QueueRecord`` of plain values (its fire date, order, thread number and where its
/// payload is kept), so the heaps and indexes are keyed by integers only; a WorldWideWaves call's trigger and keys
/// are shared by every call with the same ones, its arguments and link by its event's calls (``QueueContents``).
/// The threads' change counts are kept here too, stamped by the operations that change a thread.
package struct NotificationQueue: Sendable {
    /// A request that moved between the armed set and the backlog during one operation.
    package enum Transition: Hashable, Sendable {
        /// It is now armed: counted against the limit and eligible to fire.
        case armed(PendingNotification)
        /// It now waits in the backlog until sooner requests fire or are removed.
        case backlogged(PendingNotification)
    }

    /// How many requests may be armed at once; at least 1.
    package let limit: Int

    /// Every pending request's record and what the records point into. A record's slot is what its heap entries
    /// and index entries name; records stay put while the heaps reorder small keys.
    private var contents = QueueContents()
    private var freeSlots: [Int] = []
    private var freeRequests: [Int32] = []
    private var armedBySoonest = IndexedHeap<QueueKey>(order: .smallestFirst)
    /// Kept only under a real limit: without one (`Int.max`) the armed set is never full, so nothing is ever
    /// displaced and the latest armed request is never asked for.
    private var armedByLatest = IndexedHeap<QueueKey>(order: .largestFirst)
    private let tracksLatest: Bool
    /// Whether operations build what only an observer or the store reads: the moves between the armed set and the
    /// backlog, the request a replacement replaced, the requests a removal removed. Without them (a manager whose
    /// observer ignores everything and that saves nothing) an operation builds no notification from a record but
    /// the one it hands back to be delivered; counts, order and change counts are the same either way.
    package var reportsOutcomes = true
    private var backlog = IndexedHeap<QueueKey>(order: .smallestFirst)
    /// The slot of each pending request, by identifier.
    private var identifierIndex = SlotIndex()
    /// The threads, their members and their change counts.
    private var threads = QueueThreadTable()
    private var log = TransitionLog()

    /// Creates an empty queue.
    ///
    /// - Parameter limit: How many requests may be armed at once; values below 1 are raised to 1.
    package init(limit: Int) {
        self.limit = max(1, limit)
        tracksLatest = limit < Int.max
    }

    /// Armed plus backlogged requests.
    package var count: Int { armedBySoonest.count + backlog.count }

    /// Requests in the armed set.
    package var armedCount: Int { armedBySoonest.count }

    /// Requests waiting in the backlog.
    package var backlogCount: Int { backlog.count }

    /// When the armed request that fires next, which is also the soonest of all, is due.
    package var nextFireDate: Date? { armedBySoonest.first?.priority.fireDate }

    /// The queue's contents as a snapshot: every record and what it points into, in no order.
    package typealias Slots = QueueContents

    /// Every pending request, sorted by fire date then order of addition, with its armed flag.
    package func snapshot() -> [PendingNotification] {
        Self.sortedPending(slotsSnapshot)
    }

    /// The contents as they are now, with armed flags, in constant time (copy-on-write references);
    /// ``sortedPending(_:)`` and ``PendingListing`` order them.
    package var slotsSnapshot: Slots {
        var snapshot = contents
        snapshot.armed = armedBySoonest
        snapshot.waiting = backlog
        return snapshot
    }

    /// The contents as they are now, for a listing of requests: ``slotsSnapshot``.
    package var listingSnapshot: Slots { slotsSnapshot }

    /// The pending requests of a snapshot, sorted by fire date then order of addition.
    ///
    /// - Parameter slots: A ``slotsSnapshot``.
    /// - Returns: The pending requests, soonest first.
    package static func sortedPending(_ slots: Slots) -> [PendingNotification] {
        sortedOccupiedSlots(slots).map { slots.notification(atSlot: $0) }
    }

    /// The occupied slots' numbers in queue order, sorting plain keys and numbers.
    private static func sortedOccupiedSlots(_ slots: Slots) -> [Int] {
        var keyed: [(key: QueueKey, slot: Int)] = []
        keyed.reserveCapacity(slots.slotCount)
        for slot in 0..<slots.slotCount {
            if let key = slots.queueKey(ofSlot: slot) {
                keyed.append((key, slot))
            }
        }
        keyed.sort { $0.key < $1.key }
        return keyed.map(\.slot)
    }

    /// The pending request with this identifier, if any.
    ///
    /// - Parameter identifier: The request identifier.
    /// - Returns: The pending request, with its armed flag.
    package func pending(_ identifier: String) -> PendingNotification? {
        findSlot(of: RequestKey(identifier)).map { notification(atSlot: $0, isArmed: armedBySoonest.contains($0)) }
    }

    /// The pending requests of a thread, through the per-thread index, soonest first.
    ///
    /// - Parameter threadID: The thread id.
    /// - Returns: The thread's pending requests, as added; empty when it has none.
    func requests(inThread threadID: String) -> [NotificationRequest] {
        guard let thread = threads.number(of: RequestKey(threadID)) else { return [] }
        var keyed = members(ofThread: thread).map { member in
            (key: key(ofSlot: Int(member)), slot: Int(member))
        }
        keyed.sort { $0.key < $1.key }
        return keyed.map { contents.request(atSlot: $0.slot, key: $0.key) }
    }

    /// The change count of everything pending: it moves at every change to any thread.
    package var changeCount: UInt64 { threads.latestCount }

    /// A thread's change count: stamped at every change to what is pending in it (an addition or replacement, a
    /// removal, a request taken when due); a thread never stamped, or stamped before every count last changed, has
    /// the floor every such thread shares.
    ///
    /// - Parameter threadID: The thread id.
    /// - Returns: Its count.
    package func changeCount(ofThread threadID: String) -> UInt64 {
        threads.changeCount(of: RequestKey(threadID))
    }

    /// Changes every thread's count (the queue was rebuilt): each returns a value none had before.
    package mutating func recordChangeInEveryThread() {
        clearForgotten(threads.recordChangeInEveryThread())
    }

    /// Adds a request, replacing the pending one with the same identifier, and stamps the threads it changed.
    ///
    /// - Parameters:
    ///   - notification: The request; its ``PendingNotification/isArmed`` is ignored.
    ///   - recordsChange: Whether to stamp the threads' change counts; a restart's re-arming does not.
    /// - Returns: The request it replaced, the request as placed (armed flag set), and the moves it caused, its
    ///   own placement included.
    package mutating func insert(
        _ notification: PendingNotification, recordsChange: Bool = true
    ) -> (replaced: PendingNotification?, placed: PendingNotification, transitions: [Transition]) {
        let outcome = place(.notification(notification))
        if recordsChange {
            recordChange(inThread: outcome.thread, pendingCount: count)
            if let replacedThread = outcome.replacedThread, replacedThread != outcome.thread {
                recordChange(inThread: replacedThread, pendingCount: count)
            }
        }
        return (outcome.replaced, outcome.placed!, outcome.transitions)
    }

    /// Adds a WorldWideWaves call that fires when it asked, from its parts, as ``insert(_:recordsChange:)`` adds the
    /// notification they make, without building that notification unless ``reportsOutcomes``.
    ///
    /// - Parameters:
    ///   - eventID: The event id, already validated.
    ///   - trigger: The trigger.
    ///   - content: The keys, arguments and deep link.
    ///   - fireDate: When it fires: the instant the call asked for.
    ///   - sequence: Its order of addition.
    /// - Returns: What ``insert(_:recordsChange:)`` returns; the request as placed only when ``reportsOutcomes``.
    mutating func insertCall(
        eventID: String, trigger: NotificationTrigger, content: NotificationContent, fireDate: Date, sequence: UInt64
    ) -> (replaced: PendingNotification?, placed: PendingNotification?, transitions: [Transition]) {
        let outcome = place(
            .call(
                eventID: eventID, trigger: trigger, content: content,
                key: QueueKey(fireDate: fireDate, sequence: sequence)))
        recordChange(inThread: outcome.thread, pendingCount: count)
        if let replacedThread = outcome.replacedThread, replacedThread != outcome.thread {
            recordChange(inThread: replacedThread, pendingCount: count)
        }
        return (outcome.replaced, outcome.placed, outcome.transitions)
    }

    /// What is placed: a notification, or a call's parts.
    private enum Arrival {
        case notification(PendingNotification)
        case call(eventID: String, trigger: NotificationTrigger, content: NotificationContent, key: QueueKey)

        var identifierKey: RequestKey {
            switch self {
            case .notification(let notification): notification.identifierKey
            case .call(let eventID, let trigger, _, _): RequestKey(eventID: eventID, trigger: trigger)
            }
        }

        var threadKey: RequestKey {
            switch self {
            case .notification(let notification): notification.threadKey
            case .call(let eventID, _, _, _): RequestKey(threadOfEvent: eventID)
            }
        }

        var queueKey: QueueKey {
            switch self {
            case .notification(let notification): notification.queueKey
            case .call(_, _, _, let key): key
            }
        }
    }

    /// Places a request without stamping any thread; `placed` is `nil` only for a call's parts when nothing reads it.
    private mutating func place(
        _ arrival: Arrival
    ) -> (
        replaced: PendingNotification?, placed: PendingNotification?, transitions: [Transition], thread: Int,
        replacedThread: Int?
    ) {
        log.reset()
        var replaced: PendingNotification?
        var replacedThread: Int?
        let slot: Int
        let identifierKey = arrival.identifierKey
        let thread = threadNumber(creating: arrival.threadKey)
        if let existing = findSlot(of: identifierKey) {
            // The replacement takes over its predecessor's slot, and its thread entry when the thread is the same.
            slot = existing
            if reportsOutcomes {
                replaced = self.notification(atSlot: slot, isArmed: false)
            }
            detachFromSets(slot)
            let old = contents.records[slot]
            replacedThread = Int(old.thread)
            if Int(old.thread) != thread {
                leaveThread(slot)
                releasePayload(of: old)
                joinThread(slot, thread: thread)
            } else {
                releasePayload(of: old)
            }
        } else {
            slot = allocateSlot()
            identifierIndex.insert(slot, hash: identifierKey.hashCode)
            joinThread(slot, thread: thread)
        }
        fill(slot, with: arrival, thread: thread)
        place(slot, key: arrival.queueKey)
        let isArmed = armedBySoonest.contains(slot)
        let placed: PendingNotification?
        switch arrival {
        case .notification(let notification):
            placed = notification.marked(armed: isArmed)
        case .call(let eventID, let trigger, let content, let key):
            placed =
                reportsOutcomes
                ? PendingNotification(
                    eventID: eventID, trigger: trigger, content: content, requestedAt: key.fireDate,
                    fireDate: key.fireDate, sequence: key.sequence, isArmed: isArmed) : nil
        }
        return (replaced, placed, netTransitions(newSlot: slot, placed: placed), thread, replacedThread)
    }

    /// Removes every request of a thread and adds `notifications`, with the outcome of ``removeAll(threadID:)``
    /// followed by ``insert(_:recordsChange:)`` of each in order, reported the same way; a notification whose
    /// identifier was pending in the thread takes over its slot in place (its record rewritten, its identifier index
    /// and thread entries kept) instead of being removed and inserted again.
    ///
    /// The armed set and the backlog go through the same steps as the removal and the insertions would (the slots
    /// taken over leave both heaps with the rest, and each comes back as its insertion would place it), so every
    /// promotion and demotion, and every change count, is the same; only the index and thread bookkeeping is
    /// saved. When a notification belongs to another thread, it removes and inserts.
    ///
    /// - Parameters:
    ///   - threadID: The thread id.
    ///   - notifications: The requests to add, each with its sequence number.
    /// - Returns: What ``removeAll(threadID:)`` returns, then what each insertion returns, in order.
    package mutating func replaceAll(
        threadID: String, with notifications: [PendingNotification]
    ) -> (
        removed: [PendingNotification], removedCount: Int, removalTransitions: [Transition],
        insertions: [(replaced: PendingNotification?, placed: PendingNotification, transitions: [Transition])]
    ) {
        let threadKey = RequestKey(threadID)
        guard let thread = threads.number(of: threadKey), threads.memberCount[thread] > 0,
            notifications.allSatisfy({ $0.threadKey == threadKey })
        else {
            return removeAllThenInsert(threadID: threadID, notifications)
        }
        let members = members(ofThread: thread)
        // Which notification takes over which pending slot: the first with its identifier. When the thread holds only
        // calls, a call's identifier is its trigger's (the thread fixes the event), so the members are compared
        // by trigger without hashing or probing the index; otherwise the index finds it.
        let onlyCalls = members.allSatisfy { contents.records[Int($0)].isCall }
        var claimedSlots: [Int] = []
        var claims: [Int?] = []
        claims.reserveCapacity(notifications.count)
        for notification in notifications {
            let found: Int?
            if onlyCalls, let call = notification.compactCall {
                found = members.lazy.map(Int.init).first { member in
                    Self.haveOneIdentifier(contents.shapes[contents.records[member].shape].trigger, call.trigger)
                }
            } else {
                found = findSlot(of: notification.identifierKey)
            }
            if let slot = found, Int(contents.records[slot].thread) == thread, !claimedSlots.contains(slot) {
                claimedSlots.append(slot)
                claims.append(slot)
            } else {
                claims.append(nil)
            }
        }
        let removed =
            reportsOutcomes
            ? members.map { notification(atSlot: Int($0), isArmed: false) }.sorted { $0.queueKey < $1.queueKey } : []
        // Every member leaves the armed set and the backlog, as the removal takes them; those no notification takes
        // over leave the queue altogether.
        log.reset()
        for member in members {
            let slot = Int(member)
            detachFromSets(slot)
            guard !claimedSlots.contains(slot) else { continue }
            identifierIndex.remove(slot)
            let record = contents.records[slot]
            leaveThread(slot)
            releasePayload(of: record)
            freeSlot(slot)
        }
        rebalance()
        let removalTransitions = netTransitions(newSlot: nil, placed: nil)
        recordChange(inThread: thread, pendingCount: count)
        var insertions: [(replaced: PendingNotification?, placed: PendingNotification, transitions: [Transition])] =
            []
        insertions.reserveCapacity(notifications.count)
        for (notification, claim) in zip(notifications, claims) {
            guard let slot = claim else {
                insertions.append(insert(notification))
                continue
            }
            // The insertion's steps, in the slot kept: placed in the armed set or the backlog by its key.
            log.reset()
            releasePayload(of: contents.records[slot])
            fill(slot, with: .notification(notification), thread: thread)
            place(slot, key: notification.queueKey)
            let placed = notification.marked(armed: armedBySoonest.contains(slot))
            recordChange(inThread: thread, pendingCount: count)
            insertions.append((nil, placed, netTransitions(newSlot: slot, placed: placed)))
        }
        return (removed, members.count, removalTransitions, insertions)
    }

    /// Whether two calls of one event have the same identifier: the same trigger id (`start_<whole minutes>m`,
    /// `finished`, `wave_hit`), compared without building it.
    private static func haveOneIdentifier(_ left: NotificationTrigger, _ right: NotificationTrigger) -> Bool {
        switch (left, right) {
        case (.eventStarting(let leftBefore), .eventStarting(let rightBefore)):
            leftBefore == rightBefore || leftBefore.wholeMinutes == rightBefore.wholeMinutes
        case (.eventFinished, .eventFinished), (.waveHit, .waveHit): true
        default: false
        }
    }

    /// ``replaceAll(threadID:with:)`` the plain way: the removal, then each insertion.
    private mutating func removeAllThenInsert(
        threadID: String, _ notifications: [PendingNotification]
    ) -> (
        removed: [PendingNotification], removedCount: Int, removalTransitions: [Transition],
        insertions: [(replaced: PendingNotification?, placed: PendingNotification, transitions: [Transition])]
    ) {
        let removal = removeAll(threadID: threadID)
        let insertions = notifications.map { insert($0) }
        return (removal.removed, removal.removedCount, removal.transitions, insertions)
    }

    /// Removes requests by identifier; identifiers that are not pending are skipped. Stamps each removed request's
    /// thread, in order.
    ///
    /// - Parameter identifiers: The request identifiers.
    /// - Returns: The removed requests, in the order of `identifiers` (empty unless ``reportsOutcomes``), how many
    ///   were removed, and the promotions their removal caused.
    package mutating func remove(
        _ identifiers: [String]
    ) -> (removed: [PendingNotification], removedCount: Int, transitions: [Transition]) {
        log.reset()
        var removed: [PendingNotification] = []
        var removedThreads: [Int] = []
        for identifier in identifiers {
            guard let slot = findSlot(of: RequestKey(identifier)) else { continue }
            identifierIndex.remove(slot)
            if reportsOutcomes {
                removed.append(notification(atSlot: slot, isArmed: false))
            }
            detachFromSets(slot)
            let record = contents.records[slot]
            removedThreads.append(Int(record.thread))
            leaveThread(slot)
            releasePayload(of: record)
            freeSlot(slot)
        }
        guard !removedThreads.isEmpty else { return ([], 0, []) }
        rebalance()
        for thread in removedThreads {
            recordChange(inThread: thread, pendingCount: count)
        }
        return (removed, removedThreads.count, netTransitions(newSlot: nil, placed: nil))
    }

    /// Removes every request of a thread, through the per-thread index, and stamps the thread when it had any.
    ///
    /// - Parameter threadID: The thread id.
    /// - Returns: The removed requests, soonest first (empty unless ``reportsOutcomes``), how many were removed,
    ///   and the promotions their removal caused.
    package mutating func removeAll(
        threadID: String
    ) -> (removed: [PendingNotification], removedCount: Int, transitions: [Transition]) {
        log.reset()
        guard let thread = threads.number(of: RequestKey(threadID)), threads.memberCount[thread] > 0 else {
            return ([], 0, [])
        }
        let members = members(ofThread: thread)
        threads.firstMember[thread] = -1
        threads.memberCount[thread] = 0
        var removed: [PendingNotification] = []
        if reportsOutcomes {
            removed.reserveCapacity(members.count)
            for member in members {
                removed.append(notification(atSlot: Int(member), isArmed: false))
            }
        }
        // Every notification is built before any of the thread's entries is released.
        for member in members {
            let slot = Int(member)
            identifierIndex.remove(slot)
            detachFromSets(slot)
            releasePayload(of: contents.records[slot])
            freeSlot(slot)
        }
        rebalance()
        recordChange(inThread: thread, pendingCount: count)
        return (
            removed.sorted { $0.queueKey < $1.queueKey }, members.count, netTransitions(newSlot: nil, placed: nil)
        )
    }

    /// Removes and returns the soonest armed request if it is due at `now`, and stamps its thread.
    ///
    /// Only armed requests are considered, so the budget decides what can fire; the backlog's soonest is promoted
    /// into the freed slot.
    ///
    /// - Parameter now: The current instant.
    /// - Returns: The due request and the promotion its removal caused, or `nil` when nothing is due.
    package mutating func removeNextDue(
        at now: Date
    ) -> (notification: PendingNotification, transitions: [Transition])? {
        guard let first = armedBySoonest.first, first.priority.fireDate <= now else { return nil }
        log.reset()
        let slot = first.slot
        let removed = notification(atSlot: slot, key: first.priority, isArmed: true)
        detachFromSets(slot)
        let record = contents.records[slot]
        leaveThread(slot)
        releasePayload(of: record)
        identifierIndex.remove(slot)
        freeSlot(slot)
        rebalance()
        recordChange(inThread: Int(record.thread), pendingCount: count)
        let transitions = netTransitions(newSlot: nil, placed: nil)
        return (removed, transitions)
    }

    /// Empties the queue, keeping the change counter (a restart then changes every count).
    ///
    /// - Returns: Everything that was pending, soonest first.
    package mutating func removeEverything() -> [PendingNotification] {
        let all = snapshot().map { $0.marked(armed: false) }
        removeAllWithoutReporting()
        return all
    }

    /// Empties the queue without building what was pending, keeping the change counter and the threads' numbers
    /// (a restart then changes every count, forgetting the threads).
    package mutating func removeAllWithoutReporting() {
        var emptied = NotificationQueue(limit: limit)
        emptied.reportsOutcomes = reportsOutcomes
        emptied.threads = threads
        for thread in 0..<threads.firstMember.count {
            emptied.threads.firstMember[thread] = -1
            emptied.threads.memberCount[thread] = 0
        }
        emptied.contents.eventIDs = contents.eventIDs
        emptied.contents.firstArguments = Array(repeating: -1, count: contents.firstArguments.count)
        self = emptied
    }

    /// Makes room for `additional` more requests at once, so a batch grows the identifier index and the slot
    /// arrays once instead of rehashing and copying them as they double.
    ///
    /// - Parameter additional: How many requests are about to be inserted (replacements count too; they are
    ///   harmless over-estimates).
    package mutating func reserveCapacity(forAdditional additional: Int) {
        let total = identifierIndex.count + additional
        guard additional > 1 else { return }
        identifierIndex.reserveCapacity(total)
        // `Array.reserveCapacity` grows to exactly what is asked: asked a little more at each of many small
        // batches, it would copy the array every time. Grow it by doubling at least, as appending does.
        guard total > contents.records.capacity else { return }
        contents.records.reserveCapacity(Swift.max(total, 2 * contents.records.capacity))
    }

    /// The slot of the pending request with this identifier: where its record stays while it is pending (tests
    /// check that a replacement in place keeps it).
    ///
    /// - Parameter identifier: The request identifier.
    /// - Returns: The slot, or `nil` when nothing with the identifier is pending.
    func slot(ofIdentifier identifier: String) -> Int? {
        findSlot(of: RequestKey(identifier))
    }

    /// The key of an occupied slot that is in the armed set or the backlog.
    private func key(ofSlot slot: Int) -> QueueKey {
        armedBySoonest.priority(of: slot) ?? backlog.priority(of: slot)!
    }

    /// The pending notification at an occupied slot in the armed set or the backlog.
    private func notification(atSlot slot: Int, key: QueueKey? = nil, isArmed: Bool) -> PendingNotification {
        contents.notification(atSlot: slot, key: key ?? self.key(ofSlot: slot), isArmed: isArmed)
    }

    /// The slot of the pending request with this identifier.
    private func findSlot(of key: RequestKey) -> Int? {
        identifierIndex.find(hash: key.hashCode) { contents.slot($0, hasIdentifier: key) }
    }

    /// The number of a thread, numbered now if new (its per-thread tables grown with it).
    private mutating func threadNumber(creating key: RequestKey) -> Int {
        let (thread, isNew) = threads.number(creating: key)
        if isNew {
            contents.eventIDs.append(nil)
            contents.firstArguments.append(-1)
        }
        return thread
    }

    /// Stamps a thread's change count, clearing the per-thread tables of threads it forgot.
    private mutating func recordChange(inThread thread: Int, pendingCount: Int) {
        clearForgotten(threads.recordChange(inThread: thread, pendingCount: pendingCount))
    }

    private mutating func clearForgotten(_ forgotten: [Int]) {
        for thread in forgotten {
            contents.eventIDs[thread] = nil
        }
    }

    /// Writes a notification's fire date, order and payload into a slot whose thread is set.
    private mutating func fill(_ slot: Int, with arrival: Arrival, thread: Int) {
        switch arrival {
        case .call(let eventID, let trigger, let content, _):
            fill(slot, call: eventID, trigger: trigger, content: content, thread: thread)
        case .notification(let notification):
            if let call = notification.compactCall {
                fill(slot, call: call.eventID, trigger: call.trigger, content: call.content, thread: thread)
            } else {
                contents.records[slot].shape = -1
                contents.records[slot].payload = storeRequest(notification.request)
            }
        }
    }

    /// Writes a call's parts into a slot whose thread is set.
    private mutating func fill(
        _ slot: Int, call eventID: String, trigger: NotificationTrigger, content: NotificationContent, thread: Int
    ) {
        if contents.eventIDs[thread] == nil {
            contents.eventIDs[thread] = eventID
        }
        contents.records[slot].shape = contents.shapes.use(
            trigger: trigger, titleKey: content.titleKey, bodyKey: content.bodyKey)
        contents.records[slot].payload = contents.useArguments(content, inThread: thread)
    }

    /// Keeps a request whole, returning its number.
    private mutating func storeRequest(_ request: NotificationRequest) -> Int32 {
        if let number = freeRequests.popLast() {
            contents.requests[Int(number)] = request
            return number
        }
        contents.requests.append(request)
        return Int32(contents.requests.count - 1)
    }

    /// Lets go of what a record pointed into: its shape and arguments, or its request.
    private mutating func releasePayload(of record: QueueRecord) {
        if record.isCall {
            contents.shapes.release(record.shape)
            contents.releaseArguments(record.payload, inThread: Int(record.thread))
        } else {
            contents.requests[Int(record.payload)] = nil
            freeRequests.append(record.payload)
        }
    }

    /// A slot for a new request; the caller fills it.
    private mutating func allocateSlot() -> Int {
        if let slot = freeSlots.popLast() {
            return slot
        }
        contents.records.append(.free)
        return contents.records.count - 1
    }

    private mutating func freeSlot(_ slot: Int) {
        contents.records[slot] = .free
        freeSlots.append(slot)
    }

    /// Takes `slot` out of its thread's member list.
    private mutating func leaveThread(_ slot: Int) {
        let record = contents.records[slot]
        let thread = Int(record.thread)
        let (previous, next) = (record.previousInThread, record.nextInThread)
        if previous >= 0 {
            contents.records[Int(previous)].nextInThread = next
        } else {
            threads.firstMember[thread] = next
        }
        if next >= 0 {
            contents.records[Int(next)].previousInThread = previous
        }
        threads.memberCount[thread] -= 1
    }

    /// Adds `slot` to the front of a thread's member list and sets its record's thread.
    private mutating func joinThread(_ slot: Int, thread: Int) {
        let first = threads.firstMember[thread]
        contents.records[slot].thread = Int32(thread)
        contents.records[slot].previousInThread = -1
        contents.records[slot].nextInThread = first
        if first >= 0 {
            contents.records[Int(first)].previousInThread = Int32(slot)
        }
        threads.firstMember[thread] = Int32(slot)
        threads.memberCount[thread] += 1
    }

    /// A thread's pending slots, newest first.
    private func members(ofThread thread: Int) -> [Int32] {
        var members: [Int32] = []
        members.reserveCapacity(Int(threads.memberCount[thread]))
        var slot = threads.firstMember[thread]
        while slot >= 0 {
            members.append(slot)
            slot = contents.records[Int(slot)].nextInThread
        }
        return members
    }

    /// Takes the request at `slot` out of the armed set or the backlog, without rebalancing or touching its record.
    private mutating func detachFromSets(_ slot: Int) {
        if armedBySoonest.remove(slot) != nil {
            if tracksLatest {
                armedByLatest.remove(slot)
            }
        } else {
            backlog.remove(slot)
        }
    }

    private mutating func attachArmed(_ slot: Int, key: QueueKey) {
        armedBySoonest.insert(slot, priority: key)
        if tracksLatest {
            armedByLatest.insert(slot, priority: key)
        }
        log.record(slot: slot, armed: true)
    }

    private mutating func demoteLatestArmed() {
        guard let latest = armedByLatest.removeFirst() else { return }
        armedBySoonest.remove(latest.slot)
        backlog.insert(latest.slot, priority: latest.priority)
        log.record(slot: latest.slot, armed: false)
    }

    private mutating func promoteSoonestWaiting() {
        guard let soonest = backlog.removeFirst() else { return }
        attachArmed(soonest.slot, key: soonest.priority)
    }

    /// Each notification whose set changed in this operation, in order of first move, as it is now; the one
    /// at `newSlot` (just inserted, as `placed`) always counts.
    private func netTransitions(newSlot: Int?, placed: PendingNotification?) -> [Transition] {
        guard reportsOutcomes else { return [] }
        var transitions: [Transition] = []
        transitions.reserveCapacity(log.moves.count)
        for move in log.moves {
            // Any move of an existing entry flips its set, so its first move tells where it started. Every
            // moved slot is still occupied: moves happen only after the operation's removals.
            let startedArmed = !move.firstArmed
            let isArmed = armedBySoonest.contains(move.slot)
            guard move.slot == newSlot || isArmed != startedArmed else { continue }
            let notification =
                move.slot == newSlot ? placed! : self.notification(atSlot: move.slot, isArmed: isArmed)
            transitions.append(isArmed ? .armed(notification) : .backlogged(notification))
        }
        return transitions
    }

    /// Restores the invariant: the armed set is full whenever the backlog is not empty, holds at most
    /// `limit`, and nothing waiting sorts before anything armed.
    /// Places a filled slot by its key: in the armed set while it has room or the key comes before its latest,
    /// else in the backlog; then rebalances the two.
    private mutating func place(_ slot: Int, key: QueueKey) {
        let belongsInArmedSet =
            armedBySoonest.count < limit || armedByLatest.first.map { key < $0.priority } ?? true
        if belongsInArmedSet {
            attachArmed(slot, key: key)
        } else {
            backlog.insert(slot, priority: key)
            log.record(slot: slot, armed: false)
        }
        rebalance()
    }

    private mutating func rebalance() {
        while armedBySoonest.count < limit && !backlog.isEmpty {
            promoteSoonestWaiting()
        }
        while armedBySoonest.count > limit {
            demoteLatestArmed()
        }
        while let latest = armedByLatest.first, let soonest = backlog.first, soonest.priority < latest.priority {
            demoteLatestArmed()
            promoteSoonestWaiting()
        }
    }
}

/// The moves one queue operation made, reduced to where each moved notification started.
///
/// Moves are keyed by queue slot, which stays with a notification for the whole operation; a per-slot index
/// replaces hashing, and ``reset()`` clears only what the last operation touched. The notifications themselves
/// are read from the queue at the end, in their final state, rather than copied at every move.
private struct TransitionLog {
    /// A notification's first move in the operation.
    struct Move {
        var slot: Int
        /// Whether its first move armed it.
        var firstArmed: Bool
    }

    /// First moves, in order.
    private(set) var moves: [Move] = []
    /// Whether each slot has moved in this operation.
    private var hasMoved: [Bool] = []

    mutating func reset() {
        for move in moves {
            hasMoved[move.slot] = false
        }
        moves.removeAll(keepingCapacity: true)
    }

    mutating func record(slot: Int, armed: Bool) {
        if slot >= hasMoved.count {
            hasMoved.append(contentsOf: repeatElement(false, count: slot + 1 - hasMoved.count))
        }
        if !hasMoved[slot] {
            hasMoved[slot] = true
            moves.append(Move(slot: slot, firstArmed: armed))
        }
    }
}

extension PendingNotification {
    /// A copy with the armed flag set.
    fileprivate func marked(armed: Bool) -> PendingNotification {
        var copy = self
        copy.isArmed = armed
        return copy
    }
}
