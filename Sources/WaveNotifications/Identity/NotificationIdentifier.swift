/// The identity of one notification request: an event and a trigger, with the names each platform uses for it.
///
/// Scheduling a request with the same identifier replaces the earlier one (iOS replaces by request
/// identifier; Android's WorkManager by unique work name with the `REPLACE` policy).
public struct NotificationIdentifier: Hashable, Sendable, CustomStringConvertible {
    /// The validated event id.
    public let eventID: String
    /// The trigger.
    public let trigger: NotificationTrigger

    /// Creates an identifier, validating the event id.
    ///
    /// - Parameters:
    ///   - eventID: The event's id; must satisfy ``EventID/validate(_:)``.
    ///   - trigger: The trigger.
    /// - Throws: ``EventIDError`` when the event id is invalid.
    public init(eventID: String, trigger: NotificationTrigger) throws(EventIDError) {
        try EventID.validate(eventID)
        self.eventID = eventID
        self.trigger = trigger
    }

    /// Creates an identifier from an event id that was validated already (a platform conformer keeping the parts
    /// of a call it checked when the call arrived).
    ///
    /// - Parameters:
    ///   - eventID: An event id that satisfies ``EventID/validate(_:)``.
    ///   - trigger: The trigger.
    package init(validatedEventID eventID: String, trigger: NotificationTrigger) {
        self.eventID = eventID
        self.trigger = trigger
    }

    /// The iOS request identifier: `event_<id>_<trigger id>`.
    public var requestIdentifier: String { spelled.requestIdentifier }

    /// The Android unique work name: `notification_<id>_<trigger id>`.
    public var workName: String { "notification_\(eventID)_\(trigger.id)" }

    /// The Android work tag shared by all of an event's requests: `event_<id>`.
    public var workTag: String { Self.workTag(eventID: eventID) }

    /// The work tag, thread of every request, of an event: `event_<id>`.
    ///
    /// - Parameter eventID: A valid event id.
    /// - Returns: `event_<id>`.
    package static func workTag(eventID: String) -> String { "event_\(eventID)" }

    /// ``requestIdentifier``, ``workTag`` and the trigger's id at once, each part built once (a request carries all
    /// three: identifier, thread and metadata).
    package var spelled: (requestIdentifier: String, workTag: String, triggerID: String) {
        let triggerID = trigger.id
        let workTag = workTag
        return (workTag + "_" + triggerID, workTag, triggerID)
    }

    /// A stable non-negative 31-bit integer id, for platforms that need one: FNV-1a-32 of
    /// ``requestIdentifier``'s UTF-8 bytes, masked with `0x7FFFFFFF`.
    public var integerID: Int32 {
        Int32(bitPattern: FNV1a.hash32(requestIdentifier) & 0x7FFF_FFFF)
    }

    public var description: String { requestIdentifier }
}
