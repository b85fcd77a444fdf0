public import Foundation
internal import WaveNotifications

/// How urgent a send is: what a claim takes first among the sends that are due.
///
/// A send's priority comes from its event when it is fanned out and never changes (a retry keeps it, and keeps its
/// own due instant). Claims order the due sends by their *rank*, the due instant plus ``claimLag`` (the priority's
/// raw value times ``step``), then by send id: a send ranks as if it were due `step` later for each level below
/// ``interactive``. So
/// - a reply, a like or a system message to one user is sent before every broadcast send recorded less than 5
///   minutes before it (a broadcast of 100,000 takes well under that to send), and before every refresh recorded
///   less than 10 minutes before it;
/// - nothing starves: a broadcast send due at `t` is claimed before any interactive send due after `t` + 5 minutes,
///   so however many replies keep arriving, it waits at most behind the replies of those 5 minutes (a refresh behind
///   those of 10), and a broadcast always finishes.
///
/// The rule is an aging rule rather than strict levels because strict levels let a steady stream of replies hold a
/// broadcast back for ever; the lag is bounded and fixed (the stores' claim index is built on it), so a change of
/// ``step`` is a schema migration.
public enum SendPriority: Int, Hashable, Sendable, CaseIterable {
    /// A push to one user about something that just happened to them: a reply, a like, a system message to them
    /// (``PushServer/fanOut(_:)``).
    case interactive = 0
    /// A push to many users at once: the events of a broadcast (``PushServer/fanOut(_:batchSize:priority:)``).
    case bulk = 1
    /// A background push that shows nothing and only refreshes the app's data (``CommunityEvent/Kind/refresh(postID:)``),
    /// whichever way it was fanned out.
    case background = 2

    /// How much later than interactive sends each level ranks: 5 minutes.
    public static let step: Duration = .seconds(300)

    /// The step in milliseconds, as the stores' claim index computes the rank (`due_ms + priority * 300000`).
    package static let stepMilliseconds: Int64 = 300_000

    /// The rank as the stores compute it in SQL, over `push_send`'s `due_ms` and `priority` columns: the expression
    /// their claim index is built on (the index's definition repeats it, as a migration must never change).
    package static let rankSQL = "due_ms + priority * 300000"

    /// The largest lag, in milliseconds: a send due at `now` ranks at most this late, which bounds a claim's scan.
    package static let largestLagMilliseconds = Int64(allCases.count - 1) * stepMilliseconds

    /// How much later than its due instant a send of this priority ranks.
    public var claimLag: Duration { .milliseconds(Int64(rawValue) * Self.stepMilliseconds) }

    /// The instant a send due at `due` ranks at among due sends, in milliseconds since 1970 (the stores' `due_ms`
    /// plus the lag, as ``rankSQL`` computes it).
    ///
    /// - Parameter due: The send's due instant.
    /// - Returns: `due` plus ``claimLag``, in milliseconds since 1970.
    public func rank(due: Date) -> Int64 {
        due.millisecondsSince1970 + Int64(rawValue) * Self.stepMilliseconds
    }

    /// The priority of an event's sends: a refresh is ``background``; any other event is `requested`.
    ///
    /// - Parameters:
    ///   - kind: The event's kind.
    ///   - requested: The priority of the call that fans it out (``interactive`` for one event, ``bulk`` for a
    ///     broadcast unless the caller says otherwise).
    /// - Returns: The priority.
    public static func of(_ kind: CommunityEvent.Kind, requested: SendPriority) -> SendPriority {
        if case .refresh = kind { return .background }
        return requested
    }
}
