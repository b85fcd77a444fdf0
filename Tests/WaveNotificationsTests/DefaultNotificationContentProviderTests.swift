import Testing
import WaveNotifications

struct DefaultNotificationContentProviderTests {
    private let provider = DefaultNotificationContentProvider()
    private let event = Fixtures.event(id: "paris-2026", name: "Paris Wave", location: "Paris, France")

    private static let bodyKeys: [(Duration, String)] = [
        (.seconds(60 * 60), "notification_1h_before"),
        (.seconds(30 * 60), "notification_30m_before"),
        (.seconds(10 * 60), "notification_10m_before"),
        (.seconds(5 * 60), "notification_5m_before"),
        (.seconds(60), "notification_1m_before"),
        (.seconds(2 * 60), "notification_starting_soon"),
        (.seconds(2 * 60 * 60), "notification_starting_soon"),
        (.seconds(61), "notification_starting_soon"),
        (.zero, "notification_starting_soon"),
    ]

    @Test(arguments: bodyKeys)
    func startingNotificationHasTheIntervalsBodyAndTheLocation(interval: Duration, bodyKey: String) {
        let content = provider.startingNotification(for: event, before: interval)
        #expect(
            content
                == NotificationContent(
                    titleKey: "notification_event_starting", bodyKey: bodyKey, bodyArgs: ["Paris, France"],
                    deepLink: "worldwidewaves://event?id=paris-2026"))
        #expect(DefaultNotificationContentProvider.bodyKey(before: interval).rawValue == bodyKey)
    }

    @Test func finishedNotificationNamesTheEvent() {
        #expect(
            provider.finishedNotification(for: event)
                == NotificationContent(
                    titleKey: "notification_wave_completed", bodyKey: "notification_event_finished",
                    bodyArgs: ["Paris Wave"], deepLink: "worldwidewaves://event?id=paris-2026"))
    }

    @Test func waveHitNotificationNamesTheEventThenTheLocation() {
        #expect(
            provider.waveHitNotification(for: event)
                == NotificationContent(
                    titleKey: "notification_wave_hit", bodyKey: "notification_wave_at_location",
                    bodyArgs: ["Paris Wave", "Paris, France"], deepLink: "worldwidewaves://event?id=paris-2026"))
    }

    @Test func deepLinksFollowTheConfiguredFormat() throws {
        let custom = DefaultNotificationContentProvider(deepLinks: try DeepLinkFormat(scheme: "myapp", host: "wave"))
        #expect(custom.startingNotification(for: event, before: .seconds(60)).deepLink == "myapp://wave?id=paris-2026")
        #expect(custom.finishedNotification(for: event).deepLink == "myapp://wave?id=paris-2026")
        #expect(custom.waveHitNotification(for: event).deepLink == "myapp://wave?id=paris-2026")
    }

    @Test func anInvalidEventIDNeverBecomesALink() {
        let bad = Fixtures.event(id: "../etc")
        #expect(provider.finishedNotification(for: bad).deepLink == "")
    }

    @Test func everyKeyUsedByTheProviderIsALocalizationKeyWithMatchingArgumentCount() {
        let contents =
            NotificationTrigger.standardStartingIntervals.map { provider.startingNotification(for: event, before: $0) }
            + [
                provider.startingNotification(for: event, before: .seconds(120)),
                provider.finishedNotification(for: event), provider.waveHitNotification(for: event),
            ]
        for content in contents {
            #expect(LocalizationKey(rawValue: content.titleKey)?.argumentCount == 0)
            #expect(LocalizationKey(rawValue: content.bodyKey)?.argumentCount == content.bodyArgs.count)
        }
    }
}
