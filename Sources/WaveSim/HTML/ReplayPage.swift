internal import Foundation
internal import WaveNotifications

/// A replay as a page a person looks at (`wavesim replay --html FILE`): the notifications day by day, what the
/// platform held against its limit, and what was never told, each chart with its numbers in a table.
///
/// The days are rows, each 24 hours wide in the scenario's zone (a year of Shadow stays readable), and each row has a
/// lane per channel and one for what was never told. A notification is a dot at the app's instant coloured by why
/// its user was told then (on time, a device delay's cause, the iOS reason it stayed quiet), with a bar to when the
/// user was told (across midnight into the next rows); a lost, suppressed or skipped one is a cross, a square or a
/// diamond with its reason on hover. Every such mark carries `data-mark`, so a browser test counts them. App runs are
/// triangles over their day; the holding chart draws what the platform held after each run, the limit (64 on iOS,
/// 500 on Android), the runway each run left, and the losses.
struct ReplayPage: Sendable {
    /// One notification on the page.
    struct Mark: Sendable {
        /// What became of it.
        enum Kind: String, Sendable {
            case delivered, lost, suppressed, skipped
        }

        /// What became of it.
        var kind: Kind
        /// Its channel's lane; `nil` for the lane of what was never told.
        var lane: String?
        /// The app's instant for it.
        var asked: Date
        /// When its user was told (``asked`` when never told).
        var told: Date
        /// Why then (`on_time`, `standby_bucket`, `focus`), or the reason it was never told.
        var cause: String
        /// Its identifier.
        var identifier: String
        /// Its title, in the replay's language.
        var title: String?
    }

    /// One run of the app.
    struct Run: Sendable {
        var at: Date
        var cause: String
        var wanted: Int?
        var held: Int?
        var runwayMinutes: Int?
    }

    /// The scenario's app.
    var app: String
    /// The platform replayed.
    var platform: String
    /// The scenario's zone.
    var timeZone: TimeZone
    /// The notifications' language, from the first delivery's `locale`.
    var language: String?
    /// The platform's pending limit, from the summary (`Int.max` printed as no limit).
    var pendingLimit: Int?
    /// The most pending at once, from the summary.
    var peakPending: Int?
    /// The notifications, in output order.
    var marks: [Mark] = []
    /// The app's runs, in output order.
    var runs: [Run] = []

    /// Creates an empty page.
    init(app: String, platform: String, timeZone: TimeZone) {
        self.app = app
        self.platform = platform
        self.timeZone = timeZone
    }

    // MARK: - Layout

    /// The width of a day, 24 hours.
    private static let dayWidth = 900.0
    /// The room left of the days for the date and the lanes' names.
    private static let left = 250.0
    /// The room above the days for the hours.
    private static let top = 22.0

    /// The lanes: the channels in order of first appearance, then never told when anything was.
    private var lanes: [String?] {
        var seen: [String] = []
        for mark in marks {
            if let lane = mark.lane, !seen.contains(lane) { seen.append(lane) }
        }
        return seen.map { $0 } + (marks.contains { $0.lane == nil } ? [nil] : [])
    }

    /// The page's HTML.
    var html: String {
        let appName = DecodedReplay.displayName(of: app)
        let platformName = AppTextWords.words(for: platform, in: AppTextWords.platforms)
        return PageStyle.page(title: "\(appName) on \(platformName): replay", language: "en") { html in
            html.element("h1", text: "\(appName) on \(platformName)")
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            let instants = marks.flatMap { [$0.asked, $0.told] } + runs.map(\.at)
            guard let first = instants.min(), let last = instants.max() else {
                html.element("p", ["class": "sub"], text: "Nothing was due in this replay.")
                return
            }
            let days = Days(calendar: calendar, first: first, last: last)
            let delivered = marks.filter { $0.kind == .delivered }
            let notTold = marks.count - delivered.count
            let late = delivered.filter { $0.cause != "on_time" }.count
            var facts = [
                "\(days.format(first)) to \(days.format(last)) (\(timeZone.identifier)), \(days.count) "
                    + (days.count == 1 ? "day" : "days"),
                "\(delivered.count) delivered, \(late) late or quiet, \(notTold) never told",
            ]
            if let peak = peakPending {
                facts.append("peak \(peak) pending" + limitWords)
            }
            html.element("p", ["class": "sub"], text: facts.joined(separator: " · "))
            writeTimeline(&html, days: days)
            writeHolding(&html, days: days)
            writeNotTold(&html, days: days)
        }
    }

    private var limitWords: String {
        guard let limit = pendingLimit, limit < Int.max else { return " (no limit)" }
        return " of \(limit)"
    }

    // MARK: - Day by day

    private func writeTimeline(_ html: inout HTMLBuilder, days: Days) {
        html.element("h2", text: "Notifications, day by day")
        let counts = Dictionary(grouping: marks, by: { $0.kind == .delivered ? $0.cause : $0.kind.rawValue })
            .mapValues(\.count)
        let causes = PageStyle.causes.filter { counts[$0] != nil }
        let unknown = counts.keys.filter {
            !PageStyle.causes.contains($0) && ReplayPage.Mark.Kind(rawValue: $0) == nil
        }.sorted()
        PageStyle.legend(&html, (causes + unknown).map { ($0, counts[$0]) })
        html.start("p", ["class": "legend"])
        for kind in [Mark.Kind.lost, .suppressed, .skipped] where counts[kind.rawValue] != nil {
            html.start("span", ["class": "entry"])
            html.start("svg", ["width": "12", "height": "12", "viewBox": "-6 -6 12 12", "aria-hidden": "true"])
            Self.shape(&html, kind: kind, x: 0, y: 0, size: 4, title: nil)
            html.end()
            html.text(" \(kind.rawValue) \(counts[kind.rawValue] ?? 0)")
            html.end()
        }
        html.start("span", ["class": "entry"])
        html.start("svg", ["width": "12", "height": "12", "viewBox": "-6 -6 12 12", "aria-hidden": "true"])
        html.empty("path", ["class": "run", "d": "M-5 -5 L5 -5 L0 3 Z"])
        html.end()
        html.text(" app runs \(runs.count)")
        html.end()
        html.end()

        let lanes = self.lanes
        let laneHeight = days.count <= 14 ? 16.0 : 7.0
        if laneHeight < 12 {
            html.element(
                "p", ["class": "sub"],
                text: "Each day's lanes, top to bottom: " + lanes.map { $0 ?? "never told" }.joined(separator: ", "))
        }
        let gap = days.count <= 14 ? 10.0 : 3.0
        let dayHeight = Double(lanes.count) * laneHeight + gap
        let height = Self.top + Double(days.count) * dayHeight
        let width = Self.left + Self.dayWidth + 10
        html.start(
            "svg",
            [
                "class": "timeline", "role": "img", "viewBox": "0 0 \(Self.n(width)) \(Self.n(height))",
                "width": Self.n(width), "height": Self.n(height),
                "aria-label": "The notifications of each day, hour by hour; the table below has their numbers",
            ])
        for hour in stride(from: 0, through: 24, by: 3) {
            let x = Self.left + Self.dayWidth * Double(hour) / 24
            html.empty(
                "line",
                ["class": "grid", "x1": Self.n(x), "x2": Self.n(x), "y1": Self.n(Self.top - 4), "y2": Self.n(height)])
            html.element(
                "text", ["x": Self.n(x), "y": "12", "text-anchor": "middle", "class": "muted"],
                text: String(format: "%02d:00", hour))
        }
        // The lanes' stripes, one day's worth, repeated down the whole chart.
        html.start("defs")
        html.start(
            "pattern",
            [
                "id": "lanes", "patternUnits": "userSpaceOnUse", "x": Self.n(Self.left), "y": Self.n(Self.top),
                "width": Self.n(Self.dayWidth), "height": Self.n(dayHeight),
            ])
        for index in lanes.indices {
            html.empty(
                "rect",
                [
                    "class": "lane", "x": "0", "y": Self.n(Double(index) * laneHeight + 0.5),
                    "width": Self.n(Self.dayWidth), "height": Self.n(laneHeight - 1),
                ])
        }
        html.end()
        html.end()
        html.empty(
            "rect",
            [
                "fill": "url(#lanes)", "x": Self.n(Self.left), "y": Self.n(Self.top), "width": Self.n(Self.dayWidth),
                "height": Self.n(height - Self.top),
            ])
        for day in 0..<days.count {
            let y = Self.top + Double(day) * dayHeight
            if laneHeight >= 12 {
                for (index, lane) in lanes.enumerated() {
                    html.element(
                        "text",
                        [
                            "x": Self.n(Self.left - 6), "y": Self.n(y + Double(index) * laneHeight + laneHeight - 4),
                            "text-anchor": "end", "class": "muted",
                        ], text: lane ?? "never told")
                }
            }
            html.element(
                "text", ["x": "0", "y": Self.n(y + laneHeight - (laneHeight >= 12 ? 4 : 0))], text: days.dayName(day))
        }
        let laneIndex = Dictionary(uniqueKeysWithValues: lanes.enumerated().map { ($0.element ?? "", $0.offset) })
        func laneY(_ mark: Mark, day: Int) -> Double {
            let index = mark.lane.map { laneIndex[$0] ?? 0 } ?? (lanes.count - 1)
            return Self.top + Double(day) * dayHeight + Double(index) * laneHeight + laneHeight / 2
        }
        // The bars first, so the marks are drawn over them.
        for mark in marks where mark.kind == .delivered && mark.told > mark.asked {
            let cssClass = "bar " + PageStyle.cssClass(forCause: mark.cause)
            for (day, from, to) in days.segments(from: mark.asked, to: mark.told) {
                html.empty(
                    "rect",
                    [
                        "class": cssClass, "x": Self.n(Self.left + from * Self.dayWidth),
                        "y": Self.n(laneY(mark, day: day) - laneHeight / 4),
                        "width": Self.n(max(1, (to - from) * Self.dayWidth)), "height": Self.n(laneHeight / 2),
                    ])
            }
        }
        // A year of marks must stay small: each day's lane is a group moved to its place, a mark in it gives only
        // its x, and a dot's radius and its on-time colour come from the style sheet.
        var byLane: [Int: [(offset: Double, mark: Mark)]] = [:]
        for mark in marks {
            let (day, offset) = days.position(of: mark.asked)
            let index = mark.lane.map { laneIndex[$0] ?? 0 } ?? (lanes.count - 1)
            byLane[day * lanes.count + index, default: []].append((offset, mark))
        }
        let size = laneHeight >= 12 ? 4.5 : 2.6
        html.start("g", ["class": laneHeight >= 12 ? "marks" : "marks compact"])
        for key in byLane.keys.sorted() {
            let day = key / lanes.count
            let y = Self.top + Double(day) * dayHeight + Double(key % lanes.count) * laneHeight + laneHeight / 2
            html.start("g", ["transform": "translate(0 \(Self.n(y)))"])
            for (offset, mark) in byLane[key] ?? [] {
                Self.shape(
                    &html, mark: mark, x: Self.left + offset * Self.dayWidth, size: size,
                    title: describe(mark, days: days))
            }
            html.end()
        }
        html.end()
        for run in runs {
            let (day, offset) = days.position(of: run.at)
            let x = Self.left + offset * Self.dayWidth
            let y = Self.top + Double(day) * dayHeight
            let s = laneHeight >= 12 ? 4.0 : 2.5
            html.start(
                "path",
                [
                    "class": "run", "data-run": run.cause,
                    "d": "M\(Self.n(x - s)) \(Self.n(y - s)) L\(Self.n(x + s)) "
                        + "\(Self.n(y - s)) L\(Self.n(x)) \(Self.n(y + s * 0.6)) Z",
                ])
            html.element("title", text: describe(run, days: days))
            html.end()
        }
        html.end()

        var rows: [[String]] = []
        var byDay: [Int: [Mark]] = [:]
        for mark in marks { byDay[days.position(of: mark.asked).day, default: []].append(mark) }
        for day in 0..<days.count {
            let dayMarks = byDay[day] ?? []
            let delivered = dayMarks.filter { $0.kind == .delivered }
            rows.append([
                days.dayName(day), String(delivered.count), String(delivered.filter { $0.cause == "on_time" }.count),
                String(delivered.filter { $0.cause != "on_time" }.count), String(dayMarks.count - delivered.count),
                String(runs.filter { days.position(of: $0.at).day == day }.count),
            ])
        }
        PageStyle.table(
            &html, summary: "The numbers, day by day",
            header: ["day", "delivered", "on time", "late or quiet", "never told", "app runs"], rows: rows)
    }

    /// A mark's words on hover: its local time (the row gives the day), lane, title and why then.
    private func describe(_ mark: Mark, days: Days) -> String {
        var parts = [days.time(mark.asked), mark.lane ?? mark.kind.rawValue]
        if let title = mark.title { parts.append(title) }
        switch mark.kind {
        case .delivered:
            if mark.told > mark.asked {
                let minutes = mark.told.wholeMinutes(since: mark.asked)
                parts.append(
                    "told \(days.format(mark.told)), \(FleetShare.duration(minutes: minutes)) later: "
                        + PageStyle.words(forCause: mark.cause))
            } else {
                parts.append("on time")
            }
            return parts.joined(separator: " · ")
        case .lost, .suppressed, .skipped:
            parts.append("\(mark.kind.rawValue): " + FleetAnswer.reasonWords(mark.cause))
        }
        parts.append(mark.identifier)
        return parts.joined(separator: " · ")
    }

    private func describe(_ run: Run, days: Days) -> String {
        var text = days.format(run.at) + " " + AppTextWords.words(for: run.cause, in: AppTextWords.runCauses)
        if let wanted = run.wanted, let held = run.held { text += ": \(wanted) wanted, \(held) held" }
        if let runway = run.runwayMinutes { text += ", runway \(FleetShare.duration(minutes: runway))" }
        return text
    }

    /// Writes a mark in its lane's group (y 0): a dot for a delivery, a cross, a square or a diamond for what was
    /// never told.
    private static func shape(_ html: inout HTMLBuilder, mark: Mark, x: Double, size: Double, title: String) {
        if mark.kind == .delivered {
            if mark.cause == "on_time" {
                html.start("circle", ["data-mark": "delivered", "cx": n(x)])
            } else {
                html.start(
                    "circle", ["class": PageStyle.cssClass(forCause: mark.cause), "data-mark": "delivered", "cx": n(x)])
            }
            html.element("title", text: title)
            html.end()
        } else {
            shape(&html, kind: mark.kind, x: x, y: 0, size: size, title: title)
        }
    }

    private static func shape(
        _ html: inout HTMLBuilder, kind: Mark.Kind, x: Double, y: Double, size: Double, title: String?
    ) {
        let s = size * 0.85
        let (x0, x1, y0, y1) = (n(x - s), n(x + s), n(y - s), n(y + s))
        let d: String =
            switch kind {
            case .lost: "M\(x0) \(y0) L\(x1) \(y1) M\(x0) \(y1) L\(x1) \(y0)"
            case .suppressed: "M\(x0) \(y0) H\(x1) V\(y1) H\(x0) Z"
            case .skipped, .delivered: "M\(n(x)) \(y0) L\(x1) \(n(y)) L\(n(x)) \(y1) L\(x0) \(n(y)) Z"
            }
        guard let title else {
            html.empty("path", ["class": "k-\(kind.rawValue)", "d": d])
            return
        }
        html.start("path", ["class": "k-\(kind.rawValue)", "data-mark": kind.rawValue, "d": d])
        html.element("title", text: title)
        html.end()
    }

    // MARK: - What the platform holds

    private func writeHolding(_ html: inout HTMLBuilder, days: Days) {
        let platformName = AppTextWords.words(for: platform, in: AppTextWords.platforms)
        html.element("h2", text: "What \(platformName) holds")
        html.element(
            "p", ["class": "sub"],
            text: "After each app run: the requests the system holds" + limitWords
                + "; under the chart, each run's runway (until the last request it holds is due); crosses: lost.")
        let held = runs.compactMap(\.held)
        let limit = pendingLimit.flatMap { $0 < Int.max ? $0 : nil }
        let top = Double(max(limit ?? 0, held.max() ?? 0, peakPending ?? 0, 1)) * 1.1
        let width = Self.left + Self.dayWidth + 10
        let chartHeight = 140.0
        let chartTop = 10.0
        let runwayTop = chartTop + chartHeight + 8
        let height = runwayTop + 30
        let span = days.end.timeIntervalSince(days.start)
        func x(_ date: Date) -> Double {
            Self.left + Self.dayWidth * min(1, max(0, date.timeIntervalSince(days.start) / span))
        }
        func y(_ count: Int) -> Double { chartTop + chartHeight * (1 - Double(count) / top) }
        html.start(
            "svg",
            [
                "class": "holding", "role": "img", "viewBox": "0 0 \(Self.n(width)) \(Self.n(height))",
                "width": Self.n(width), "height": Self.n(height),
                "aria-label": "Requests held after each app run against the limit; the table below has the numbers",
            ])
        html.empty(
            "line",
            [
                "class": "axis", "x1": Self.n(Self.left), "x2": Self.n(Self.left + Self.dayWidth),
                "y1": Self.n(y(0)), "y2": Self.n(y(0)),
            ])
        html.element(
            "text", ["x": Self.n(Self.left - 6), "y": Self.n(y(0)), "text-anchor": "end", "class": "muted"], text: "0")
        if let limit {
            html.empty(
                "line",
                [
                    "class": "limit", "x1": Self.n(Self.left), "x2": Self.n(Self.left + Self.dayWidth),
                    "y1": Self.n(y(limit)), "y2": Self.n(y(limit)),
                ])
            html.element(
                "text", ["x": Self.n(Self.left - 6), "y": Self.n(y(limit) + 4), "text-anchor": "end"],
                text: "limit \(limit)")
        }
        let heldRuns = runs.filter { $0.held != nil }.sorted { $0.at < $1.at }
        if !heldRuns.isEmpty {
            var d = ""
            for (index, run) in heldRuns.enumerated() {
                let runY = Self.n(y(run.held ?? 0))
                d += index == 0 ? "M\(Self.n(x(run.at))) \(runY)" : " H\(Self.n(x(run.at))) V\(runY)"
            }
            d += " H\(Self.n(Self.left + Self.dayWidth))"
            html.empty("path", ["class": "held", "d": d])
            if let peak = held.max(), y(0) - y(peak) >= 12, limit.map({ y(peak) - y($0) >= 12 }) ?? true {
                html.element(
                    "text",
                    [
                        "x": Self.n(Self.left - 6), "y": Self.n(y(peak) + 4), "text-anchor": "end",
                        "class": "muted",
                    ], text: String(peak))
            }
        }
        for mark in marks where mark.kind == .lost {
            Self.shape(&html, kind: .lost, x: x(mark.asked), y: y(0) - 5, size: 3.5, title: nil)
        }
        html.element("text", ["x": "0", "y": Self.n(runwayTop + 9)], text: "runway")
        for run in heldRuns {
            guard let runway = run.runwayMinutes else { continue }
            let end = run.at.addingTimeInterval(Double(runway) * 60)
            html.empty(
                "rect",
                [
                    "class": "runway", "x": Self.n(x(run.at)), "y": Self.n(runwayTop),
                    "width": Self.n(max(1, x(end) - x(run.at))), "height": "12",
                ])
        }
        html.element(
            "text", ["x": Self.n(Self.left), "y": Self.n(height - 2), "class": "muted"],
            text: days.format(days.start))
        html.element(
            "text",
            [
                "x": Self.n(Self.left + Self.dayWidth), "y": Self.n(height - 2), "text-anchor": "end",
                "class": "muted",
            ], text: days.format(days.end))
        html.end()
        PageStyle.table(
            &html, summary: "The app's runs",
            header: ["at", "why", "wanted", "held", "runway"],
            rows: runs.map { run in
                [
                    days.format(run.at), AppTextWords.words(for: run.cause, in: AppTextWords.runCauses),
                    run.wanted.map(String.init) ?? "", run.held.map(String.init) ?? "",
                    run.runwayMinutes.map { FleetShare.duration(minutes: $0) } ?? "",
                ]
            })
    }

    // MARK: - Never told

    private func writeNotTold(_ html: inout HTMLBuilder, days: Days) {
        let notTold = marks.filter { $0.kind != .delivered }
        html.element("h2", text: "Never told (\(notTold.count))")
        guard !notTold.isEmpty else {
            html.element("p", ["class": "sub"], text: "Every notification reached its user.")
            return
        }
        PageStyle.table(
            &html, summary: "Each one and why",
            header: ["at", "what", "why", "identifier"],
            rows: notTold.map { mark in
                [
                    days.format(mark.asked), mark.kind.rawValue, FleetAnswer.reasonWords(mark.cause),
                    mark.identifier,
                ]
            })
    }

    private static func n(_ value: Double) -> String { HTMLBuilder.number(value) }
}

/// The local days a replay covers, in the scenario's zone: where an instant falls on the page.
private struct Days {
    let calendar: Calendar
    /// The first day's midnight.
    let start: Date
    /// The midnight after the last day.
    let end: Date
    /// The days.
    let count: Int
    private let midnights: [Date]

    init(calendar: Calendar, first: Date, last: Date) {
        self.calendar = calendar
        start = calendar.startOfDay(for: first)
        var midnights = [start]
        while let current = midnights.last, current <= last,
            let next = calendar.date(byAdding: .day, value: 1, to: current)
        {
            midnights.append(next)
        }
        self.midnights = midnights
        end = midnights[midnights.count - 1]
        count = midnights.count - 1
    }

    /// The day an instant falls on and where in it, from 0 (midnight) to 1.
    func position(of date: Date) -> (day: Int, offset: Double) {
        var low = 0
        var high = count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if midnights[middle] <= date { low = middle } else { high = middle - 1 }
        }
        let from = midnights[low]
        let length = midnights[low + 1].timeIntervalSince(from)
        return (low, min(1, max(0, date.timeIntervalSince(from) / length)))
    }

    /// The pieces of a span, one per day it covers, as offsets in each day.
    func segments(from: Date, to: Date) -> [(day: Int, from: Double, to: Double)] {
        let first = position(of: from)
        let last = position(of: to)
        guard first.day != last.day else { return [(first.day, first.offset, last.offset)] }
        var pieces = [(first.day, first.offset, 1.0)]
        for day in (first.day + 1)..<last.day { pieces.append((day, 0, 1)) }
        pieces.append((last.day, 0, last.offset))
        return pieces
    }

    /// A day's name: `Mon 2026-05-04`.
    func dayName(_ day: Int) -> String {
        let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: midnights[day])
        let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        return weekdays[(parts.weekday ?? 1) - 1] + " "
            + String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    /// An instant's local time of day: `07:00`.
    func time(_ date: Date) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    /// An instant in local time: `2026-05-04 07:00`.
    func format(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return String(
            format: "%04d-%02d-%02d %02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0,
            parts.minute ?? 0)
    }
}
