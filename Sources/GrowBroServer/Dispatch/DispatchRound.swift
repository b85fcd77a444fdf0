/// The decisions of one ``PushDispatcher/dispatchDue(limit:onCommit:)`` call as a value: which send starts next,
/// when outcomes are committed, when to wait for an answer, when the round is done. It does no I/O and starts no
/// task: a driver performs each ``Action`` and reports what came of it, so every ordering rule is testable by
/// stepping a value.
///
/// The rules it keeps:
/// - sends start in the claim's order, up to `maximumInFlight` at once, skipping a send whose installation has one in
///   flight (a phone gets its pushes in the order of their events);
/// - an outcome waiting to be committed for an installation is committed before that installation's next send
///   starts (it may have purged the token), and a purged installation is read again;
/// - answers are decided in the claim's order, whatever order they come in (so the jitter drawn and the store's end
///   state do not depend on it), and committed in batches of `commitBatchSize`;
/// - after a failure (a store error) or a cancellation nothing more starts; the answers of the requests in flight
///   are still decided and committed, and the sends never started are released.
///
/// `Answer` is what a request came to (the dispatcher's attempt); the round only carries it from ``answered(_:_:)``
/// to ``Action/decide(_:_:)``.
struct DispatchRound<Answer> {
    /// What the driver does next.
    enum Action {
        /// Read this installation from the store, then report it with ``read(_:_:)`` (or ``fail(_:)``).
        case read(installationID: String)
        /// This send may start: check it against its installation (`nil` when gone), then report either
        /// ``started(_:)`` (a request is in flight) or ``decided(_:_:_:)`` (it ended without one).
        case start(Int, Installation?)
        /// Decide this send's answer, then report ``decided(_:_:_:)`` (or ``failed(_:_:)``).
        case decide(Int, Answer)
        /// Record these outcomes in one transaction, then report ``committed(_:)`` (or ``fail(_:)``).
        case commit([SendCommit])
        /// Wait for the next answer of a request in flight and report it with ``answered(_:_:)``.
        case wait
        /// The round is over: return the decisions, or throw the first failure.
        case done(Result<[DispatchDecision], any Error>)
    }

    /// Where the round is: starting what may start, deciding the answers that came (from the position it was at),
    /// or closing (deciding what came after a failure, releasing the rest, the last commit).
    private enum Phase {
        case starting
        case settling(from: Int)
        case closing
        case over
    }

    /// The claimed sends, in the order they are decided.
    let sends: [PendingSend]
    private let maximumInFlight: Int
    private let commitBatchSize: Int
    /// The installations read so far: `.some(nil)` for one that is gone; absent for one not read (or purged since).
    private var known: [String: Installation?]
    private var decisions: [[DispatchDecision]]
    private var settled: [Bool]
    private var answers: [Int: Answer] = [:]
    /// The positions not yet started, in order.
    private var waiting: [Int]
    private var busyInstallations: Set<String> = []
    private var buffer = CommitBuffer()
    /// The commits handed out with ``Action/commit(_:)`` and not yet reported.
    private var committing = CommitBuffer()
    private var nextToSettle = 0
    private var inFlight = 0
    private var failure: (any Error)?
    private var phase = Phase.starting

    /// Creates the round of a claim.
    ///
    /// - Parameters:
    ///   - sends: The sends claimed, earliest first.
    ///   - installations: Their installations as read with the claim (a missing one is gone).
    ///   - maximumInFlight: The most requests in flight at once.
    ///   - commitBatchSize: The most outcomes per commit.
    init(
        sends: [PendingSend], installations: [String: Installation], maximumInFlight: Int, commitBatchSize: Int
    ) {
        self.sends = sends
        self.maximumInFlight = maximumInFlight
        self.commitBatchSize = commitBatchSize
        known = Dictionary(uniqueKeysWithValues: Set(sends.map(\.installationID)).map { ($0, installations[$0]) })
        decisions = Array(repeating: [], count: sends.count)
        settled = Array(repeating: false, count: sends.count)
        waiting = Array(sends.indices)
    }

    /// The next thing to do.
    ///
    /// - Parameter cancelled: Whether the calling task was cancelled (a service stopping): nothing more starts.
    /// - Returns: The action; after ``Action/done(_:)``, `done` again.
    mutating func next(cancelled: Bool) -> Action {
        while true {
            switch phase {
            case .starting:
                if let action = startAction(cancelled: cancelled) { return action }
                phase = .settling(from: nextToSettle)
            case .settling(let from):
                if let batch = fullBatch() { return .commit(batch) }
                while nextToSettle < sends.count, settled[nextToSettle] { nextToSettle += 1 }
                if nextToSettle < sends.count, let answer = answers.removeValue(forKey: nextToSettle) {
                    return .decide(nextToSettle, answer)
                }
                if nextToSettle == sends.count {
                    phase = .closing
                } else if nextToSettle > from, failure == nil, !cancelled {
                    // A decision may have freed an installation for its next send: start it before waiting.
                    phase = .starting
                } else if inFlight > 0 {
                    phase = .starting
                    return .wait
                } else {
                    phase = .closing
                }
            case .closing:
                // Answers behind a send that was never started (after a failure or a cancellation) are still
                // decided and committed; the sends never started go back, due as before.
                if let position = answers.keys.min() {
                    return .decide(position, answers.removeValue(forKey: position)!)
                }
                for position in waiting { buffer.append(.release(sends[position]), for: nil) }
                waiting = []
                guard buffer.commits.isEmpty else { return .commit(takeBatch()) }
                phase = .over
            case .over:
                if let failure { return .done(.failure(failure)) }
                return .done(.success(decisions.flatMap { $0 }))
            }
        }
    }

    /// The action of the start phase: a commit, a read or a start; `nil` when nothing more may start now.
    private mutating func startAction(cancelled: Bool) -> Action? {
        if let batch = fullBatch() { return .commit(batch) }
        guard failure == nil, !cancelled, inFlight < maximumInFlight,
            let place = waiting.firstIndex(where: { !busyInstallations.contains(sends[$0].installationID) })
        else { return nil }
        let position = waiting[place]
        let installationID = sends[position].installationID
        // An earlier outcome for this installation is committed first: it may have purged it.
        if buffer.installations.contains(installationID) { return .commit(takeBatch()) }
        guard let installation = known[installationID] else { return .read(installationID: installationID) }
        waiting.remove(at: place)
        return .start(position, installation)
    }

    /// The buffer's commits when they make a full batch (and nothing failed, and the round is not closing).
    private mutating func fullBatch() -> [SendCommit]? {
        guard failure == nil, buffer.commits.count >= commitBatchSize else { return nil }
        return takeBatch()
    }

    private mutating func takeBatch() -> [SendCommit] {
        committing = buffer
        buffer = CommitBuffer()
        return committing.commits
    }

    /// An installation read for ``Action/read(installationID:)``.
    ///
    /// - Parameters:
    ///   - installationID: The installation.
    ///   - installation: It as stored, `nil` when gone.
    mutating func read(_ installationID: String, _ installation: Installation?) {
        known[installationID] = .some(installation)
    }

    /// The send of ``Action/start(_:_:)`` has its request in flight.
    mutating func started(_ position: Int) {
        busyInstallations.insert(sends[position].installationID)
        inFlight += 1
    }

    /// A request's answer came.
    mutating func answered(_ position: Int, _ answer: Answer) {
        answers[position] = answer
        inFlight -= 1
    }

    /// A send was decided (after its answer, or without a request): its decisions and the commit that records them.
    mutating func decided(_ position: Int, _ made: [DispatchDecision], _ commit: SendCommit) {
        decisions[position] = made
        buffer.append(commit, for: position)
        settle(position)
    }

    /// Deciding a send's answer failed (a store error during a renewal): the send stays pending (due again when the
    /// lease ends), nothing more starts.
    mutating func failed(_ position: Int, _ error: any Error) {
        fail(error)
        settle(position)
    }

    private mutating func settle(_ position: Int) {
        busyInstallations.remove(sends[position].installationID)
        settled[position] = true
    }

    /// A read or a commit failed: nothing more starts; the first failure is the one thrown.
    mutating func fail(_ error: any Error) {
        failure = failure ?? error
    }

    /// The outcomes of ``Action/commit(_:)`` were recorded.
    ///
    /// - Parameter recorded: What the store applied: a purged installation is read again before its next send, and a
    ///   decision whose commit another dispatcher's claim overtook becomes ``DispatchDecision/Kind/superseded``.
    /// - Returns: The batch's decisions, in the order they were committed (for the driver's `onCommit`).
    mutating func committed(_ recorded: RecordedOutcomes) -> [DispatchDecision] {
        let batch = committing
        committing = CommitBuffer()
        for case .purge(let send, _, _) in batch.commits { known[send.installationID] = nil }
        for (commit, position) in zip(batch.commits, batch.positions)
        where recorded.unapplied.contains(commit.send.sendID) {
            guard let position, var last = decisions[position].popLast() else { continue }
            last.supersede()
            decisions[position].append(last)
        }
        return batch.positions.compactMap { $0 }.flatMap { decisions[$0] }
    }
}

/// Outcomes decided and not yet committed, the position of each one's send in the claim (`nil` for a release, which
/// has no decision), and the installations they touch.
private struct CommitBuffer {
    var commits: [SendCommit] = []
    var positions: [Int?] = []
    var installations: Set<String> = []

    mutating func append(_ commit: SendCommit, for position: Int?) {
        commits.append(commit)
        positions.append(position)
        installations.insert(commit.send.installationID)
    }
}
