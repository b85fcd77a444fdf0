/// The summary block that closes an app's timeline.
extension AppTextTimeline {
    /// The summary's device lines, when the scenario gave device conditions: `late: 3 (median 12 min, p95 45 min,
    /// longest 2 h 14 min): <cause> 2, standby bucket 1` and, on iOS, `quiet: Focus 2, Scheduled Summary 0`; with
    /// skipped runs, `skipped: Low Power Mode 1`.
    ///
    /// - Parameter fields: The summary's fields; `late` and `quiet` are read.
    /// - Returns: The lines, none without those fields.
    func deviceSummary(_ fields: inout AppTextFieldReader) -> [String] {
        var lines: [String] = []
        if case .object(let late) = fields.value("late") {
            var reader = AppTextFieldReader(late)
            if let count = reader.integer("count") {
                var words = count == 0 ? "late: none" : "late: \(count)"
                if let p50 = reader.integer("p50Minutes"), let p95 = reader.integer("p95Minutes"),
                    let longest = reader.integer("maxMinutes")
                {
                    words +=
                        " (median \(Self.duration(minutes: p50)), p95 \(Self.duration(minutes: p95)), longest "
                        + "\(Self.duration(minutes: longest)))"
                }
                if case .object(let causes) = reader.value("byCause"), !causes.isEmpty {
                    words +=
                        ": "
                        + causes.map { cause, value in
                            let number = if case .integer(let n) = value { n } else { 0 }
                            return "\(AppTextWords.words(for: cause, in: AppTextWords.delayCauses)) \(number)"
                        }.joined(separator: ", ")
                }
                lines.append(words)
            }
        }
        for (key, table) in [("quiet", AppTextWords.quietReasons), ("skipped", AppTextWords.skipCauses)] {
            guard case .object(let counts) = fields.value(key) else { continue }
            lines.append(
                "\(key): "
                    + counts.map { name, value in
                        let number = if case .integer(let n) = value { n } else { 0 }
                        return "\(AppTextWords.words(for: name, in: table)) \(number)"
                    }.joined(separator: ", "))
        }
        return lines
    }

    /// A blank line, then `app: <n> delivered, <n> not shown · <n> cancelled · peak <n> pending of <limit>` (bold,
    /// as WorldWideWaves' first summary line), the reasons for what was not shown, GrowBro's inbox totals, and the
    /// other fields (those the format gains later) as `key value` pairs.
    ///
    /// - Parameter fields: The summary line's fields.
    /// - Returns: The lines, or `nil` without `delivered`, `suppressed` counts, `cancelled` or `peakPending`.
    func summary(_ fields: inout AppTextFieldReader) -> [String]? {
        guard let delivered = fields.integer("delivered"), case .object(let reasons) = fields.value("suppressed"),
            let cancelled = fields.integer("cancelled"), let peak = fields.integer("peakPending")
        else { return nil }
        var notShown: [(reason: String, count: Int)] = []
        for (reason, count) in reasons {
            guard case .integer(let number) = count else { return nil }
            notShown.append((reason, number))
        }
        var first = fields.string("app").map { "\($0): " } ?? ""
        first += "\(delivered) delivered, \(notShown.reduce(0) { $0 + $1.count }) not shown · \(cancelled) cancelled"
        switch fields.value("pendingLimit") {
        case .integer(let limit): first += " · peak \(peak) pending of \(limit)"
        case .null: first += " · peak \(peak) pending, no limit"
        default: first += " · peak \(peak) pending"
        }
        if let platform = fields.string("platform"), let lost = fields.integer("lost") {
            first += " · \(lost) lost on \(AppTextWords.words(for: platform, in: AppTextWords.platforms))"
        }
        let runway: String?
        switch fields.value("minRunwayMinutes") {
        case .integer(let minutes): runway = "shortest runway: \(Self.duration(minutes: minutes))"
        case .null: runway = "shortest runway: none (nothing was wanted)"
        default: runway = nil
        }
        var lines = ["", style.bold(first)]
        if !notShown.isEmpty {
            let words = notShown.map { "\(AppTextWords.words(for: $0.reason, in: AppTextWords.reasons)) (\($0.count))" }
            lines.append("not shown: " + words.joined(separator: ", "))
        }
        if case .object(let totals) = fields.value("inbox") {
            var inbox = AppTextFieldReader(totals)
            if let total = inbox.integer("total"), let unread = inbox.integer("unread"), inbox.rest.isEmpty {
                lines.append("inbox: \(Self.count(total, "entry", plural: "entries")), \(unread) unread")
            } else {
                lines.append(pairs([("inbox", .object(totals))], near: nil).joined())
            }
        }
        if let runway {
            lines.append(runway)
        }
        lines += deviceSummary(&fields)
        let rest = pairs(fields.rest, near: nil)
        if !rest.isEmpty {
            lines.append(rest.joined(separator: "  "))
        }
        return lines
    }
}
