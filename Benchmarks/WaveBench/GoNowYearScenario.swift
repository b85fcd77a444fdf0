internal import Foundation
internal import WaveJSON

/// A year (or any number of days) of GoNow forecasts as a `wavesim` scenario, and the notifications its replay must
/// deliver, worked out from the same seeded data without the planner, the engine or the replay's output.
///
/// The user: Asia/Jerusalem from 2026-01-01 (the replay crosses both DST changes, 27 March and 25 October), all four
/// modes on, quiet hours 22:00–07:00 on (every 06:30 slot moves to 07:00), a dog called Luna.
///
/// The data: a seeded ground truth scores every local hour 06:00–20:00 of every date for every mode, as a random
/// walk through the day, so windows of one hour to the whole day come and go (some ≥ 85, some days with three or
/// more, some with none); good hours sometimes carry a reason chip; from May to October `run_dog` is heat-gated
/// around midday on some days and all day on others (the heat warning). A forecast arrives every 8 hours (02:20Z,
/// 10:20Z, 18:20Z: 04:20, 12:20 and 20:20 local in winter, an hour later in summer), fetched 20 minutes earlier,
/// and covers today and tomorrow (local dates) in full with the ground truth's scores: 1,095 forecasts, 4.4 MB for a
/// year.
struct GoNowYearScenario {
    /// The modes, in the order of `GoNowMode.allCases`; all are switched on.
    private static let modes = ["swim_solo", "swim_dog", "run_solo", "run_dog"]
    private static let runDog = 3
    /// The local hours a forecast scores on each date: 06:00 to 20:00 (the last hour ends at 21:00).
    private static let firstHour = 6
    private static let hoursPerDate = 15
    /// Quiet hours end at 07:00: the 06:30 slot fires then. The afternoon backup fires at 12:00.
    private static let morningFireHour = 7
    private static let noonFireHour = 12
    private static let reasons = [
        ["Waves calm", "Water warm", "Clear sea"], ["Waves low", "Calm sea", "Few people"],
        ["Cooler temps", "Clean air", "Low UV"], ["Cooler temps, lower UV", "Shade on the route", "Soft breeze"],
    ]

    /// The number of local dates replayed, from 2026-01-01.
    let days: Int
    /// `scores[(date * hoursPerDate + hour) * 4 + mode]`, for `days + 1` dates (the last forecast covers tomorrow).
    private var scores: [Int] = []
    /// `run_dog` heat-gated, `[date * hoursPerDate + hour]`.
    private var heatGated: [Bool] = []
    /// Reason chips, keyed like `scores`.
    private var reasonChips: [Int: String] = [:]
    /// The instant each scored hour starts, keyed like `heatGated`.
    private let hourStarts: [Date]
    /// `YYYY-MM-DD` of each date.
    private let dateNames: [String]
    /// Local midnight starting each date, and the one after the last.
    private let midnights: [Date]

    private static let zone = TimeZone(identifier: "Asia/Jerusalem")!

    /// Builds the ground truth of `days` dates (and the one after, which the last forecast covers as tomorrow).
    ///
    /// - Parameters:
    ///   - days: Local dates replayed, from 2026-01-01; 365 is the year.
    ///   - seed: The generator's seed.
    init(days: Int, seed: UInt64 = 0x6060_2026) {
        self.days = days
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        var local = Calendar(identifier: .gregorian)
        local.timeZone = Self.zone
        let firstDate = utc.date(from: DateComponents(year: 2026, month: 1, day: 1))!
        var names: [String] = []
        var starts: [Date] = []
        var months: [Int] = []
        var midnights: [Date] = []
        for date in 0...days + 1 {
            let parts = utc.dateComponents(
                [.year, .month, .day], from: firstDate.addingTimeInterval(Double(date) * 86_400))
            let (year, month, day) = (parts.year!, parts.month!, parts.day!)
            midnights.append(local.date(from: DateComponents(year: year, month: month, day: day))!)
            guard date <= days else { break }
            names.append(String(format: "%04d-%02d-%02d", year, month, day))
            months.append(month)
            for hour in 0..<Self.hoursPerDate {
                starts.append(
                    local.date(from: DateComponents(year: year, month: month, day: day, hour: Self.firstHour + hour))!)
            }
        }
        dateNames = names
        hourStarts = starts
        self.midnights = midnights

        var random = SeededGenerator(seed: seed)
        for date in 0...days {
            // Heat on run_dog from May to October: none (4 days in 10), around midday (10:00–16:59, 4 in 10), or
            // all day (2 in 10).
            let heat = (5...10).contains(months[date]) ? Int.random(in: 0..<10, using: &random) : 0
            var walks = Self.modes.map { _ in Int.random(in: 35...95, using: &random) }
            for hour in 0..<Self.hoursPerDate {
                let localHour = Self.firstHour + hour
                heatGated.append(heat >= 8 || (heat >= 4 && (10...16).contains(localHour)))
                for mode in Self.modes.indices {
                    walks[mode] = min(100, max(5, walks[mode] + Int.random(in: -18...18, using: &random)))
                    if walks[mode] >= 75, Int.random(in: 0..<2, using: &random) == 0 {
                        let chips = Self.reasons[mode]
                        reasonChips[scores.count] = chips[Int.random(in: 0..<chips.count, using: &random)]
                    }
                    scores.append(walks[mode])
                }
            }
        }
    }

    /// The instant the replay starts: 2026-01-01T00:00:00+02:00.
    var start: Date { midnights[0] }

    /// The instant the replay ends: local midnight after the last date.
    var until: Date { midnights[days] }

    /// The forecast actions' instants: every 8 hours from 2026-01-01T02:20Z until the end.
    var forecastInstants: [Date] {
        let first = Date(timeIntervalSince1970: 1_767_234_000)
        return stride(from: 0.0, to: until.timeIntervalSince(first), by: 8 * 3600).map { first.addingTimeInterval($0) }
    }

    // MARK: - The scenario

    /// Writes the scenario file.
    ///
    /// - Parameter url: Where.
    /// - Returns: The number of bytes written.
    @discardableResult
    func write(to url: URL) throws -> Int {
        var json = JSONWriter(capacity: 4 << 20)
        json.beginObject()
        json.member("app", "gonow")
        json.member("timeZone", Self.zone.identifier)
        json.member("now", ScenarioGenerator.timestamp(start))
        json.member("until", ScenarioGenerator.timestamp(until))
        json.key("gonow")
        json.beginObject()
        json.key("modeToggles")
        json.beginObject()
        for mode in Self.modes {
            json.key(mode)
            json.bool(true)
        }
        json.endObject()
        json.key("quietHours")
        json.beginObject()
        json.member("enabled", true)
        json.member("start", "22:00")
        json.member("end", "07:00")
        json.endObject()
        json.member("dogName", "Luna")
        json.endObject()
        json.key("actions")
        json.beginArray()
        for instant in forecastInstants {
            let today = localDateIndex(of: instant)
            json.beginObject()
            json.member("at", ScenarioGenerator.timestamp(instant))
            json.member("type", "forecast")
            json.member("fetchedAt", ScenarioGenerator.timestamp(instant.addingTimeInterval(-20 * 60)))
            json.key("hours")
            json.beginArray()
            for slot in (today * Self.hoursPerDate)..<((today + 2) * Self.hoursPerDate) {
                writeHour(slot, to: &json)
            }
            json.endArray()
            json.endObject()
        }
        json.endArray()
        json.endObject()
        let bytes = json.bytes + [UInt8(ascii: "\n")]
        try Data(bytes).write(to: url)
        return bytes.count
    }

    private func writeHour(_ slot: Int, to json: inout JSONWriter) {
        json.beginObject()
        json.member("start", ScenarioGenerator.timestamp(hourStarts[slot]))
        json.key("scores")
        json.beginObject()
        for (mode, name) in Self.modes.enumerated() {
            json.key(name)
            json.number(scores[slot * 4 + mode])
        }
        json.endObject()
        if heatGated[slot] {
            json.key("heatGated")
            json.strings([Self.modes[Self.runDog]])
        }
        let chips = Self.modes.indices.compactMap { mode in reasonChips[slot * 4 + mode].map { (mode, $0) } }
        if !chips.isEmpty {
            json.key("reasons")
            json.beginObject()
            for (mode, chip) in chips {
                json.key(Self.modes[mode])
                json.string(chip)
            }
            json.endObject()
        }
        json.endObject()
    }

    /// The index of the local date an instant falls on (0 = 2026-01-01).
    private func localDateIndex(of instant: Date) -> Int {
        (midnights.lastIndex { $0 <= instant } ?? 0)
    }

    // MARK: - The expected deliveries

    /// One window: local hours `[start, end)` of a date and the sum of their scores.
    private struct Window {
        var start: Int
        var end: Int
        var sum: Int

        /// Higher average first, then earlier start, compared exactly (no rounding).
        func ranksBefore(_ other: Window) -> Bool {
            let lhs = sum * (other.end - other.start)
            let rhs = other.sum * (end - start)
            return lhs != rhs ? lhs > rhs : start < other.start
        }
    }

    /// The ranked windows of a mode on a date: maximal runs of hours scoring ≥ 70 and not heat-gated, ending after
    /// 06:30 (every run here ends at 07:00 or later, so none is left out).
    private func windows(date: Int, mode: Int) -> [Window] {
        var result: [Window] = []
        var current: Window?
        for hour in 0..<Self.hoursPerDate {
            let slot = date * Self.hoursPerDate + hour
            let score = scores[slot * 4 + mode]
            let localHour = Self.firstHour + hour
            if score >= 70, !(mode == Self.runDog && heatGated[slot]) {
                if current == nil { current = Window(start: localHour, end: localHour, sum: 0) }
                current!.end = localHour + 1
                current!.sum += score
            } else if let run = current {
                result.append(run)
                current = nil
            }
        }
        if let current { result.append(current) }
        return result.filter { $0.end * 60 > 6 * 60 + 30 }.sorted { $0.ranksBefore($1) }
    }

    /// The identifiers the replay must deliver, sorted.
    ///
    /// Why this is simple, and independent: every forecast reports the same scores for an hour and covers today and
    /// tomorrow in full, so the windows of a date never change, and what fires on date D is decided at D's first
    /// forecast (04:20 or 05:20 local): no other reconcile falls between it and D's last fire instant, 12:00 (the DST
    /// changes happen at 02:00). There, per mode, the candidates firing on D are, by rank: best(D) or, for `run_dog`
    /// without a window on a date with a heat-gated hour, heat(D); backup(D) (07:00 when it starts before 12:00,
    /// else 12:00); the heads-up for D + 1's best (07:00). Best drops when its window ends by 07:00 (`window_passed`)
    /// or when yesterday's heads-up for that same window was shown (`already_notified`); backup drops when its
    /// window ends by its fire instant; the daily cap keeps the first two left. The total cap never binds (four modes:
    /// 2 × 4), nor the 30-minute cap key (fires are 07:00 and 12:00), nor staleness (data 20 minutes old), nor the
    /// budget of 64. This is arithmetic on the ground truth, written from the spec without `GoNowPlanner`, the engine
    /// or the replay's output, so a fault in any of them shows up as a different count or identifier.
    func expectedDeliveries() -> [String] {
        var delivered: [String] = []
        for mode in Self.modes.indices {
            let name = Self.modes[mode]
            var headsUpShown = false  // the heads-up for today's best, shown yesterday
            var ranked = windows(date: 0, mode: mode)
            for date in 0..<days {
                let tomorrow = windows(date: date + 1, mode: mode)
                var kept: [String] = []
                if let best = ranked.first {
                    if best.end > Self.morningFireHour && !headsUpShown {
                        kept.append("\(name)_\(dateNames[date])_best")
                    }
                } else if mode == Self.runDog,
                    heatGated[(date * Self.hoursPerDate)..<((date + 1) * Self.hoursPerDate)].contains(true)
                {
                    kept.append("\(name)_\(dateNames[date])_heat")
                }
                if ranked.count > 1 {
                    let backup = ranked[1]
                    let fireHour = backup.start < Self.noonFireHour ? Self.morningFireHour : Self.noonFireHour
                    if backup.end > fireHour { kept.append("\(name)_\(dateNames[date])_backup") }
                }
                if !tomorrow.isEmpty { kept.append("\(name)_\(dateNames[date + 1])_tomorrow") }
                kept = Array(kept.prefix(2))
                delivered += kept
                headsUpShown = kept.last?.hasSuffix("_tomorrow") == true
                ranked = tomorrow
            }
        }
        return delivered.sorted()
    }
}
