package import Foundation

extension Date {
    /// Whole minutes from `earlier` to this instant, rounded down (negative when `earlier` is later): the one
    /// conversion of a span between instants to the minutes a runway, a delay or a quiet delivery is told in.
    ///
    /// - Parameter earlier: The start of the span.
    /// - Returns: The minutes.
    package func wholeMinutes(since earlier: Date) -> Int {
        Int((timeIntervalSince(earlier) / 60).rounded(.down))
    }
}
