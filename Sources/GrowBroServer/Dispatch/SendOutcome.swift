package import Foundation

/// How a pending send ends: its final state, its attempts and what the last answer said.
package struct SendOutcome: Sendable {
    /// The final state (not `pending`).
    package var state: SendRecord.State
    /// The attempts made.
    package var attempts: Int
    /// The last answer's HTTP status, if an answer came.
    package var status: Int?
    /// Why, if it has a reason.
    package var reason: String?
    /// When it ended.
    package var at: Date

    /// Creates one from its parts (a store reads them back).
    package init(state: SendRecord.State, attempts: Int, status: Int? = nil, reason: String? = nil, at: Date) {
        self.state = state
        self.attempts = attempts
        self.status = status
        self.reason = reason
        self.at = at
    }
}
