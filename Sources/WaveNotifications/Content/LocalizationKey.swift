/// Every localization key the notification system uses, with the number of arguments its value takes.
///
/// Translation tables must define exactly these keys; the lint and the tests iterate over ``allCases``.
public enum LocalizationKey: String, CaseIterable, Hashable, Sendable {
    /// Title of every starting reminder.
    case eventStartingTitle = "notification_event_starting"
    /// Title of the notification sent when an event ends.
    case waveCompletedTitle = "notification_wave_completed"
    /// Title of the notification sent when the wave reaches the user.
    case waveHitTitle = "notification_wave_hit"
    /// Body of the reminder 1 hour before; argument: the location.
    case oneHourBefore = "notification_1h_before"
    /// Body of the reminder 30 minutes before; argument: the location.
    case thirtyMinutesBefore = "notification_30m_before"
    /// Body of the reminder 10 minutes before; argument: the location.
    case tenMinutesBefore = "notification_10m_before"
    /// Body of the reminder 5 minutes before; argument: the location.
    case fiveMinutesBefore = "notification_5m_before"
    /// Body of the reminder 1 minute before; argument: the location.
    case oneMinuteBefore = "notification_1m_before"
    /// Body of a reminder at any other interval; argument: the location.
    case startingSoon = "notification_starting_soon"
    /// Body of the notification sent when an event ends; argument: the event name.
    case eventFinished = "notification_event_finished"
    /// Body of the wave-hit notification; arguments: the event name, then the location.
    case waveAtLocation = "notification_wave_at_location"
    /// Name of the Android notification channel.
    case channelName = "notification_channel_name"
    /// Description of the Android notification channel.
    case channelDescription = "notification_channel_description"
    /// Text shown before asking for notification permission.
    case permissionRationale = "notification_permission_rationale"
    /// Text shown when notification permission is denied.
    case permissionDenied = "notification_permission_denied"

    /// How many positional arguments (`%1$@` …) the value of this key takes.
    public var argumentCount: Int {
        switch self {
        case .eventStartingTitle, .waveCompletedTitle, .waveHitTitle,
            .channelName, .channelDescription, .permissionRationale, .permissionDenied:
            return 0
        case .oneHourBefore, .thirtyMinutesBefore, .tenMinutesBefore, .fiveMinutesBefore, .oneMinuteBefore,
            .startingSoon, .eventFinished:
            return 1
        case .waveAtLocation:
            return 2
        }
    }
}
