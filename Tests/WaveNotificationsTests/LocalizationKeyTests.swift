import Testing
import WaveNotifications

struct LocalizationKeyTests {
    @Test func thereAreExactlyFifteenKeysWithTheOriginalAppsNames() {
        #expect(
            Set(LocalizationKey.allCases.map(\.rawValue)) == [
                "notification_event_starting", "notification_wave_completed", "notification_wave_hit",
                "notification_1h_before", "notification_30m_before", "notification_10m_before",
                "notification_5m_before", "notification_1m_before", "notification_starting_soon",
                "notification_event_finished", "notification_wave_at_location", "notification_channel_name",
                "notification_channel_description", "notification_permission_rationale",
                "notification_permission_denied",
            ])
        #expect(LocalizationKey.allCases.count == 15)
    }

    @Test(arguments: LocalizationKey.allCases)
    func argumentCountMatchesWhatTheContentProviderPasses(key: LocalizationKey) {
        let expected: Int
        switch key {
        case .waveAtLocation: expected = 2
        case .oneHourBefore, .thirtyMinutesBefore, .tenMinutesBefore, .fiveMinutesBefore, .oneMinuteBefore,
            .startingSoon, .eventFinished:
            expected = 1
        default: expected = 0
        }
        #expect(key.argumentCount == expected)
    }
}
