internal import Foundation

extension FleetAnswer {
    /// How many worst users the text names (the JSON names them all).
    static let worstShownInText = 10

    /// The answer in words, for a product owner.
    var text: String {
        var lines: [String] = []
        let appName = DecodedReplay.displayName(of: app)
        lines.append(
            "\(appName): \(FleetShare.grouped(tally.users)) users × \(days) days "
                + "(\(FleetShare.grouped(tally.userDays)) user-days), seed \(seed)")
        if tally.users != users {
            lines.append(
                "only \(FleetShare.grouped(tally.users)) of the fleet's \(FleetShare.grouped(users)) users were run")
        }
        for (all, platforms) in channels {
            lines.append("")
            lines.append(contentsOf: Self.describe(all))
            for figures in platforms {
                lines.append("  " + Self.platformLine(figures))
            }
        }
        if channels.isEmpty {
            lines.append("")
            lines.append("no notification came due")
        }
        lines.append("")
        lines.append("What costs the most")
        let minutes = minutesByCause
        let totalMinutes = minutes.reduce(0) { $0 + $1.cost.minutes }
        lines.append(
            "  late minutes: "
                + (minutes.isEmpty
                    ? "none"
                    : minutes.map {
                        "\(Self.causeWords($0.cause)) \(FleetShare.grouped($0.cost.minutes)) min "
                            + "(\(FleetShare.percent($0.cost.minutes, of: totalMinutes)), \(FleetShare.grouped($0.cost.count)) notifications)"
                    }.joined(separator: "; ")))
        let notTold = notToldByReason
        lines.append(
            "  never told: "
                + (notTold.isEmpty
                    ? "none"
                    : notTold.map { "\($0.kind), \(Self.reasonWords($0.reason)) \(FleetShare.grouped($0.count))" }
                        .joined(separator: "; ")))
        lines.append("  by condition (late minutes a user-day; never told a user):")
        for (name, condition) in conditions {
            lines.append(
                "    \(name) (\(FleetShare.grouped(condition.users)) users): "
                    + "\(FleetShare.ratio(condition.lateMinutes, of: condition.users * days)) min; "
                    + "\(FleetShare.ratio(condition.notTold, of: condition.users))")
        }
        if !tally.skippedRuns.isEmpty {
            lines.append(
                "  background runs skipped: "
                    + tally.skippedRuns.sorted { $0.key < $1.key }.map {
                        "\(AppTextWords.words(for: $0.key, in: AppTextWords.skipCauses)) \(FleetShare.grouped($0.value))"
                    }.joined(separator: ", "))
        }
        lines.append("")
        let kept = FleetRunner.worstKept(users: users)
        if tally.worst.isEmpty {
            lines.append("The worst 1%: every user was told everything on time")
        } else {
            lines.append(
                "The worst 1% (\(FleetShare.grouped(kept)) users, most never told, then most late minutes)"
                    + (tally.worst.count > Self.worstShownInText ? "; the first \(Self.worstShownInText):" : ":"))
            for user in tally.worst.prefix(Self.worstShownInText) {
                let platform = AppTextWords.words(for: user.platform, in: AppTextWords.platforms)
                let conditions = user.conditions.isEmpty ? "no condition" : user.conditions.joined(separator: ", ")
                lines.append(
                    "  user \(user.index)  \(platform)  \(user.timeZone)  \(conditions): "
                        + "\(user.notTold) of \(user.due) never told (\(user.lost) lost), "
                        + "\(FleetShare.grouped(user.lateMinutes)) late minutes")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func describe(_ figures: Figures) -> [String] {
        let group = figures.group
        let due = group.due
        var lines = ["\(figures.channel): \(FleetShare.grouped(due)) due"]
        let never = due - figures.told
        var headline =
            "  \(FleetShare.percent(figures.toldWithin(5), of: due)) told within 5 min; "
            + "\(FleetShare.percent(never, of: due)) never told"
        let worstReason =
            (group.lost.map { ("lost", $0.key, $0.value) } + group.suppressed.map { ("suppressed", $0.key, $0.value) }
            + group.skipped.map { ("skipped", $0.key, $0.value) }).sorted { ($1.2, $0.0, $0.1) < ($0.2, $1.0, $1.1) }
            .first
        if let worstReason {
            let share = worstReason.2 == never ? "all" : "most"
            headline += " (\(share) \(worstReason.0): \(reasonWords(worstReason.1)))"
        }
        lines.append(headline)
        lines.append(
            "  told within "
                + thresholds.map { "\($0) min \(FleetShare.percent(figures.toldWithin($0), of: due))" }.joined(
                    separator: ", "))
        if let median = figures.percentile(50), let p95 = figures.percentile(95), let p99 = figures.percentile(99),
            let longest = figures.percentile(100)
        {
            lines.append(
                "  lateness of those told: median \(FleetShare.duration(minutes: median)), "
                    + "p95 \(FleetShare.duration(minutes: p95)), p99 \(FleetShare.duration(minutes: p99)), "
                    + "longest \(FleetShare.duration(minutes: longest))")
        }
        for (name, costs, words) in [
            ("late", group.late, causeWords), ("quiet", group.quiet, causeWords),
        ] where !costs.isEmpty {
            let total = costs.values.reduce(0) { $0 + $1.count }
            lines.append(
                "  \(name) \(FleetShare.percent(total, of: due)): "
                    + costs.sorted { ($1.value.count, $0.key) < ($0.value.count, $1.key) }.map {
                        "\(words($0.key)) \(FleetShare.percent($0.value.count, of: due))"
                    }.joined(separator: ", "))
        }
        for (name, counts) in [("lost", group.lost), ("suppressed", group.suppressed), ("skipped", group.skipped)]
        where !counts.isEmpty {
            let total = counts.values.reduce(0, +)
            lines.append(
                "  \(name) \(FleetShare.percent(total, of: due)): "
                    + counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map {
                        "\(reasonWords($0.key)) \(FleetShare.percent($0.value, of: due))"
                    }.joined(separator: ", "))
        }
        return lines
    }

    private static func platformLine(_ figures: Figures) -> String {
        let due = figures.group.due
        let platform = AppTextWords.words(for: figures.platform ?? "", in: AppTextWords.platforms)
        var line =
            "\(platform): \(FleetShare.grouped(due)) due, "
            + "\(FleetShare.percent(figures.toldWithin(5), of: due)) within 5 min, "
            + "\(FleetShare.percent(due - figures.told, of: due)) never told"
        if let p99 = figures.percentile(99) { line += ", p99 \(FleetShare.duration(minutes: p99))" }
        return line
    }

    /// A late or quiet cause in words (`standby bucket`, `Focus`), as the timeline says it.
    static func causeWords(_ cause: String) -> String {
        AppTextWords.delayCauses[cause] ?? AppTextWords.quietReasons[cause]
            ?? cause.replacingOccurrences(of: "_", with: " ")
    }

    /// Why a notification was never told, in words (`over the platform's pending limit`), lost or skipped alike.
    static func reasonWords(_ reason: String) -> String {
        AppTextWords.reasons[reason] ?? AppTextWords.skipCauses[reason]
            ?? reason.replacingOccurrences(of: "_", with: " ")
    }
}
