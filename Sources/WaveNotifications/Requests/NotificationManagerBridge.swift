public import Foundation

/// Serves the WorldWideWaves ``NotificationManager`` over a request-level ``NotificationRequestCenter``, so one
/// platform conformer serves every app.
///
/// Each call maps to requests with identifier `event_<id>_<trigger id>` and thread `event_<id>`
/// (see ``NotificationIdentifier``), title and body in the `Notifications` table, the ``channel`` given at
/// creation, and metadata `eventID` and `trigger` (the trigger's id). An imminent trigger (the wave hit, a reminder
/// one minute or less before the start: ``NotificationTrigger/isImminent``) gets the `timeSensitive` interruption
/// level; the others keep the channel's. A delay is measured from the clock's `now` at the time of the call.
public struct NotificationManagerBridge: NotificationManager {
    /// The table WorldWideWaves' keys live in.
    public static let table = "Notifications"
    /// Metadata key holding the event id.
    public static let eventIDMetadataKey = "eventID"
    /// Metadata key holding the trigger's id.
    public static let triggerMetadataKey = "trigger"

    /// WorldWideWaves' single channel: default importance, category `WAVE_EVENTS`, active.
    public static let worldWideWavesChannel = NotificationChannel(
        id: "wave_events", importance: .default, categoryID: "WAVE_EVENTS", interruptionLevel: .active,
        name: LocalizedText(table: table, key: LocalizationKey.channelName.rawValue),
        channelDescription: LocalizedText(table: table, key: LocalizationKey.channelDescription.rawValue)
    )

    /// The platform conformer the calls go to.
    public let center: any NotificationRequestCenter
    /// The clock a delay is measured from.
    public let clock: any WaveClock
    /// The channel every request is sent on.
    public let channel: NotificationChannel

    /// Creates a bridge.
    ///
    /// - Parameters:
    ///   - center: The platform conformer.
    ///   - clock: The clock a delay is measured from.
    ///   - channel: The channel of every request; WorldWideWaves' by default.
    public init(
        center: any NotificationRequestCenter, clock: any WaveClock,
        channel: NotificationChannel = NotificationManagerBridge.worldWideWavesChannel
    ) {
        self.center = center
        self.clock = clock
        self.channel = channel
    }

    /// The request a WorldWideWaves call stands for.
    ///
    /// - Parameters:
    ///   - identifier: The event and trigger.
    ///   - fireAt: When it fires.
    ///   - content: Its keys, arguments and deep link.
    ///   - channel: Its channel.
    /// - Returns: The request.
    public static func request(
        for identifier: NotificationIdentifier, fireAt: Date, content: NotificationContent,
        channel: NotificationChannel = worldWideWavesChannel
    ) -> NotificationRequest {
        NotificationRequest(
            identifier: identifier.requestIdentifier, threadID: identifier.workTag, channel: channel, fireAt: fireAt,
            title: LocalizedText(table: table, key: content.titleKey),
            body: LocalizedText(table: table, key: content.bodyKey, arguments: content.bodyArgs),
            deepLink: content.deepLink,
            interruptionLevel: identifier.trigger.isImminent ? .timeSensitive : nil,
            storedMetadata: RequestMetadata(
                eventIDMetadataKey, identifier.eventID, triggerMetadataKey, identifier.trigger.id)
        )
    }

    public func scheduleNotification(
        eventID: String, trigger: NotificationTrigger, delay: Duration, content: NotificationContent
    ) async throws {
        let identifier = try NotificationIdentifier(eventID: eventID, trigger: trigger)
        let fireAt = clock.now.addingTimeInterval(delay.timeInterval)
        try await center.add([Self.request(for: identifier, fireAt: fireAt, content: content, channel: channel)])
    }

    public func deliverNow(eventID: String, trigger: NotificationTrigger, content: NotificationContent) async throws {
        let identifier = try NotificationIdentifier(eventID: eventID, trigger: trigger)
        try await center.show(Self.request(for: identifier, fireAt: clock.now, content: content, channel: channel))
    }

    public func cancelNotification(eventID: String, trigger: NotificationTrigger) async throws {
        let identifier = try NotificationIdentifier(eventID: eventID, trigger: trigger)
        try await center.removePending(identifiers: [identifier.requestIdentifier], reason: .reschedule)
    }

    public func cancelAllNotifications(eventID: String) async throws {
        try EventID.validate(eventID)
        try await center.removePending(threadID: "event_\(eventID)", reason: .reschedule)
    }
}
