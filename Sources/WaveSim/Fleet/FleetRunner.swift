internal import Foundation
internal import WaveNotifications

/// Runs a fleet's users (all, or one shard's) on every core of the process: a fixed number of workers, each taking
/// the next user index and keeping a tally of its own; the tallies are summed at the end, so the result does not
/// depend on which worker ran which user.
struct FleetRunner: Sendable {
    /// The fleet.
    let fleet: FleetFile
    /// How many users run at once.
    let workers: Int
    /// Called after each user with how many of the run's users are done.
    let progress: @Sendable (Int) -> Void

    /// The users of shard `index` of `count`: a contiguous range of indices, the shards together covering each user
    /// once.
    ///
    /// - Parameters:
    ///   - index: The shard, from 0.
    ///   - count: How many shards.
    ///   - users: The fleet's users.
    /// - Returns: The shard's user indices.
    static func users(ofShard index: Int, of count: Int, users: Int) -> Range<Int> {
        (users * index / count)..<(users * (index + 1) / count)
    }

    /// Replays the users in `range` and tallies them.
    ///
    /// - Parameter range: The users' indices.
    /// - Returns: The tally.
    /// - Throws: The first user's error (an invalid scenario, the platform's).
    func run(_ range: Range<Int>) async throws -> FleetTally {
        let next = WaveLock(range.lowerBound)
        let done = WaveLock(0)
        let fleet = fleet
        let progress = progress
        let kept = Self.worstKept(users: fleet.users)
        return try await withThrowingTaskGroup(of: FleetTally.self) { group in
            for _ in 0..<max(1, min(workers, range.count)) {
                group.addTask {
                    let run = FleetUserRun()
                    var tally = FleetTally()
                    tally.worstKept = kept
                    while true {
                        let index = next.withLock { next in
                            defer { next += 1 }
                            return next
                        }
                        guard index < range.upperBound else { break }
                        try Task.checkCancellation()
                        let user = FleetUser(fleet: fleet, index: index)
                        tally.add(user, days: fleet.days, try await run.run(user))
                        progress(
                            done.withLock { done in
                                done += 1
                                return done
                            })
                    }
                    return tally
                }
            }
            var total = FleetTally()
            total.worstKept = kept
            for try await tally in group { total.merge(tally) }
            return total
        }
    }

    /// The worst users an answer names: 1% of the fleet, at least one.
    static func worstKept(users: Int) -> Int { max(1, (users + 99) / 100) }
}
