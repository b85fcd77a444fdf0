internal import Foundation

/// A fleet's answer as a page a person looks at (`wavesim fleet --html FILE`, and `wavesim fleet merge`): per
/// channel the share told within each number of minutes (a cumulative curve on a log axis, with the 1, 5, 15 and 60
/// minute marks), the outcomes stacked by cause per platform, the SLA table, and the conditions and worst users.
///
/// Every figure is the answer's own (``FleetAnswer``'s channels, percentiles, costs and worst users); the page only
/// places them, and gives each chart's numbers in a table under it.
struct FleetPage {
    /// The answer drawn.
    var answer: FleetAnswer

    private static let left = 60.0
    private static let plotWidth = 720.0
    private static let plotHeight = 220.0

    /// The page's HTML.
    var html: String {
        let appName = DecodedReplay.displayName(of: answer.app)
        let tally = answer.tally
        return PageStyle.page(title: "\(appName) fleet: \(tally.users) users", language: "en") { html in
            html.element("h1", text: "\(appName): \(FleetShare.grouped(tally.users)) users × \(answer.days) days")
            var sub =
                "\(FleetShare.grouped(tally.userDays)) user-days, seed \(answer.seed); platforms: "
                + tally.groups.keys.sorted().map { AppTextWords.words(for: $0, in: AppTextWords.platforms) }.joined(
                    separator: ", ")
            if tally.users != answer.users {
                sub += "; only \(FleetShare.grouped(tally.users)) of \(FleetShare.grouped(answer.users)) users run"
            }
            html.element("p", ["class": "sub"], text: sub)
            let channels = answer.channels
            if channels.isEmpty {
                html.element("p", text: "No notification came due.")
                return
            }
            html.element("h2", text: "Told within, per channel")
            for (all, platforms) in channels {
                writeCurve(&html, all: all, platforms: platforms)
            }
            writeOutcomes(&html)
            writeSLA(&html, channels: channels)
            writeConditions(&html)
        }
    }

    // MARK: - Lateness curves

    private func writeCurve(_ html: inout HTMLBuilder, all: FleetAnswer.Figures, platforms: [FleetAnswer.Figures]) {
        html.element("h3", text: "\(all.channel): \(FleetShare.grouped(all.group.due)) due")
        let curves = [all] + platforms
        let longest = curves.compactMap { $0.group.toldAfter.keys.max() }.max() ?? 0
        let ticks = [1, 5, 15, 60, 240, 1440, 10080, 43200]
        let maximum = ticks.first { $0 > longest + 1 && $0 >= 60 } ?? (longest + 1)
        let top = 14.0
        let height = top + Self.plotHeight + 34
        let width = Self.left + Self.plotWidth + 110
        func x(_ minutes: Int) -> Double {
            Self.left + Self.plotWidth * log(Double(max(1, minutes))) / log(Double(maximum))
        }
        func y(_ share: Double) -> Double { top + Self.plotHeight * (1 - share) }
        html.start(
            "svg",
            [
                "class": "curve-chart", "role": "img", "viewBox": "0 0 \(n(width)) \(n(height))", "width": n(width),
                "height": n(height),
                "aria-label": "Share of \(all.channel) told within each number of minutes; the table below has it",
            ])
        for percent in stride(from: 0, through: 100, by: 25) {
            let lineY = y(Double(percent) / 100)
            html.empty(
                "line",
                [
                    "class": "grid", "x1": n(Self.left), "x2": n(Self.left + Self.plotWidth), "y1": n(lineY),
                    "y2": n(lineY),
                ])
            html.element(
                "text", ["x": n(Self.left - 6), "y": n(lineY + 4), "text-anchor": "end", "class": "muted"],
                text: "\(percent)%")
        }
        for tick in ticks where tick <= maximum {
            let tickX = x(tick)
            let marked = FleetAnswer.thresholds.contains(tick)
            html.empty(
                "line",
                [
                    "class": marked ? "axis" : "grid", "x1": n(tickX), "x2": n(tickX), "y1": n(top),
                    "y2": n(y(0)),
                ])
            html.element(
                "text", ["x": n(tickX), "y": n(y(0) + 14), "text-anchor": "middle"],
                text: FleetShare.duration(minutes: tick))
        }
        html.element(
            "text",
            [
                "x": n(Self.left + Self.plotWidth / 2), "y": n(height - 2), "text-anchor": "middle",
                "class": "muted",
            ], text: "minutes after the notification's instant (log scale)")
        for (index, figures) in curves.enumerated() {
            let platform = figures.platform ?? "all"
            let due = max(1, figures.group.due)
            var d = "M\(n(x(1))) \(n(y(Double(figures.toldWithin(1)) / Double(due))))"
            var told = figures.toldWithin(1)
            for (minutes, count) in figures.group.toldAfter.sorted(by: { $0.key < $1.key }) where minutes >= 1 {
                told += count
                d += " H\(n(x(minutes + 1))) V\(n(y(Double(told) / Double(due))))"
            }
            d += " H\(n(x(maximum)))"
            html.start("path", ["class": "curve p-\(Self.platformClass(platform))", "d": d])
            html.element("title", text: curveName(figures))
            html.end()
            html.element(
                "text",
                [
                    "x": n(Self.left + Self.plotWidth + 6),
                    "y": n(y(Double(told) / Double(due)) + 4 + Double(index) * 12),
                    "class": "p-\(Self.platformClass(platform))",
                ],
                text: curveName(figures) + " " + FleetShare.percent(told, of: figures.group.due))
        }
        html.end()
        PageStyle.table(
            &html, summary: "Told within, as numbers",
            header: ["", "due"] + FleetAnswer.thresholds.map { "within \($0) min" } + ["never told"],
            rows: curves.map { figures in
                [curveName(figures), FleetShare.grouped(figures.group.due)]
                    + FleetAnswer.thresholds.map { FleetShare.percent(figures.toldWithin($0), of: figures.group.due) }
                    + [FleetShare.percent(figures.group.due - figures.told, of: figures.group.due)]
            })
    }

    private func curveName(_ figures: FleetAnswer.Figures) -> String {
        figures.platform.map { AppTextWords.words(for: $0, in: AppTextWords.platforms) } ?? "all platforms"
    }

    private static func platformClass(_ platform: String) -> String {
        ["all", "ios", "android", "linux"].contains(platform) ? platform : "all"
    }

    // MARK: - Outcomes

    /// One platform's notifications by outcome: told on time, late or quiet by cause, never told by kind.
    private func outcomes(of platform: String) -> [(key: String, label: String, count: Int)] {
        var group = FleetTally.Group()
        for (_, channel) in answer.tally.groups[platform] ?? [:] { group.merge(channel) }
        let late = group.late.values.reduce(0) { $0 + $1.count } + group.quiet.values.reduce(0) { $0 + $1.count }
        let told = group.toldAfter.values.reduce(0, +)
        var rows: [(String, String, Int)] = [("on_time", "on time", told - late)]
        for cause in PageStyle.causes.dropFirst() {
            if let cost = group.late[cause] ?? group.quiet[cause] {
                rows.append((cause, PageStyle.words(forCause: cause), cost.count))
            }
        }
        for (cause, cost) in group.late.merging(group.quiet, uniquingKeysWith: +).sorted(by: { $0.key < $1.key })
        where !PageStyle.causes.contains(cause) {
            rows.append((PageStyle.otherCause, PageStyle.words(forCause: cause), cost.count))
        }
        for (kind, counts) in [("lost", group.lost), ("suppressed", group.suppressed), ("skipped", group.skipped)] {
            for (reason, count) in counts.sorted(by: { $0.key < $1.key }) {
                rows.append((kind, "\(kind): \(FleetAnswer.reasonWords(reason))", count))
            }
        }
        return rows.filter { $0.2 > 0 }
    }

    private func writeOutcomes(_ html: inout HTMLBuilder) {
        html.element("h2", text: "Outcomes by cause, per platform")
        let platforms = answer.tally.groups.keys.sorted()
        let rowHeight = 28.0
        let width = Self.left + 50 + Self.plotWidth + 10
        let height = Double(platforms.count) * rowHeight + 6
        var legend: [String] = []
        var tableRows: [[String]] = []
        html.start(
            "svg",
            [
                "class": "outcomes", "role": "img", "viewBox": "0 0 \(n(width)) \(n(height))", "width": n(width),
                "height": n(height), "aria-label": "Each platform's notifications by outcome; the table below has them",
            ])
        for (index, platform) in platforms.enumerated() {
            let rows = outcomes(of: platform)
            let total = max(1, rows.reduce(0) { $0 + $1.count })
            let rowY = Double(index) * rowHeight + 4
            let name = AppTextWords.words(for: platform, in: AppTextWords.platforms)
            html.element("text", ["x": "0", "y": n(rowY + 15)], text: name)
            var offset = Self.left + 50
            for row in rows {
                let segment = Self.plotWidth * Double(row.count) / Double(total)
                let cssClass =
                    ["lost", "suppressed", "skipped"].contains(row.key)
                    ? "o-\(row.key)" : PageStyle.cssClass(forCause: row.key)
                html.start(
                    "rect", ["class": cssClass, "x": n(offset), "y": n(rowY), "width": n(segment), "height": "20"])
                html.element(
                    "title",
                    text: "\(name): \(row.label) \(FleetShare.grouped(row.count)) "
                        + "(\(FleetShare.percent(row.count, of: total)))")
                html.end()
                offset += segment
                if !legend.contains(row.key) { legend.append(row.key) }
                tableRows.append([
                    name, row.label, FleetShare.grouped(row.count), FleetShare.percent(row.count, of: total),
                ])
            }
        }
        html.end()
        PageStyle.legend(&html, legend.filter { !["lost", "suppressed", "skipped"].contains($0) }.map { ($0, nil) })
        html.start("p", ["class": "legend"])
        for kind in ["lost", "suppressed", "skipped"] where legend.contains(kind) {
            html.start("span", ["class": "entry"])
            html.element("span", ["class": "sw o-\(kind)"], text: "")
            html.text(kind)
            html.end()
        }
        html.end()
        PageStyle.table(
            &html, summary: "Outcomes, as numbers", header: ["platform", "outcome", "notifications", "share"],
            rows: tableRows)
    }

    // MARK: - SLA

    private func writeSLA(
        _ html: inout HTMLBuilder, channels: [(all: FleetAnswer.Figures, platforms: [FleetAnswer.Figures])]
    ) {
        html.element("h2", text: "Service levels")
        var rows: [[String]] = []
        for (all, platforms) in channels {
            for figures in [all] + platforms {
                let due = figures.group.due
                let percentile = { (percent: Int) in
                    figures.percentile(percent).map { FleetShare.duration(minutes: $0) } ?? "–"
                }
                rows.append(
                    [figures.platform == nil ? figures.channel : "  " + curveName(figures), FleetShare.grouped(due)]
                        + FleetAnswer.thresholds.map { FleetShare.percent(figures.toldWithin($0), of: due) }
                        + [
                            percentile(50), percentile(95), percentile(99), percentile(100),
                            FleetShare.percent(due - figures.told, of: due),
                        ])
            }
        }
        let header =
            ["channel", "due"] + FleetAnswer.thresholds.map { "≤ \($0) min" }
            + ["median", "p95", "p99", "longest", "never told"]
        html.start("table", ["class": "sla"])
        html.start("thead")
        html.start("tr")
        for name in header { html.element("th", ["scope": "col"], text: name) }
        html.end()
        html.end()
        html.start("tbody")
        for row in rows {
            html.start("tr")
            for (index, cell) in row.enumerated() {
                html.element("td", index == 0 ? [:] : ["class": "n"], text: cell)
            }
            html.end()
        }
        html.end()
        html.end()
    }

    // MARK: - Conditions and the worst users

    private func writeConditions(_ html: inout HTMLBuilder) {
        html.element("h2", text: "Conditions")
        let conditions = answer.conditions
        let perDay = conditions.map { name, condition in
            let userDays = condition.users * answer.days
            return (
                name: name, minutes: userDays > 0 ? Double(condition.lateMinutes) / Double(userDays) : 0,
                words: FleetShare.ratio(condition.lateMinutes, of: userDays)
            )
        }
        let largest = max(0.1, perDay.map(\.minutes).max() ?? 0)
        let rowHeight = 20.0
        let labelWidth = 170.0
        let width = labelWidth + Self.plotWidth * 0.7 + 80
        let height = Double(conditions.count) * rowHeight + 4
        html.start(
            "svg",
            [
                "class": "conditions", "role": "img", "viewBox": "0 0 \(n(width)) \(n(height))", "width": n(width),
                "height": n(height),
                "aria-label": "Late minutes a user-day by condition; the table below has them",
            ])
        for (index, row) in perDay.enumerated() {
            let rowY = Double(index) * rowHeight + 2
            html.element("text", ["x": n(labelWidth - 6), "y": n(rowY + 13), "text-anchor": "end"], text: row.name)
            let barWidth = Self.plotWidth * 0.7 * row.minutes / largest
            html.empty(
                "rect",
                [
                    "class": "k-doze_light", "x": n(labelWidth), "y": n(rowY + 2), "width": n(max(1, barWidth)),
                    "height": n(rowHeight - 6),
                ])
            html.element(
                "text", ["x": n(labelWidth + barWidth + 6), "y": n(rowY + 13), "class": "muted"],
                text: "\(row.words) min")
        }
        html.end()
        PageStyle.table(
            &html, summary: "Conditions, as numbers",
            header: ["condition", "users", "late minutes a user-day", "never told a user", "lost"],
            rows: conditions.map { name, condition in
                [
                    name, FleetShare.grouped(condition.users),
                    FleetShare.ratio(condition.lateMinutes, of: condition.users * answer.days),
                    FleetShare.ratio(condition.notTold, of: condition.users), FleetShare.grouped(condition.lost),
                ]
            })
        let worst = answer.tally.worst
        html.element("h2", text: "The worst 1% (\(worst.count) users)")
        if worst.isEmpty {
            html.element("p", ["class": "sub"], text: "Every user was told everything on time.")
            return
        }
        html.element(
            "p", ["class": "sub"],
            text: "Most never told first, then most late minutes; `wavesim fleet FILE --user N --emit-scenario` "
                + "writes a user's scenario to replay.")
        html.start("table", ["class": "worst"])
        html.start("thead")
        html.start("tr")
        for name in ["user", "platform", "zone", "conditions", "due", "never told", "lost", "late minutes"] {
            html.element("th", ["scope": "col"], text: name)
        }
        html.end()
        html.end()
        html.start("tbody")
        for user in worst {
            html.start("tr")
            html.element("td", ["class": "n"], text: String(user.index))
            html.element("td", text: AppTextWords.words(for: user.platform, in: AppTextWords.platforms))
            html.element("td", text: user.timeZone)
            html.element("td", text: user.conditions.isEmpty ? "none" : user.conditions.joined(separator: ", "))
            for number in [user.due, user.notTold, user.lost, user.lateMinutes] {
                html.element("td", ["class": "n"], text: FleetShare.grouped(number))
            }
            html.end()
        }
        html.end()
        html.end()
    }

    private func n(_ value: Double) -> String { HTMLBuilder.number(value) }
}
