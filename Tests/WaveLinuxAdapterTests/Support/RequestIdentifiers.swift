import WaveNotifications

/// Reading WorldWideWaves identities back from request identifiers (`event_<id>_<trigger id>`), so the tests written
/// against the manager's WorldWideWaves view read the same over requests.
extension String {
    /// The event id of a WorldWideWaves request identifier.
    var eventID: String {
        let triggerID = self.triggerID
        return String(dropFirst("event_".count).dropLast(triggerID.count + 1))
    }

    /// The trigger of a WorldWideWaves request identifier (whole minutes for a reminder, as its id says).
    var trigger: NotificationTrigger {
        Fixtures.trigger(id: triggerID)
    }

    /// The identifier itself: a request identifier already is one.
    var requestIdentifier: String { self }

    private var triggerID: String {
        if hasSuffix("_finished") { return "finished" }
        if hasSuffix("_wave_hit") { return "wave_hit" }
        let parts = split(separator: "_")
        return "start_" + (parts.last ?? "")
    }
}

/// Whether a request identifier is this WorldWideWaves identifier's.
func == (lhs: String, rhs: NotificationIdentifier) -> Bool {
    lhs == rhs.requestIdentifier
}

extension Dictionary where Key == String {
    /// The value for a WorldWideWaves identifier's request identifier.
    subscript(_ identifier: NotificationIdentifier) -> Value? {
        self[identifier.requestIdentifier]
    }
}

extension Fixtures {
    /// The trigger with this id: `finished`, `wave_hit` or `start_<minutes>m`.
    static func trigger(id: String) -> NotificationTrigger {
        switch id {
        case "finished": return .eventFinished
        case "wave_hit": return .waveHit
        default: return .eventStarting(.seconds(60 * Int(id.dropFirst("start_".count).dropLast())!))
        }
    }

    /// The WorldWideWaves identity of a request the bridge built, from its metadata.
    static func identifier(of request: NotificationRequest) -> NotificationIdentifier? {
        guard let eventID = request.metadata[NotificationManagerBridge.eventIDMetadataKey],
            let triggerID = request.metadata[NotificationManagerBridge.triggerMetadataKey]
        else { return nil }
        return try? NotificationIdentifier(eventID: eventID, trigger: trigger(id: triggerID))
    }
}
