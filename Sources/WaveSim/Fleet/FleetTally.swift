internal import Foundation
internal import WaveCommandLine
internal import WaveJSON

/// What a fleet's users told, in exact integer counts: per platform and channel, a histogram of the whole minutes
/// from each notification's instant to when its user was told, and counts by cause and reason; per condition, the
/// users' costs; the worst users. Two tallies merge by sums (and the worst list by one total order), so the answer
/// is the same whatever the shards, their order and the threads.
struct FleetTally: Sendable, Equatable {
    /// A count and the minutes it cost.
    struct Cost: Sendable, Equatable {
        /// How many notifications.
        var count = 0
        /// Their whole minutes, summed.
        var minutes = 0

        static func + (lhs: Cost, rhs: Cost) -> Cost {
            Cost(count: lhs.count + rhs.count, minutes: lhs.minutes + rhs.minutes)
        }
    }

    /// The notifications of one channel on one platform.
    struct Group: Sendable, Equatable {
        /// Notifications due.
        var due = 0
        /// Whole minutes from the instant to when the user was told (0: on time) → how many.
        var toldAfter: [Int: Int] = [:]
        /// Late deliveries by cause.
        var late: [String: Cost] = [:]
        /// Quiet deliveries by reason (minutes until told).
        var quiet: [String: Cost] = [:]
        /// Lost by reason.
        var lost: [String: Int] = [:]
        /// Suppressed by reason.
        var suppressed: [String: Int] = [:]
        /// Skipped by cause.
        var skipped: [String: Int] = [:]

        mutating func merge(_ other: Group) {
            due += other.due
            toldAfter.merge(other.toldAfter, uniquingKeysWith: +)
            late.merge(other.late, uniquingKeysWith: +)
            quiet.merge(other.quiet, uniquingKeysWith: +)
            lost.merge(other.lost, uniquingKeysWith: +)
            suppressed.merge(other.suppressed, uniquingKeysWith: +)
            skipped.merge(other.skipped, uniquingKeysWith: +)
        }

        mutating func add(_ outcome: FleetOutcome) {
            due += 1
            switch outcome.kind {
            case .told(let minutes, let cause):
                toldAfter[minutes, default: 0] += 1
                if let cause {
                    late[cause, default: Cost()] = late[cause, default: Cost()] + Cost(count: 1, minutes: minutes)
                }
            case .quiet(let minutes, let reason):
                toldAfter[minutes, default: 0] += 1
                quiet[reason, default: Cost()] = quiet[reason, default: Cost()] + Cost(count: 1, minutes: minutes)
            case .lost(let reason): lost[reason, default: 0] += 1
            case .suppressed(let reason): suppressed[reason, default: 0] += 1
            case .skipped(let cause): skipped[cause, default: 0] += 1
            }
        }
    }

    /// What the users with one condition cost.
    struct Condition: Sendable, Equatable {
        /// Users with it.
        var users = 0
        /// Their notifications due.
        var due = 0
        /// Their late and quiet minutes.
        var lateMinutes = 0
        /// Their notifications lost.
        var lost = 0
        /// Their notifications never told (lost, suppressed, skipped).
        var notTold = 0

        mutating func merge(_ other: Condition) {
            users += other.users
            due += other.due
            lateMinutes += other.lateMinutes
            lost += other.lost
            notTold += other.notTold
        }
    }

    /// One user among the worst.
    struct User: Sendable, Equatable {
        var index: Int
        var platform: String
        var timeZone: String
        var conditions: [String]
        var due: Int
        var notTold: Int
        var lost: Int
        var lateMinutes: Int

        /// Worse first: more never told, then more late minutes, then the lower index.
        static func isWorse(_ lhs: User, than rhs: User) -> Bool {
            (rhs.notTold, rhs.lateMinutes, lhs.index) < (lhs.notTold, lhs.lateMinutes, rhs.index)
        }
    }

    /// Users replayed.
    var users = 0
    /// Simulated user-days.
    var userDays = 0
    /// By platform, then channel.
    var groups: [String: [String: Group]] = [:]
    /// By condition (``FleetUser/conditions``; `none` for an ideal phone).
    var conditions: [String: Condition] = [:]
    /// App runs the device skipped, by cause.
    var skippedRuns: [String: Int] = [:]
    /// The worst users, worst first, at most ``worstKept``.
    var worst: [User] = []
    /// How many worst users are kept: 1% of the fleet, at least 1.
    var worstKept = 1

    /// Adds one user's outcomes.
    ///
    /// - Parameters:
    ///   - user: The user.
    ///   - days: The days replayed.
    ///   - collector: The user's outcomes.
    mutating func add(_ user: FleetUser, days: Int, _ collector: FleetOutcomeCollector) {
        users += 1
        userDays += days
        var row = User(
            index: user.index, platform: user.platform, timeZone: user.timeZone, conditions: user.conditions, due: 0,
            notTold: 0, lost: 0, lateMinutes: 0)
        var byChannel = groups[user.platform, default: [:]]
        for outcome in collector.outcomes {
            byChannel[outcome.channel, default: Group()].add(outcome)
            row.due += 1
            switch outcome.kind {
            case .told(let minutes, _), .quiet(let minutes, _): row.lateMinutes += minutes
            case .lost: row.lost += 1; row.notTold += 1
            case .suppressed, .skipped: row.notTold += 1
            }
        }
        groups[user.platform] = byChannel
        skippedRuns.merge(collector.skippedRuns, uniquingKeysWith: +)
        for condition in user.conditions.isEmpty ? ["none"] : user.conditions {
            conditions[condition, default: Condition()].merge(
                Condition(users: 1, due: row.due, lateMinutes: row.lateMinutes, lost: row.lost, notTold: row.notTold))
        }
        keepWorst([row])
    }

    /// Adds another tally (another shard's, another thread's).
    ///
    /// - Parameter other: The tally; its ``worstKept`` must be this one's.
    mutating func merge(_ other: FleetTally) {
        users += other.users
        userDays += other.userDays
        for (platform, channels) in other.groups {
            for (channel, group) in channels {
                groups[platform, default: [:]][channel, default: Group()].merge(group)
            }
        }
        for (name, condition) in other.conditions { conditions[name, default: Condition()].merge(condition) }
        skippedRuns.merge(other.skippedRuns, uniquingKeysWith: +)
        keepWorst(other.worst)
    }

    private mutating func keepWorst(_ rows: [User]) {
        // Only users who were not told everything on time can be among the worst.
        let candidates = rows.filter { $0.notTold > 0 || $0.lateMinutes > 0 }
        guard !candidates.isEmpty else { return }
        if worst.count == worstKept, let last = worst.last,
            !candidates.contains(where: { User.isWorse($0, than: last) })
        {
            return
        }
        worst = Array((worst + candidates).sorted(by: User.isWorse).prefix(worstKept))
    }
}
