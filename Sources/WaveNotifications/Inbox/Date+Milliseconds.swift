package import Foundation

extension Date {
    /// Milliseconds since 1970-01-01T00:00:00Z, rounded to the nearest: the instant as stores keep it.
    ///
    /// Saturates at `Int64.min` and `Int64.max` (and gives 0 for a NaN instant) instead of trapping, so a bad
    /// instant is refused by whoever validates it rather than crashing the store.
    package var millisecondsSince1970: Int64 {
        let milliseconds = (timeIntervalSince1970 * 1000).rounded()
        guard !milliseconds.isNaN else { return 0 }
        // 2^63 as a Double: anything at or beyond it does not fit.
        if milliseconds >= 9_223_372_036_854_775_808.0 { return .max }
        if milliseconds < -9_223_372_036_854_775_808.0 { return .min }
        return Int64(milliseconds)
    }

    /// The instant a number of milliseconds after 1970-01-01T00:00:00Z.
    ///
    /// - Parameter milliseconds: Milliseconds since 1970 (negative before).
    package init(millisecondsSince1970 milliseconds: Int64) {
        self.init(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}
