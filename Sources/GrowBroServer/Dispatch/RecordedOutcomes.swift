/// What one ``PushServerStore/recordOutcomes(_:decide:)`` call changed.
struct RecordedOutcomes: Sendable, Equatable {
    /// The token changes logged by purges, in order.
    var tokenChanges: [TokenChange] = []
    /// The sends whose commit took no effect: the send had already ended, or its claim's lease had ended and another
    /// sender claimed it (``PendingSend/claimedUntil``). Their outcome is the other sender's to record.
    var unapplied: Set<Int64> = []
}
