public import Foundation

/// One occurrence of a ``RecurrenceRule``: the slot that names it and the instant it fires.
///
/// The slot is the occurrence's own local calendar date and the local time the rule asked for, before any DST gap
/// shift, so identifiers built from it stay stable across DST changes. The fire instant follows the DST rules of
/// ``Foundation/TimeZone/instant(for:)``: a time in a gap fires as far after the transition as it was after the
/// gap's start; a time in an overlap fires at the earlier instant.
public struct Occurrence: Hashable, Sendable, CustomStringConvertible {
    /// The local date and the local time the rule asked for (before any gap shift).
    public let slot: LocalDateTime
    /// The instant it fires.
    public let fireAt: Date

    /// Creates an occurrence.
    ///
    /// - Parameters:
    ///   - slot: The local date and time the rule asked for.
    ///   - fireAt: The instant it fires.
    public init(slot: LocalDateTime, fireAt: Date) {
        self.slot = slot
        self.fireAt = fireAt
    }

    /// `slot@fireAt`, the fire instant in seconds since 1970 (for test output).
    public var description: String { "\(slot)@\(fireAt.wholeSecondsSince1970)" }
}
