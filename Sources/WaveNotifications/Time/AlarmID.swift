internal import Synchronization

private let nextAlarmID = Atomic<UInt64>(1)

/// Identifies one owner's alarm on an ``AlarmClock``; every call to ``init()`` makes a new one.
public struct AlarmID: Hashable, Sendable {
    /// The id's unique number, in creation order.
    public let rawValue: UInt64

    /// Creates a new, unique alarm id.
    public init() {
        rawValue = nextAlarmID.add(1, ordering: .relaxed).oldValue
    }
}
