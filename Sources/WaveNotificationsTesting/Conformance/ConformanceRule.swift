/// One rule of the ``NotificationRequestCenter`` contract, as ``NotificationCenterConformance`` checks it.
///
/// The raw values are stable names: report them, match on them, keep them in a list of known failures. Each rule runs
/// against a fresh center from the caller's factory, with at most four requests pending at once unless its own
/// summary says otherwise (a center with a limit must hold at least four).
public enum ConformanceRule: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Adding a request whose identifier is pending replaces it, never adds a second one; within one `add` call the
    /// later request with an identifier wins.
    case replacesByIdentifier = "replaces-by-identifier"
    /// Removing by identifier takes exactly those requests; unknown identifiers (and an empty list) are ignored, not
    /// thrown about.
    case removesByIdentifier = "removes-by-identifier"
    /// Removing a thread takes exactly its pending requests; an unknown thread is ignored, not thrown about.
    case removesByThread = "removes-by-thread"
    /// `pendingRequests()` lists soonest first, equal instants in the order they were added.
    case listsSoonestFirst = "lists-soonest-first"
    /// `pendingRequests(threadIDs:)` answers what `pendingRequests()` lists, grouped by the threads asked, in their
    /// order (an unknown thread: an empty list).
    case listsByThread = "lists-by-thread"
    /// A listed request equals the one added, every field: content keys and arguments, fire instant, thread,
    /// channel, interruption level, actions (with `isTextInput`), deep link, metadata, `expiresAfter`, collapse id.
    case keepsEveryField = "keeps-every-field"
    /// Canonically equivalent identifiers and thread ids ("é" precomposed and "e\u{301}") name the same request
    /// or thread: removing by one form removes what was added under the other.
    case treatsEquivalentIdentifiersAsOne = "canonically-equivalent-identifiers"
    /// A center with a limit keeps the soonest it can hold and lists only those (the app sees the rest as missing);
    /// a center without one lists everything added. Adds the declared limit plus 3 requests, or 100 to detect a limit.
    case keepsTheSoonestWithinItsLimit = "limit-keeps-the-soonest"
    /// `show(_:)` leaves pending requests as they are, a pending request with the shown identifier included.
    case showLeavesPending = "show-leaves-pending"
    /// `show(_:)` puts the request on screen now. Needs a screen inspector.
    case showsNow = "shows-now"
    /// `withdrawShown(identifiers:reason:)` takes exactly those off the screen, ignores identifiers not shown, and
    /// leaves pending requests alone. Needs a screen inspector.
    case withdrawsShown = "withdraws-shown"
    /// When the center keeps change counts, its count and the count of each thread changed move at every change
    /// (add, replace, remove by identifier or thread, a thread emptied and filled again) and never come back to an
    /// earlier value; one count per thread asked.
    case changeCountsMoveAndNeverRepeat = "change-counts-never-repeat"
    /// Many tasks calling at once lose no update: 50 tasks (fewer when the limit is smaller) each add a request,
    /// remove it and add another; the listing is then exactly the last one of each.
    case noLostUpdateUnderConcurrency = "no-lost-update-under-concurrency"
    /// A request whose instant has come is no longer pending, and one added with an instant already past is taken
    /// at once (before any time passes); a later one stays pending. Needs control of time.
    case dueRequestsLeavePending = "due-requests-leave-pending"
    /// A request whose instant has come is on screen, and one added with an instant already past is shown at once;
    /// a later one is not. Needs control of time and a screen inspector.
    case showsWhenDue = "shows-when-due"
    /// What the center lists is what it shows: after time passes every instant, exactly the requests listed are on
    /// screen (the limit plus 3 requests are added, or 6). Needs control of time and a screen inspector.
    case showsWhatItLists = "shows-what-it-lists"
    /// When the center keeps change counts, a request taken from pending because it came due moves its own and its
    /// thread's count. Needs control of time.
    case changeCountsMoveWhenDue = "change-counts-move-when-due"

    /// The stable name.
    public var description: String { rawValue }

    /// What the rule needs from a ``ConformanceSubject`` besides its center; without it the rule is skipped.
    public var needs: Set<ConformanceCapability> {
        switch self {
        case .showsNow, .withdrawsShown: [.screen]
        case .dueRequestsLeavePending, .changeCountsMoveWhenDue: [.time]
        case .showsWhenDue, .showsWhatItLists: [.time, .screen]
        default: []
        }
    }
}

/// Something a rule needs a ``ConformanceSubject`` to offer besides its center.
public enum ConformanceCapability: String, Hashable, Sendable, CaseIterable {
    /// Control of time: ``ConformanceSubject/time`` is not ``ConformanceSubject/Time/unavailable``.
    case time
    /// A way to see the screen: ``ConformanceSubject/onScreen``.
    case screen
}
