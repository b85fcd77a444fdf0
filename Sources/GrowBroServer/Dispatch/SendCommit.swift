package import Foundation

/// What a sender records for one claimed send after its attempt: the unit of ``OutcomeRecorder/record(_:in:)``,
/// so a batch of outcomes is one transaction instead of one per send.
package enum SendCommit: Sendable {
    /// Ends the send (an accepted one also records the `accepted` engagement event).
    case finish(PendingSend, SendOutcome)
    /// Records a failed attempt and when the next is due.
    case reschedule(PendingSend, attempts: Int, renewed: Bool, status: Int?, reason: String?, due: Date)
    /// Ends the send `purged` and removes the installation while it still holds `token` (``TokenRules/purge``).
    case purge(PendingSend, SendOutcome, token: String)
    /// Gives a claimed send back unattempted, due again at its instant before the claim (a sender stopping before
    /// it started it), so it does not wait for the lease to end.
    case release(PendingSend)

    /// The send this commit is for.
    package var send: PendingSend {
        switch self {
        case .finish(let send, _), .reschedule(let send, _, _, _, _, _), .purge(let send, _, _),
            .release(let send):
            send
        }
    }
}
