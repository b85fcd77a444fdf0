internal import Foundation

/// How a pending send ends: its final state, its attempts and what the last answer said.
struct SendOutcome: Sendable {
    /// The final state (not `pending`).
    var state: SendRecord.State
    /// The attempts made.
    var attempts: Int
    /// The last answer's HTTP status, if an answer came.
    var status: Int?
    /// Why, if it has a reason.
    var reason: String?
    /// When it ended.
    var at: Date
}
