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

    /// How an iPhone presents WorldWideWaves' notifications under Focus and Scheduled Summary: time-sensitive (seed
    /// 003 gives its Android channel importance HIGH: a wave is worth breaking through). The channel's own level
    /// stays as it is for every other purpose (the Linux desktop's urgency).
    public static let presentationLevel: NotificationChannel.InterruptionLevel = .timeSensitive

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
        let (requestIdentifier, threadID, triggerID) = identifier.spelled
        return NotificationRequest(
            identifier: requestIdentifier, threadID: threadID, channel: channel, fireAt: fireAt,
            title: LocalizedText(table: table, key: content.titleKey),
            body: LocalizedText(table: table, key: content.bodyKey, arguments: content.bodyArgs),
            deepLink: content.deepLink,
            interruptionLevel: identifier.trigger.isImminent ? .timeSensitive : nil,
            storedMetadata: RequestMetadata(eventIDMetadataKey, identifier.eventID, triggerMetadataKey, triggerID)
        )
    }

    /// The request a ``scheduleNotification(eventID:trigger:delay:content:)`` call adds: the one mapping from a
    /// WorldWideWaves schedule to a request, for a platform conformer that serves ``NotificationManager`` itself
    /// without the extra task hops of going through a bridge value.
    ///
    /// - Parameters:
    ///   - eventID: The event's id.
    ///   - trigger: Why it fires.
    ///   - delay: How long from `now` it fires.
    ///   - content: Its keys, arguments and deep link.
    ///   - now: The clock's current instant.
    ///   - channel: Its channel.
    /// - Returns: The request.
    /// - Throws: ``EventIDError`` for an invalid id.
    public static func scheduledRequest(
        eventID: String, trigger: NotificationTrigger, delay: Duration, content: NotificationContent, now: Date,
        channel: NotificationChannel = worldWideWavesChannel
    ) throws(EventIDError) -> NotificationRequest {
        let identifier = try NotificationIdentifier(eventID: eventID, trigger: trigger)
        return request(
            for: identifier, fireAt: now.addingTimeInterval(delay.timeInterval), content: content, channel: channel)
    }

    /// The identifier a ``cancelNotification(eventID:trigger:)`` call removes.
    ///
    /// - Parameters:
    ///   - eventID: The event's id.
    ///   - trigger: The trigger it was scheduled with.
    /// - Returns: `event_<id>_<trigger id>`.
    /// - Throws: ``EventIDError`` for an invalid id.
    public static func requestIdentifier(eventID: String, trigger: NotificationTrigger) throws(EventIDError) -> String {
        try NotificationIdentifier(eventID: eventID, trigger: trigger).requestIdentifier
    }

    /// The thread a ``cancelAllNotifications(eventID:)`` call removes.
    ///
    /// - Parameter eventID: The event's id.
    /// - Returns: `event_<id>`.
    /// - Throws: ``EventIDError`` for an invalid id.
    public static func threadID(eventID: String) throws(EventIDError) -> String {
        try EventID.validate(eventID)
        return NotificationIdentifier.workTag(eventID: eventID)
    }

    public func scheduleNotification(
        eventID: String, trigger: NotificationTrigger, delay: Duration, content: NotificationContent
    ) async throws {
        let request = try Self.scheduledRequest(
            eventID: eventID, trigger: trigger, delay: delay, content: content, now: clock.now, channel: channel)
        try await center.add([request])
    }

    public func deliverNow(eventID: String, trigger: NotificationTrigger, content: NotificationContent) async throws {
        let identifier = try NotificationIdentifier(eventID: eventID, trigger: trigger)
        try await center.show(Self.request(for: identifier, fireAt: clock.now, content: content, channel: channel))
    }

    public func cancelNotification(eventID: String, trigger: NotificationTrigger) async throws {
        let identifier = try Self.requestIdentifier(eventID: eventID, trigger: trigger)
        try await center.removePending(identifiers: [identifier], reason: .reschedule)
    }

    public func cancelAllNotifications(eventID: String) async throws {
        try await center.removePending(threadID: Self.threadID(eventID: eventID), reason: .reschedule)
    }
}
