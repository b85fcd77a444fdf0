public import Foundation
public import WaveNotifications

/// A request that has not fired yet, as the manager keeps it: the request as added, the instant it fires and its
/// place among requests due at the same instant.
///
/// A WorldWideWaves call (``LinuxNotificationManager/scheduleNotification(eventID:trigger:delay:content:)``) is
/// kept compact, as the event id, trigger and content it was made with: ``request`` builds the request with
/// ``NotificationManagerBridge``'s mapping only when it is read (listed, shown, saved or reported), so a pending
/// WorldWideWaves notification holds no request, identifier or thread string of its own. (A call that was already
/// overdue, and so fires later than it asked, keeps the request itself, which holds the instant asked.)
public struct PendingNotification: Hashable, Sendable {
    /// What the notification was made from.
    ///
    /// A WorldWideWaves call's parts are boxed, so a pending notification stays as small as a request reference
    /// and a copy of one (handed to observers, listings and the store) is one retain; the queue itself keeps its own
    /// compact record (``QueueRecord``), not this box. Its trigger's case is the payload's case and the instant it
    /// asked for is ``fireDate``.
    private enum Payload: Sendable {
        /// A request as added.
        case request(NotificationRequest)
        /// A WorldWideWaves ``NotificationTrigger/eventStarting(_:)`` call with a valid event id.
        indirect case eventStarting(eventID: String, content: NotificationContent, before: Duration)
        /// A WorldWideWaves ``NotificationTrigger/eventFinished`` call with a valid event id.
        indirect case eventFinished(eventID: String, content: NotificationContent)
        /// A WorldWideWaves ``NotificationTrigger/waveHit`` call with a valid event id.
        indirect case waveHit(eventID: String, content: NotificationContent)
    }

    private var payload: Payload

    /// The request exactly as it was added (for a WorldWideWaves call, the request ``NotificationManagerBridge``
    /// maps it to, built now).
    public var request: NotificationRequest {
        get {
            if case .request(let request) = payload {
                return request
            }
            return NotificationManagerBridge.request(
                for: NotificationIdentifier(validatedEventID: callEventID!, trigger: callTrigger!), fireAt: fireDate,
                content: content)
        }
        set { payload = .request(newValue) }
    }

    /// The instant it fires on the manager's clock: the request's ``NotificationRequest/fireAt``, or the instant it
    /// was added when that was already past, so an overdue request fires at the next wake and never jumps ahead
    /// of requests added before it for the same instant.
    public var fireDate: Date {
        get { storedFireDate }
        set {
            if case .request = payload {
                storedFireDate = newValue
                return
            }
            // A compact call's request fires at `fireDate`: keep that request as it is before moving the date.
            payload = .request(request)
            storedFireDate = newValue
        }
    }
    private var storedFireDate: Date
    /// The order in which it was added, among everything this manager (and its saved state) added; breaks ties
    /// between equal fire dates.
    public var sequence: UInt64
    /// Whether it is in the armed set (counted against the pending limit) rather than the backlog.
    public var isArmed: Bool

    /// Creates a pending request.
    ///
    /// - Parameters:
    ///   - request: The request as added.
    ///   - fireDate: When it fires; the request's own instant when omitted.
    ///   - sequence: Its order of addition, the tie-breaker between equal fire dates.
    ///   - isArmed: Whether it is armed.
    public init(request: NotificationRequest, fireDate: Date? = nil, sequence: UInt64, isArmed: Bool = false) {
        payload = .request(request)
        storedFireDate = fireDate ?? request.fireAt
        self.sequence = sequence
        self.isArmed = isArmed
    }

    /// Creates a pending WorldWideWaves notification: the request ``NotificationManagerBridge`` builds for it.
    ///
    /// - Parameters:
    ///   - identifier: The event and trigger.
    ///   - content: The keys, arguments and deep link.
    ///   - fireDate: When it fires.
    ///   - sequence: Its order of addition.
    ///   - isArmed: Whether it is armed.
    public init(
        identifier: NotificationIdentifier, content: NotificationContent, fireDate: Date, sequence: UInt64,
        isArmed: Bool = false
    ) {
        self.init(
            eventID: identifier.eventID, trigger: identifier.trigger, content: content, requestedAt: fireDate,
            fireDate: fireDate, sequence: sequence, isArmed: isArmed)
    }

    /// Creates a pending WorldWideWaves notification, kept compact until its request is read.
    ///
    /// - Parameters:
    ///   - eventID: The event id, already validated.
    ///   - trigger: The trigger.
    ///   - content: The keys, arguments and deep link.
    ///   - requestedAt: The instant the call asked for: the request's ``NotificationRequest/fireAt``.
    ///   - fireDate: When it fires: `requestedAt`, or later when that had passed.
    ///   - sequence: Its order of addition.
    ///   - isArmed: Whether it is armed.
    package init(
        eventID: String, trigger: NotificationTrigger, content: NotificationContent, requestedAt: Date,
        fireDate: Date, sequence: UInt64, isArmed: Bool = false
    ) {
        if requestedAt == fireDate {
            switch trigger {
            case .eventStarting(let before):
                payload = .eventStarting(eventID: eventID, content: content, before: before)
            case .eventFinished:
                payload = .eventFinished(eventID: eventID, content: content)
            case .waveHit:
                payload = .waveHit(eventID: eventID, content: content)
            }
        } else {
            payload = .request(
                NotificationManagerBridge.request(
                    for: NotificationIdentifier(validatedEventID: eventID, trigger: trigger), fireAt: requestedAt,
                    content: content))
        }
        storedFireDate = fireDate
        self.sequence = sequence
        self.isArmed = isArmed
    }

    /// The request's identifier, unique among pending requests.
    public var identifier: String {
        if case .request(let request) = payload {
            return request.identifier
        }
        return NotificationIdentifier(validatedEventID: callEventID!, trigger: callTrigger!).requestIdentifier
    }

    /// The parts of a WorldWideWaves call kept compact (its request fires at ``fireDate``); `nil` for a request.
    var compactCall: (eventID: String, trigger: NotificationTrigger, content: NotificationContent)? {
        switch payload {
        case .request: nil
        case .eventStarting(let eventID, let content, let before): (eventID, .eventStarting(before), content)
        case .eventFinished(let eventID, let content): (eventID, .eventFinished, content)
        case .waveHit(let eventID, let content): (eventID, .waveHit, content)
        }
    }

    /// The event id of a WorldWideWaves call; `nil` for a request.
    private var callEventID: String? {
        switch payload {
        case .request: nil
        case .eventStarting(let eventID, _, _), .eventFinished(let eventID, _), .waveHit(let eventID, _): eventID
        }
    }

    /// The trigger of a WorldWideWaves call; `nil` for a request.
    private var callTrigger: NotificationTrigger? {
        switch payload {
        case .request: nil
        case .eventStarting(_, _, let before): .eventStarting(before)
        case .eventFinished: .eventFinished
        case .waveHit: .waveHit
        }
    }

    /// The request's keys, body arguments and deep link in WorldWideWaves' terms.
    public var content: NotificationContent {
        switch payload {
        case .request(let request):
            NotificationContent(
                titleKey: request.title.key, bodyKey: request.body.key, bodyArgs: request.body.arguments,
                deepLink: request.deepLink)
        case .eventStarting(_, let content, _), .eventFinished(_, let content), .waveHit(_, let content):
            content
        }
    }

    /// Where it sorts in the timer queue: by fire date, then by order of addition.
    package var queueKey: QueueKey { QueueKey(fireDate: fireDate, sequence: sequence) }

    /// The key of its identifier in the queue's indexes, built without the identifier string for a WorldWideWaves
    /// call.
    var identifierKey: RequestKey {
        if case .request(let request) = payload {
            return RequestKey(request.identifier)
        }
        return RequestKey(eventID: callEventID!, trigger: callTrigger!)
    }

    /// The key of its thread in the queue's indexes.
    var threadKey: RequestKey {
        if case .request(let request) = payload {
            return RequestKey(request.threadID)
        }
        return RequestKey(threadOfEvent: callEventID!)
    }

    /// Equal when the requests, fire dates, orders and armed flags are; a WorldWideWaves call equals the request
    /// it stands for.
    public static func == (lhs: PendingNotification, rhs: PendingNotification) -> Bool {
        guard lhs.fireDate == rhs.fireDate, lhs.sequence == rhs.sequence, lhs.isArmed == rhs.isArmed else {
            return false
        }
        if let leftID = lhs.callEventID, let rightID = rhs.callEventID, leftID == rightID,
            lhs.callTrigger == rhs.callTrigger, lhs.content == rhs.content
        {
            return true
        }
        return lhs.request == rhs.request
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(request)
        hasher.combine(fireDate)
        hasher.combine(sequence)
        hasher.combine(isArmed)
    }
}

/// The timer queue's order: the fire instant first, then scheduling order, so ties fire first-come first-served.
package struct QueueKey: Comparable, Hashable, Sendable {
    /// The fire instant.
    package var fireDate: Date
    /// The scheduling order.
    package var sequence: UInt64

    package static func < (lhs: QueueKey, rhs: QueueKey) -> Bool {
        (lhs.fireDate, lhs.sequence) < (rhs.fireDate, rhs.sequence)
    }
}
