/// One send to end (``PushStoreTransaction/finishSends(_:)``): its outcome, and the engagement event its end records,
/// if any (the orchestration decides which; the store records it only when the send did end).
package struct SendFinish: Sendable {
    /// The send, as claimed (its fence, ``PendingSend/claimedUntil``).
    package var send: PendingSend
    /// How it ends.
    package var outcome: SendOutcome
    /// The event recorded with the end, for the send's message and installation at the outcome's instant; `nil` for
    /// none.
    package var records: EngagementKind?

    /// Creates one from its parts.
    package init(send: PendingSend, outcome: SendOutcome, records: EngagementKind? = nil) {
        self.send = send
        self.outcome = outcome
        self.records = records
    }
}
