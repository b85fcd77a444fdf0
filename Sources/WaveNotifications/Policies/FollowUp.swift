public import Foundation

/// Follow-ups: a second notification about the same subject some time after the first, unless the subject is done.
///
/// A follow-up fires ``delay`` after the request it follows. When its local time falls in ``noFollowUpWindow`` it
/// moves to the first instant at or after it whose local time is the window's end (`[23:00, 08:00)`: 23:30 → 08:00
/// the next day), with the DST rules of ``LocalTimeWindow/nextEnd(atOrAfter:in:)``. A follow-up is removed when the
/// app reports its subject done: ``followUps(for:done:in:)`` leaves out the follow-ups of done subjects, so a
/// reconcile removes the pending ones.
public struct FollowUp: Sendable {
    /// What a follow-up shows, under which identifier.
    public struct Content: Hashable, Sendable {
        /// The follow-up's own identifier.
        public var identifier: String
        /// Its title.
        public var title: LocalizedText
        /// Its body.
        public var body: LocalizedText

        /// Creates follow-up content.
        ///
        /// - Parameters:
        ///   - identifier: The follow-up's identifier.
        ///   - title: Its title.
        ///   - body: Its body.
        public init(identifier: String, title: LocalizedText, body: LocalizedText) {
            self.identifier = identifier
            self.title = title
            self.body = body
        }
    }

    /// A request that carries a follow-up: the request, its subject, and the follow-up's content.
    public struct Source: Hashable, Sendable {
        /// The request followed up.
        public var proposed: ProposedRequest
        /// The subject both announce (an occurrence); reporting it done removes the follow-up.
        public var subject: String
        /// The follow-up's identifier and texts.
        public var content: Content

        /// Creates a source.
        ///
        /// - Parameters:
        ///   - proposed: The request followed up.
        ///   - subject: The subject both announce.
        ///   - content: The follow-up's identifier and texts.
        public init(proposed: ProposedRequest, subject: String, content: Content) {
            self.proposed = proposed
            self.subject = subject
            self.content = content
        }
    }

    /// How long after the request its follow-up fires.
    public var delay: Duration
    /// Local hours in which no follow-up fires; one falling inside moves to the window's end.
    public var noFollowUpWindow: LocalTimeWindow?

    /// Creates the rule.
    ///
    /// - Parameters:
    ///   - delay: How long after the request; 2 hours by default.
    ///   - noFollowUpWindow: Local hours with no follow-up, or `nil`.
    public init(delay: Duration = .seconds(2 * 60 * 60), noFollowUpWindow: LocalTimeWindow? = nil) {
        self.delay = delay
        self.noFollowUpWindow = noFollowUpWindow
    }

    /// The follow-up's fire instant for a request firing at `instant`.
    ///
    /// - Parameters:
    ///   - instant: The followed request's fire instant.
    ///   - timeZone: The zone the window is read in.
    /// - Returns: `instant` + ``delay``, moved to the window's end when its local time is in the window.
    public func fireInstant(following instant: Date, in timeZone: TimeZone) -> Date {
        let due = instant.addingTimeInterval(delay.timeInterval)
        guard let window = noFollowUpWindow, window.contains(due, in: timeZone) else { return due }
        return window.nextEnd(atOrAfter: due, in: timeZone)
    }

    /// The follow-up of one request: its channel, thread, link, actions, expiry and metadata, the follow-up's
    /// identifier and texts, and the fire instant of ``fireInstant(following:in:)``.
    ///
    /// - Parameters:
    ///   - source: The request and its follow-up content.
    ///   - timeZone: The zone the window is read in.
    /// - Returns: The proposed follow-up, with the followed request's rank and cap key and no dedupe key.
    public func followUp(for source: Source, in timeZone: TimeZone) -> ProposedRequest {
        var request = source.proposed.request
        request.identifier = source.content.identifier
        request.title = source.content.title
        request.body = source.content.body
        request.fireAt = fireInstant(following: source.proposed.request.fireAt, in: timeZone)
        return ProposedRequest(request, rank: source.proposed.rank, capKey: source.proposed.capKey)
    }

    /// The follow-ups of the sources whose subject is not done.
    ///
    /// - Parameters:
    ///   - sources: The requests that carry a follow-up.
    ///   - done: The subjects the app reported done.
    ///   - timeZone: The zone the window is read in.
    /// - Returns: One follow-up per source whose subject is not in `done`, in source order.
    public func followUps(for sources: [Source], done: Set<String>, in timeZone: TimeZone) -> [ProposedRequest] {
        sources.filter { !done.contains($0.subject) }.map { followUp(for: $0, in: timeZone) }
    }
}
