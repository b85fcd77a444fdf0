internal import Foundation
internal import WaveJSON

/// A fleet's answer, from its exact tally: per channel (and per platform), the shares told within 1, 5, 15 and 60
/// minutes, the lateness percentiles, what was lost, quiet, suppressed or skipped and why; what costs the most; the
/// worst users. Written in words for people and as one JSON object for programs; every figure is computed from
/// integers, so the same tally gives the same bytes.
struct FleetAnswer {
    /// The fleet's app.
    var app: String
    /// The fleet's users.
    var users: Int
    /// The days each user was replayed.
    var days: Int
    /// The fleet's seed.
    var seed: UInt64
    /// The tally of every user.
    var tally: FleetTally

    /// The minutes the answer gives shares within.
    static let thresholds = [1, 5, 15, 60]

    /// One channel's figures, on one platform or all.
    struct Figures {
        var channel: String
        var platform: String?
        var group: FleetTally.Group

        var told: Int { group.toldAfter.values.reduce(0, +) }

        /// How many were told in fewer than `minutes` whole minutes after their instant.
        func toldWithin(_ minutes: Int) -> Int {
            group.toldAfter.reduce(0) { $0 + ($1.key < minutes ? $1.value : 0) }
        }

        /// The nearest-rank percentile of the minutes until told, over those told; `nil` when none was.
        func percentile(_ percent: Int) -> Int? {
            let count = told
            guard count > 0 else { return nil }
            let rank = max(1, (count * percent + 99) / 100)
            var seen = 0
            for (minutes, number) in group.toldAfter.sorted(by: { $0.key < $1.key }) {
                seen += number
                if seen >= rank { return minutes }
            }
            return nil
        }
    }

    /// Every channel over all platforms, the most due first (then by name), each followed by its platforms.
    var channels: [(all: Figures, platforms: [Figures])] {
        var merged: [String: FleetTally.Group] = [:]
        for (_, channels) in tally.groups {
            for (channel, group) in channels { merged[channel, default: .init()].merge(group) }
        }
        return merged.sorted { ($1.value.due, $0.key) < ($0.value.due, $1.key) }.map { channel, group in
            let platforms = tally.groups.keys.sorted().compactMap { platform in
                tally.groups[platform]?[channel].map { Figures(channel: channel, platform: platform, group: $0) }
            }
            return (Figures(channel: channel, platform: nil, group: group), platforms.count > 1 ? platforms : [])
        }
    }

    /// Late and quiet minutes by cause, over every channel, the costliest first.
    var minutesByCause: [(cause: String, cost: FleetTally.Cost)] {
        var costs: [String: FleetTally.Cost] = [:]
        for (_, channels) in tally.groups {
            for (_, group) in channels {
                costs.merge(group.late, uniquingKeysWith: +)
                costs.merge(group.quiet, uniquingKeysWith: +)
            }
        }
        return costs.map { ($0.key, $0.value) }.sorted { ($1.cost.minutes, $0.cause) < ($0.cost.minutes, $1.cause) }
    }

    /// Notifications never told, by kind and reason, over every channel, the most first.
    var notToldByReason: [(kind: String, reason: String, count: Int)] {
        var counts: [String: Int] = [:]
        for (_, channels) in tally.groups {
            for (_, group) in channels {
                for (reason, count) in group.lost { counts["lost \(reason)", default: 0] += count }
                for (reason, count) in group.suppressed { counts["suppressed \(reason)", default: 0] += count }
                for (reason, count) in group.skipped { counts["skipped \(reason)", default: 0] += count }
            }
        }
        return counts.map { key, count in
            let parts = key.split(separator: " ", maxSplits: 1).map(String.init)
            return (parts[0], parts[1], count)
        }.sorted { ($1.count, $0.kind, $0.reason) < ($0.count, $1.kind, $1.reason) }
    }

    /// The conditions, the most late minutes a user first.
    var conditions: [(name: String, condition: FleetTally.Condition)] {
        tally.conditions.map { ($0.key, $0.value) }.sorted { lhs, rhs in
            // Compared as fractions of integers: late minutes a user, then never told a user.
            let left = lhs.condition.lateMinutes * rhs.condition.users
            let right = rhs.condition.lateMinutes * lhs.condition.users
            if left != right { return left > right }
            let leftLost = lhs.condition.notTold * rhs.condition.users
            let rightLost = rhs.condition.notTold * lhs.condition.users
            if leftLost != rightLost { return leftLost > rightLost }
            return lhs.name < rhs.name
        }
    }
}

/// Writes ratios of integers the same way every time.
enum FleetShare {
    /// `part / whole` rounded to 6 decimals (0 when `whole` is 0), for JSON.
    static func fraction(_ part: Int, of whole: Int) -> Double {
        guard whole > 0 else { return 0 }
        return Double((part * 2_000_000 + whole) / (2 * whole)) / 1_000_000
    }

    /// `part / whole` as a percentage with one decimal (`92.1%`), rounded half up from integers.
    static func percent(_ part: Int, of whole: Int) -> String {
        guard whole > 0 else { return "0.0%" }
        let tenths = (part * 2000 + whole) / (2 * whole)
        return "\(tenths / 10).\(tenths % 10)%"
    }

    /// `part / whole` with one decimal, rounded half up from integers.
    static func ratio(_ part: Int, of whole: Int) -> String {
        guard whole > 0 else { return "0.0" }
        let tenths = (part * 20 + whole) / (2 * whole)
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// A whole number with thousands separators (`12,345`).
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var out = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return (number < 0 ? "-" : "") + out
    }

    /// Minutes in words: `42 min`, `3 h 5 min`, `2 d 1 h`.
    static func duration(minutes: Int) -> String {
        if minutes < 60 { return "\(minutes) min" }
        if minutes < 1440 { return "\(minutes / 60) h" + (minutes % 60 > 0 ? " \(minutes % 60) min" : "") }
        return "\(minutes / 1440) d" + ((minutes % 1440) / 60 > 0 ? " \((minutes % 1440) / 60) h" : "")
    }
}
