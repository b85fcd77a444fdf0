/// What one ``OutcomeRecorder/record(_:in:)`` call changed.
package struct RecordedOutcomes: Sendable, Equatable {
    /// The token changes logged by purges, in order.
    package var tokenChanges: [TokenChange] = []
    /// The sends whose commit took no effect: the send had already ended, or its claim's lease had ended and another
    /// sender claimed it (``PendingSend/claimedUntil``). Their outcome is the other sender's to record.
    package var unapplied: Set<Int64> = []

    /// Creates one from its parts (a store reads them back).
    package init(tokenChanges: [TokenChange] = [], unapplied: Set<Int64> = []) {
        self.tokenChanges = tokenChanges
        self.unapplied = unapplied
    }
}
