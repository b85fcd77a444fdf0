internal import Foundation
internal import WaveJSON

extension FleetAnswer {
    /// The answer as one JSON object (a line), for programs; maps sorted by key, shares rounded to 6 decimals from
    /// integers.
    var json: String {
        var writer = JSONWriter(capacity: 4096)
        writer.beginObject()
        writer.member("type", "fleet")
        writer.member("app", app)
        writer.member("users", tally.users)
        writer.member("days", days)
        writer.member("userDays", tally.userDays)
        writer.key("seed")
        writer.number(Int(seed))
        writer.key("channels")
        writer.beginArray()
        for (all, platforms) in channels {
            write(all, to: &writer, platforms: platforms)
        }
        writer.endArray()
        writer.key("costs")
        writer.beginObject()
        writer.key("minutesByCause")
        writer.beginArray()
        for (cause, cost) in minutesByCause {
            writer.beginObject()
            writer.member("cause", cause)
            writer.member("count", cost.count)
            writer.member("minutes", cost.minutes)
            writer.endObject()
        }
        writer.endArray()
        writer.key("notToldByReason")
        writer.beginArray()
        for (kind, reason, count) in notToldByReason {
            writer.beginObject()
            writer.member("kind", kind)
            writer.member("reason", reason)
            writer.member("count", count)
            writer.endObject()
        }
        writer.endArray()
        writer.key("conditions")
        writer.beginArray()
        for (name, condition) in conditions {
            writer.beginObject()
            writer.member("condition", name)
            writer.fleetConditionMembers(condition)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        writer.key("skippedRuns")
        writer.fleetCounts(tally.skippedRuns)
        writer.key("worstUsers")
        writer.beginArray()
        for user in tally.worst { writer.fleetUser(user) }
        writer.endArray()
        writer.endObject()
        return writer.text + "\n"
    }

    private func write(_ figures: Figures, to writer: inout JSONWriter, platforms: [Figures]) {
        let group = figures.group
        writer.beginObject()
        writer.member("channel", figures.channel)
        if let platform = figures.platform { writer.member("platform", platform) }
        writer.member("due", group.due)
        writer.member("told", figures.told)
        writer.key("toldWithin")
        writer.beginObject()
        for minutes in Self.thresholds {
            writer.key("\(minutes)")
            writer.number(FleetShare.fraction(figures.toldWithin(minutes), of: group.due))
        }
        writer.endObject()
        writer.key("lateness")
        writer.beginObject()
        for (key, percent) in [("p50Minutes", 50), ("p95Minutes", 95), ("p99Minutes", 99), ("maxMinutes", 100)] {
            writer.key(key)
            if let minutes = figures.percentile(percent) { writer.number(minutes) } else { writer.null() }
        }
        writer.endObject()
        for (name, costs) in [("late", group.late), ("quiet", group.quiet)] {
            writer.key(name)
            writer.fleetCosts(costs, shareOf: group.due)
        }
        for (name, counts) in [("lost", group.lost), ("suppressed", group.suppressed), ("skipped", group.skipped)] {
            writer.key(name)
            writer.fleetCounts(counts, shareOf: group.due)
        }
        if !platforms.isEmpty {
            writer.key("platforms")
            writer.beginArray()
            for platform in platforms { write(platform, to: &writer, platforms: []) }
            writer.endArray()
        }
        writer.endObject()
    }
}
