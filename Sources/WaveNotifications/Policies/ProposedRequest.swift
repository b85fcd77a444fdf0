public import Foundation

/// A request an app's rules want, with what the policies need to judge it: its rank, cap group and subject.
public struct ProposedRequest: Hashable, Sendable, Identifiable {
    /// The request as it would be scheduled.
    public var request: NotificationRequest
    /// Its priority under a daily cap: lower is kept first.
    public var rank: Int
    /// The cap group it counts in (a mode, a category); `nil` counts only toward a total cap.
    public var capKey: String?
    /// The subject it announces (a window, an occurrence); the same subject is never notified twice.
    public var dedupeKey: String?
    /// Whether it is shown after its original fire instant (caught up by grace).
    public var isLate: Bool

    /// Creates a proposed request.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - rank: Its priority under a daily cap, lower first.
    ///   - capKey: The cap group it counts in.
    ///   - dedupeKey: The subject it announces.
    ///   - isLate: Whether it is already caught up by grace.
    public init(
        _ request: NotificationRequest, rank: Int = 0, capKey: String? = nil, dedupeKey: String? = nil,
        isLate: Bool = false
    ) {
        self.request = request
        self.rank = rank
        self.capKey = capKey
        self.dedupeKey = dedupeKey
        self.isLate = isLate
    }

    /// The request's identifier.
    public var id: String { request.identifier }

    /// The request's fire instant.
    public var fireAt: Date { request.fireAt }

    /// This request with a decision carried out: moved or late ones get the new instant, lowered ones the new
    /// interruption level; kept and dropped ones are returned unchanged.
    ///
    /// - Parameter decision: A policy's decision about this request.
    /// - Returns: The request as the next policy should see it.
    public func applying(_ decision: PolicyDecision) -> ProposedRequest {
        var copy = self
        switch decision {
        case .kept, .dropped: break
        case .moved(let instant): copy.request.fireAt = instant
        case .late(let instant):
            copy.request.fireAt = instant
            copy.isLate = true
        case .lowered(let level): copy.request.interruptionLevel = level
        }
        return copy
    }
}
