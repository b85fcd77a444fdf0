internal import Foundation
internal import GrowBroNotifications
internal import GrowBroServer
internal import WaveNotifications
internal import WavePushPayloads
internal import WaveSQLite

extension SQLitePushServerStore {
    func fanOut(
        batch messages: [FanOutMessage], skip: (Installation, _ channelEnabled: Bool, _ background: Bool) -> String?,
        payload: (_ index: Int, _ badge: Int, PushPlatform) throws -> String
    ) throws -> [Result<FanOutResult, GrowBroServerError>] {
        let coding = coding
        return try database.transaction { database in
            var results: [Result<FanOutResult, GrowBroServerError>] = []
            results.reserveCapacity(messages.count)
            for (index, message) in messages.enumerated() {
                do {
                    // A savepoint per message: a refused one (unknown user, reused id) leaves nothing of itself and
                    // the rest of the batch commits.
                    let result = try database.transaction {
                        try Self.fanOut(
                            message, skip: skip, payload: { try payload(index, $0, $1) }, coding: coding,
                            in: database)
                    }
                    results.append(.success(result))
                } catch let error as GrowBroServerError {
                    results.append(.failure(error))
                }
            }
            return results
        }
    }

    func claimDue(now: Date, limit: Int, lease: Duration, owner: String) throws -> [PendingSend] {
        try database.transaction { database in
            let sends = try Self.dueSends(now: now, limit: limit, in: database)
            // The lease moves the send's due instant to its end: no other claim sees it before, and a sender that
            // dies holding it leaves it due again then.
            let update = try database.cached("UPDATE push_send SET due_ms = ? WHERE send_id = ? AND state = 'pending'")
            let until = now.addingTimeInterval(lease.timeInterval)
            var claimed = sends
            for index in claimed.indices {
                update.reset()
                try update.bind([.integer(until.millisecondsSince1970), .integer(claimed[index].sendID)])
                try update.run()
                claimed[index].claimedUntil = until
            }
            return claimed
        }
    }

    func recordOutcomes(
        _ commits: [SendCommit], decide: (_ token: String, _ reason: String, _ at: Date, Installation?) -> TokenChange?
    ) throws -> RecordedOutcomes {
        try database.transaction { database in
            var recorded = RecordedOutcomes()
            for commit in commits {
                let applied: Bool
                switch commit {
                case .finish(let send, let outcome):
                    applied = try Self.finish(send, outcome, in: database)
                case .reschedule(let send, let attempts, let renewed, let status, let reason, let due):
                    applied = try Self.reschedule(
                        send, attempts: attempts, renewed: renewed, status: status, reason: reason, due: due,
                        in: database)
                case .release(let send):
                    applied = try Self.release(send, in: database)
                case .purge(let send, let outcome, let token):
                    let purged = try Self.purge(
                        send, outcome, decide: { decide(token, outcome.reason ?? "", outcome.at, $0) }, in: database)
                    applied = purged.applied
                    if let change = purged.change { recorded.tokenChanges.append(change) }
                }
                if !applied { recorded.unapplied.insert(commit.send.sendID) }
            }
            return recorded
        }
    }
}
