package import Foundation

extension Date {
    /// Whole seconds since 1970-01-01T00:00Z, the sub-second part dropped toward the past: the one conversion of an
    /// instant to the UTC second a zone's offset is looked up at and an occurrence is named by.
    package var wholeSecondsSince1970: Int {
        Int(timeIntervalSince1970.rounded(.down))
    }
}
