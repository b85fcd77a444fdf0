package import Foundation

extension Date {
    /// Milliseconds since 1970-01-01T00:00:00Z, rounded to the nearest: the instant as stores keep it.
    package var millisecondsSince1970: Int64 {
        Int64((timeIntervalSince1970 * 1000).rounded())
    }

    /// The instant a number of milliseconds after 1970-01-01T00:00:00Z.
    ///
    /// - Parameter milliseconds: Milliseconds since 1970 (negative before).
    package init(millisecondsSince1970 milliseconds: Int64) {
        self.init(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}
