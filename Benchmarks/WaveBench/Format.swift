internal import Foundation

/// Human-readable numbers for the table.
enum Format {
    /// `1,234,567`.
    static func count(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (offset, character) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { grouped += "," }
            grouped.append(character)
        }
        return (value < 0 ? "-" : "") + grouped
    }

    /// A duration in seconds, in the unit that reads best: `812 ns`, `4.21 µs`, `13.7 ms`, `2.35 s`.
    static func duration(_ seconds: Double?) -> String {
        guard let seconds, seconds.isFinite else { return "–" }
        let magnitude = abs(seconds)
        if magnitude >= 1 { return fixed(seconds, 2) + " s" }
        if magnitude >= 1e-3 { return significant(seconds * 1e3) + " ms" }
        if magnitude >= 1e-6 { return significant(seconds * 1e6) + " µs" }
        return significant(seconds * 1e9) + " ns"
    }

    /// Milliseconds with three decimals: `0.153`.
    static func milliseconds(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "–" }
        return fixed(value, 3)
    }

    /// A rate: `812 k/s`, `1.25 M/s`.
    static func rate(_ perSecond: Double?) -> String {
        guard let perSecond, perSecond.isFinite else { return "–" }
        if perSecond >= 1e6 { return significant(perSecond / 1e6) + " M/s" }
        if perSecond >= 1e3 { return significant(perSecond / 1e3) + " k/s" }
        return significant(perSecond) + " /s"
    }

    /// Bytes in MiB (or KiB when small): `312 MiB`.
    static func bytes(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "–" }
        if abs(value) >= 1024 * 1024 { return significant(value / 1_048_576) + " MiB" }
        return significant(value / 1024) + " KiB"
    }

    /// A ratio: `14.2×`.
    static func ratio(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "–" }
        return significant(value) + "×"
    }

    /// Three significant digits, without exponent: `0.153`, `15.3`, `153`, `1530`.
    static func significant(_ value: Double) -> String {
        let magnitude = abs(value)
        if magnitude >= 100 { return fixed(value, 0) }
        if magnitude >= 10 { return fixed(value, 1) }
        if magnitude >= 1 { return fixed(value, 2) }
        return fixed(value, 3)
    }

    static func fixed(_ value: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", value)
    }
}

/// Left-aligned first columns, right-aligned numbers, two spaces between columns.
struct TextTable {
    var headers: [String]
    var leftAligned: Int
    var rows: [[String]] = []

    init(_ headers: [String], leftAligned: Int = 2) {
        self.headers = headers
        self.leftAligned = leftAligned
    }

    mutating func add(_ row: [String]) {
        rows.append(row)
    }

    func render(indent: String = "  ") -> String {
        let all = [headers] + rows
        let widths = headers.indices.map { column in
            all.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0
        }
        return all.map { row in
            let cells = headers.indices.map { column -> String in
                let cell = column < row.count ? row[column] : ""
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return column < leftAligned ? cell + padding : padding + cell
            }
            return indent
                + cells.joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }.joined(separator: "\n") + "\n"
    }
}
