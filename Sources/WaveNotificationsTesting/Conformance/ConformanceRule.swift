/// One rule of the ``NotificationRequestCenter`` contract, as ``NotificationCenterConformance`` checks it.
///
/// The raw values are stable names: report them, match on them, keep them in a list of known failures. Each rule runs
/// against a fresh center from the caller's factory and probes its part of the contract along every path an adapter
/// is known to get wrong: positions and duplicates in lists, empty lists, sequences of calls, the clock's edges, and
/// the long paths (up to 1,000 identifiers, lists of 3,000, threads whose ids share prefixes, horizons of months,
/// repeated cycles, concurrent callers, a clock that wakes a sleeper late). The short steps keep at most four
/// requests pending (a center with a limit must hold at least four); the long ones hand over more, and a center with
/// a limit is judged on the soonest it keeps. Identifiers and thread ids are compared literally: see
/// ``ConformanceRule/comparesIdentifiersLiterally``.
///
/// The names are stable: a rule is never renamed, and one that is removed is listed with what replaces it in
/// docs/conformers.md ("Upgrading").
public enum ConformanceRule: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Adding a request whose identifier is pending replaces it whole (every field, never merged), never adds a
    /// second one; within one `add` call the later request with an identifier wins; `add([])` changes nothing. A
    /// replacement with fewer fields (no actions, other metadata) is listed as added, judged against the same request
    /// added fresh; among 1,000 identifiers handed over, replacing the 1st, 17th, 51st, 65th, middle and last still
    /// replaces.
    case replacesByIdentifier = "replaces-by-identifier"
    /// Removing by identifier takes exactly those requests, wherever unknown or repeated identifiers stand in the
    /// list; unknown identifiers are ignored, not thrown about; an empty list removes nothing; one list of 3,000
    /// (1,000 unknown identifiers, then every one listed of 1,000 handed over, each behind an unknown one) removes them
    /// all.
    case removesByIdentifier = "removes-by-identifier"
    /// Removing a thread takes exactly its pending requests (not those of a thread whose id it prefixes, and by the
    /// thread a request has now, after a replacement moved it); an unknown thread is ignored, not thrown about; a
    /// thread of 40 requests (fewer under a lower limit) beside threads whose ids share a prefix with it is removed
    /// whole, alone.
    case removesByThread = "removes-by-thread"
    /// `pendingRequests()` lists soonest first, to the fraction of a second, equal instants in the order they were
    /// added (a replacement counts as added when it replaced, at its own instant); instants less than a millisecond
    /// apart are told apart; a request removed and added again comes after those added before it; 1,000 requests
    /// handed over in a scrambled order, two at each instant, are listed in order.
    case listsSoonestFirst = "lists-soonest-first"
    /// `pendingRequests(threadIDs:)` answers what `pendingRequests()` lists, grouped by the threads asked, in their
    /// order, a thread asked twice answered twice (an unknown thread: an empty list; no thread asked: no list), by
    /// the thread a request has now; threads whose ids share a prefix (`t1`, `t10`, `t1-b`, `t`) are matched whole.
    case listsByThread = "lists-by-thread"
    /// A listed request equals the one added, every field: content keys and arguments, fire instant (to the
    /// fraction of a millisecond), thread, channel, interruption level, actions (ids, titles, `isTextInput`, in
    /// order), deep link, metadata, `expiresAfter`, collapse id.
    case keepsEveryField = "keeps-every-field"
    /// Identifiers and thread ids are compared literally, as iOS and Android compare them: two that differ in case,
    /// in width, in a compatibility form ("ﬁ" and "fi") or in a space name two requests or threads, and a request is
    /// listed under the very scalars it was added with. Two canonically equivalent spellings ("é" precomposed and
    /// "e\u{301}") may be one (Swift's `String` equality) or two (iOS, Android), as long as adding, listing and
    /// removing, by identifier and by thread, agree.
    case comparesIdentifiersLiterally = "compares-identifiers-literally"
    /// A center with a limit keeps the soonest it can hold and lists only those (the app sees the rest as missing);
    /// removing makes room (two removed and two sooner added: all held; at a limit, two threads removed likewise) and
    /// replacing takes none; a center without one lists everything added. Adds the declared limit plus 3 requests, or
    /// 100 to detect a limit.
    case keepsTheSoonestWithinItsLimit = "limit-keeps-the-soonest"
    /// `show(_:)` leaves pending requests as they are: a pending request with the shown identifier, and those of the
    /// shown request's thread, included.
    case showLeavesPending = "show-leaves-pending"
    /// `show(_:)` puts the request on screen now, as given (every field but its instant); showing an identifier again
    /// replaces what is on screen under it. Needs a screen inspector.
    case showsNow = "shows-now"
    /// `withdrawShown(identifiers:reason:)` takes exactly those off the screen, wherever unknown identifiers stand
    /// in the list (ignored), not the rest of their thread; an empty list withdraws nothing; pending requests, one
    /// with a withdrawn identifier included, are left alone. Needs a screen inspector.
    case withdrawsShown = "withdraws-shown"
    /// When the center keeps change counts, its count and the count of each thread changed move at every change
    /// (add, replace, remove by identifier or thread, a thread emptied and filled again, several threads in one
    /// call) and never come back to an earlier value; one count per thread asked, a thread asked twice answered
    /// twice; read while 20 tasks add (the listing, the count, the listing again), one count never goes with two
    /// listings.
    case changeCountsMoveAndNeverRepeat = "change-counts-never-repeat"
    /// Many tasks calling at once lose no update: 50 tasks (at most the limit minus 2) each add a request, remove
    /// it (by identifier, or half of them with its thread) and add another, while 10 tasks add one same identifier;
    /// the listing is then exactly the last of each, and that identifier once.
    case noLostUpdateUnderConcurrency = "no-lost-update-under-concurrency"
    /// A request whose instant has come is no longer pending (not a moment before it), also when several came at
    /// once long ago; one added with an instant not in the future (already past, or exactly now) is taken at once;
    /// a replacement moved later waits for its new instant, and the listing by thread forgets one that came due;
    /// cycles of as many requests as the center holds, each passed before the next, are each held whole (what came
    /// due left its room); requests 40 and 100 days ahead wait for their instants. Needs control of time.
    case dueRequestsLeavePending = "due-requests-leave-pending"
    /// A request whose instant has come is on screen in its last version (as last replaced, not as first armed, every
    /// field as listed but its instant), and not a moment before; several that come at once long after their
    /// instants, in one thread, are all shown when time jumps there (a sleeper wakes three days late); one added with
    /// an instant not in the future is shown at once; a pending request is shown at its instant even when its
    /// identifier was shown by `show(_:)` before; one 40 days ahead is shown at its instant, not before. Needs control
    /// of time and a screen inspector.
    case showsWhenDue = "shows-when-due"
    /// What the center lists is what it shows: after requests are added, replaced (moved later and sooner), removed
    /// by identifier and by thread, and time passes every instant, exactly the requests listed were shown, each as
    /// listed (every field but its instant, on requests with every field set), the last instants passed in one jump;
    /// the limit plus 3 requests are added, or 6. Needs control of time and a screen inspector.
    case showsWhatItLists = "shows-what-it-lists"
    /// Withdrawing takes off the screen what the center showed at its instant, not only what `show(_:)` showed; an
    /// identifier withdrawn, added again, is shown again at its new instant. Needs control of time and a screen
    /// inspector.
    case withdrawsWhatCameDue = "withdraws-what-came-due"
    /// When the center keeps change counts, a request taken from pending because it came due moves its own and its
    /// thread's count, for every thread of the requests that came due at once. Needs control of time.
    case changeCountsMoveWhenDue = "change-counts-move-when-due"

    /// The stable name.
    public var description: String { rawValue }

    /// What the rule checks, in one line (the table of docs/conformers.md).
    public var summary: String {
        switch self {
        case .replacesByIdentifier:
            "adding a pending identifier again replaces it whole, never adds a second request; add([]) changes nothing"
        case .removesByIdentifier:
            "removing takes exactly those, wherever unknown or repeated identifiers stand; an empty list removes nothing"
        case .removesByThread:
            "removing a thread takes exactly its requests, by the thread each has now; an unknown thread is ignored"
        case .listsSoonestFirst:
            "the listing is soonest first, to the fraction of a second, equal instants in the order added or replaced"
        case .listsByThread:
            "pendingRequests(threadIDs:) is the listing grouped by the threads asked, in their order, repeats included"
        case .keepsEveryField:
            "a listed request equals the one added, every field, actions in order, instant to the sub-millisecond"
        case .comparesIdentifiersLiterally:
            "identifiers and threads differing in case, width, compatibility form or a space are distinct"
        case .keepsTheSoonestWithinItsLimit:
            "a center with a limit keeps and lists only the soonest; removing makes room, replacing takes none"
        case .showLeavesPending:
            "show(_:) leaves pending requests as they are, one with the shown identifier or thread included"
        case .showsNow:
            "show(_:) puts the request on screen at once, as given; showing an identifier again replaces it"
        case .withdrawsShown:
            "withdrawing takes exactly those off the screen, not their thread; an empty list nothing; pending stays"
        case .changeCountsMoveAndNeverRepeat:
            "kept counts move at every change and never come back to an earlier value; one count per thread asked"
        case .noLostUpdateUnderConcurrency:
            "tasks adding, removing and removing threads at once lose no update and make no duplicate"
        case .dueRequestsLeavePending:
            "a request whose instant came, or was not in the future when added, is no longer pending; not before"
        case .showsWhenDue:
            "a request whose instant came is on screen in its last version, not before; all of a thread, however late"
        case .showsWhatItLists:
            "after adds, replacements and removals, exactly what was listed is shown once due, each as listed"
        case .withdrawsWhatCameDue:
            "withdrawing takes off what came due too; an identifier withdrawn and added again shows again"
        case .changeCountsMoveWhenDue:
            "a request taken from pending when due moves its thread's and the center's count, every thread"
        }
    }

    /// What the rule needs from a ``ConformanceSubject`` besides its center; without it the rule is skipped.
    public var needs: Set<ConformanceCapability> {
        switch self {
        case .showsNow, .withdrawsShown: [.screen]
        case .dueRequestsLeavePending, .changeCountsMoveWhenDue: [.time]
        case .showsWhenDue, .showsWhatItLists, .withdrawsWhatCameDue: [.time, .screen]
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
