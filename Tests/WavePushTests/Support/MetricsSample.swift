import Foundation

/// One scrape of `wavepush dispatch --metrics`: the text and its samples, read as Prometheus reads them.
struct MetricsSample: Sendable {
    /// The page as served.
    var text: String
    /// Each sample line's name with its labels (`name{a="b"}`) and value.
    var samples: [(series: String, value: Double)]

    /// Scrapes `http://127.0.0.1:port/metrics`.
    static func scrape(port: Int) async throws -> MetricsSample {
        let (status, text, _) = try await DispatchMetricsTests.scrape(port: port)
        guard status == 200 else { throw MetricsScrapeError(status: status) }
        return MetricsSample(text: text)
    }

    init(text: String) {
        self.text = text
        samples = text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#"), let space = line.lastIndex(of: " "),
                let value = Double(line[line.index(after: space)...])
            else { return nil }
            return (String(line[..<space]), value)
        }
    }

    /// The value of an unlabelled series, or `nil` when the page leaves it out.
    func value(_ name: String) -> Double? {
        samples.first { $0.series == name }?.value
    }

    /// The sum of a family's series, those with `kind="…"` only when given.
    func sum(_ name: String, kind: String? = nil) -> Double {
        samples.filter { sample in
            (sample.series == name || sample.series.hasPrefix(name + "{"))
                && kind.map { sample.series.contains("kind=\"\($0)\"") } ?? true
        }.reduce(0) { $0 + $1.value }
    }
}

/// A scrape that did not answer 200.
struct MetricsScrapeError: Error {
    var status: Int
}
