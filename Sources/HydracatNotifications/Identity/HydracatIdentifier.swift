public import WaveNotifications

/// A Hydracat request identifier, `<userId>|<petId>|<scheduleId>|<slot YYYY-MM-DDTHH:MM>|<type>`.
///
/// Summaries (``HydracatNotificationType/weekly``, ``HydracatNotificationType/eod``) carry schedule id `-`; the
/// weekly slot is the Monday 09:00 it is sent at, the end-of-day slot the day and time it is sent at. Slots are
/// the times the rule asked for, before any DST gap shift, so identifiers do not change across DST.
public struct HydracatIdentifier: Hashable, Sendable, CustomStringConvertible {
    /// The schedule id of summaries.
    public static let noSchedule = "-"

    /// The user's id.
    public var userID: String
    /// The pet's id.
    public var petID: String
    /// The schedule's id, ``noSchedule`` for summaries.
    public var scheduleID: String
    /// The slot.
    public var slot: LocalDateTime
    /// The kind of notification.
    public var type: HydracatNotificationType

    /// Creates an identifier.
    ///
    /// - Parameters:
    ///   - userID: The user's id.
    ///   - petID: The pet's id.
    ///   - scheduleID: The schedule's id, ``noSchedule`` for summaries.
    ///   - slot: The slot.
    ///   - type: The kind of notification.
    public init(
        userID: String, petID: String, scheduleID: String, slot: LocalDateTime, type: HydracatNotificationType
    ) {
        self.userID = userID
        self.petID = petID
        self.scheduleID = scheduleID
        self.slot = slot
        self.type = type
    }

    /// Parses an identifier.
    ///
    /// - Parameter text: The text, for example `u1|p1|s1|2026-03-08T08:00|reminder`.
    /// - Throws: ``HydracatError/malformedIdentifier`` when it does not have the five components (the text is not
    ///   quoted: it could hold anything).
    public init(parsing text: String) throws(HydracatError) {
        let parts = text.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 5, !parts[0].isEmpty, !parts[1].isEmpty, !parts[2].isEmpty,
            let slot = try? LocalDateTime(parsing: parts[3]), let type = HydracatNotificationType(rawValue: parts[4])
        else { throw .malformedIdentifier }
        self.init(userID: parts[0], petID: parts[1], scheduleID: parts[2], slot: slot, type: type)
    }

    /// The same slot with another type (the follow-up or snooze of a reminder).
    ///
    /// - Parameter type: The other type.
    /// - Returns: The identifier with `type` in place of ``type``.
    public func with(type: HydracatNotificationType) -> HydracatIdentifier {
        HydracatIdentifier(userID: userID, petID: petID, scheduleID: scheduleID, slot: slot, type: type)
    }

    /// The identifier text.
    public var description: String { "\(userID)|\(petID)|\(scheduleID)|\(slot)|\(type.rawValue)" }
}
