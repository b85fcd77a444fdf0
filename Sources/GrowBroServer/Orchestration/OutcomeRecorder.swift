internal import Foundation

/// The sender's outcomes, written once over every store's primitives: what a finish records beside it (the
/// `accepted` engagement), what a purge removes, and which commits took effect under their claim's fence.
enum OutcomeRecorder {
    /// Records a batch of outcomes in the caller's transaction, each as it would be alone in turn. A commit takes
    /// effect only while its send is pending and, for a claimed send, still held by the claim it was made under
    /// (``PendingSend/claimedUntil``); a purge that takes no effect leaves the installation alone (the sender that
    /// holds the send now decides).
    ///
    /// The finishes, nearly all of a batch, go to the store together; a send's second commit in the batch waits for
    /// its first, so the first wins as it would one at a time.
    ///
    /// - Returns: The token changes logged by purges, in order, and the sends whose commit took no effect.
    static func record(_ commits: [SendCommit], in transaction: any PushStoreTransaction) throws -> RecordedOutcomes {
        var recorded = RecordedOutcomes()
        var finishes: [SendFinish] = []
        var waiting = Set<Int64>()
        func flush() throws {
            guard !finishes.isEmpty else { return }
            recorded.unapplied.formUnion(try finish(finishes, in: transaction))
            finishes = []
            waiting = []
        }
        for commit in commits {
            if waiting.contains(commit.send.sendID) { try flush() }
            let applied: Bool
            switch commit {
            case .finish(let send, let outcome):
                finishes.append(finishing(send, outcome))
                waiting.insert(send.sendID)
                continue
            case .reschedule(let send, let attempts, let renewed, let status, let reason, let due):
                applied = try transaction.rescheduleSend(
                    send, attempts: attempts, renewed: renewed, status: status, reason: reason, due: due)
            case .release(let send):
                applied = try transaction.releaseSend(send)
            case .purge(let send, let outcome, let token):
                applied = try finish([finishing(send, outcome)], in: transaction).isEmpty
                if applied,
                    let change = try TokenLedger.purge(
                        token: token, of: send.installationID, reason: outcome.reason ?? "", at: outcome.at,
                        in: transaction)
                {
                    recorded.tokenChanges.append(change)
                }
            }
            if !applied { recorded.unapplied.insert(commit.send.sendID) }
        }
        try flush()
        return recorded
    }

    /// A send's end with what it records beside it: an accepted send its `accepted` engagement event.
    private static func finishing(_ send: PendingSend, _ outcome: SendOutcome) -> SendFinish {
        SendFinish(send: send, outcome: outcome, records: outcome.state == .accepted ? .accepted : nil)
    }

    /// Ends sends (distinct ones) with their outcomes and the events they record.
    ///
    /// - Returns: The sends that did not end (already ended, or claimed by another sender since).
    private static func finish(_ finishes: [SendFinish], in transaction: any PushStoreTransaction) throws -> Set<Int64>
    {
        let ended = try transaction.finishSends(finishes)
        return Set(finishes.map(\.send.sendID).filter { !ended.contains($0) })
    }
}
