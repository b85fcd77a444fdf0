/// Every measured run of one case at one size, and the medians the report shows.
struct CaseSummary: Codable, Sendable {
    var caseName: String
    var size: Int
    var warmUps: Int
    var samples: [CaseResult]
    /// Why the case failed (in a warm-up or a measured run); its samples are then incomplete.
    var failure: String?

    init(caseName: String, size: Int, warmUps: Int) {
        self.caseName = caseName
        self.size = size
        self.warmUps = warmUps
        samples = []
    }

    /// The median of a metric over the measured runs, or `nil` if no run reported it.
    func median(_ metric: String) -> Double? {
        let values = samples.compactMap { $0.metrics[metric] }
        return values.isEmpty ? nil : Statistics.median(values)
    }

    /// The median peak resident memory (VmHWM) over the measured runs, in bytes.
    var peakResidentBytes: Double? {
        samples.isEmpty ? nil : Statistics.median(samples.map { Double($0.peakResidentBytes) })
    }

    /// The median resident memory at the end of the run (VmRSS), in bytes.
    var finalResidentBytes: Double? {
        samples.isEmpty ? nil : Statistics.median(samples.map { Double($0.residentBytes) })
    }

    /// Median operations per second: operations over the timed seconds of each run, then the median.
    var operationsPerSecond: Double? {
        let rates = samples.compactMap { sample -> Double? in
            guard let operations = sample.metrics["operations"], let seconds = sample.metrics["seconds"], seconds > 0
            else { return nil }
            return operations / seconds
        }
        return rates.isEmpty ? nil : Statistics.median(rates)
    }

    /// Median CPU nanoseconds (all threads) per operation, when the case measures CPU time.
    var cpuNanosecondsPerOperation: Double? {
        let values = samples.compactMap { sample -> Double? in
            guard let operations = sample.metrics["operations"], let cpu = sample.metrics["cpuSeconds"], operations > 0
            else { return nil }
            return cpu / operations * 1e9
        }
        return values.isEmpty ? nil : Statistics.median(values)
    }

    /// Median nanoseconds per operation.
    var nanosecondsPerOperation: Double? {
        operationsPerSecond.map { 1e9 / $0 }
    }
}
