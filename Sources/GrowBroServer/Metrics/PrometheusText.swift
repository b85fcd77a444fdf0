internal import Foundation

/// Prometheus' text exposition format (0.0.4), the small part of a client library we need: a family's `HELP` and
/// `TYPE` lines, then its samples, label values escaped (`\\`, `\"`, `\n`), numbers as Go's `ParseFloat` reads them.
package struct PrometheusText {
    /// The page so far.
    package private(set) var text = ""

    /// An empty page.
    package init() {}

    /// Starts a metric family.
    package mutating func family(_ name: String, _ type: String, _ help: String) {
        text += "# HELP \(name) \(Self.escapeHelp(help))\n# TYPE \(name) \(type)\n"
    }

    /// One sample.
    package mutating func sample(_ name: String, _ labels: [(String, String)], _ value: Double) {
        text += name
        if !labels.isEmpty {
            text += "{" + labels.map { "\($0.0)=\"\(Self.escapeLabel($0.1))\"" }.joined(separator: ",") + "}"
        }
        text += " " + Self.number(value) + "\n"
    }

    /// A family of one unlabelled sample (a gauge, or a counter without labels).
    package mutating func single(_ name: String, _ type: String, _ help: String, _ value: Double) {
        family(name, type, help)
        sample(name, [], value)
    }

    /// A histogram family: its `HELP` and `TYPE`, then one histogram per value of `label` (in that value's order),
    /// each bucket cumulative with its `le`, then `+Inf`, `_sum` and `_count`.
    ///
    /// - Parameters:
    ///   - name: The family's name.
    ///   - help: What it measures.
    ///   - label: The label that tells the histograms apart.
    ///   - histograms: The histograms by that label's value.
    package mutating func histograms(
        _ name: String, _ help: String, by label: String, _ histograms: [String: PrometheusHistogram]
    ) {
        family(name, "histogram", help)
        for (value, histogram) in histograms.sorted(by: { $0.key < $1.key }) {
            var cumulative: UInt64 = 0
            for (bound, count) in zip(histogram.bounds, histogram.buckets) {
                cumulative += count
                sample("\(name)_bucket", [(label, value), ("le", "\(bound)")], Double(cumulative))
            }
            sample("\(name)_bucket", [(label, value), ("le", "+Inf")], Double(histogram.count))
            sample("\(name)_sum", [(label, value)], histogram.sum)
            sample("\(name)_count", [(label, value)], Double(histogram.count))
        }
    }

    static func number(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value > 0 ? "+Inf" : "-Inf" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    static func escapeLabel(_ value: String) -> String {
        var escaped = ""
        for character in value {
            switch character {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    static func escapeHelp(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
    }
}
