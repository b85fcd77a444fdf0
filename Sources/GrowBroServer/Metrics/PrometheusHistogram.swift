/// A Prometheus histogram's counts: one bucket per upper bound (not yet cumulative), the count and the sum; written
/// by ``PrometheusText/histograms(_:_:by:_:)`` with its cumulative `_bucket`, `_sum` and `_count` samples.
package struct PrometheusHistogram: Sendable {
    /// The upper bounds, in increasing order (`+Inf` is implied).
    package let bounds: [Double]
    /// Observations in each bound's bucket alone (above the previous bound, up to this one).
    package private(set) var buckets: [UInt64]
    /// Every observation, those above the last bound included.
    package private(set) var count: UInt64 = 0
    /// The sum of the observations (negative ones counted as 0).
    package private(set) var sum: Double = 0

    /// An empty histogram.
    ///
    /// - Parameter bounds: The buckets' upper bounds, increasing.
    package init(bounds: [Double]) {
        self.bounds = bounds
        buckets = [UInt64](repeating: 0, count: bounds.count)
    }

    /// Counts one observation.
    ///
    /// - Parameter value: The value (seconds, say).
    package mutating func observe(_ value: Double) {
        if let index = bounds.firstIndex(where: { value <= $0 }) { buckets[index] += 1 }
        count += 1
        sum += max(0, value)
    }
}
