import Foundation
import Testing
import WaveNotifications

struct NotificationTriggerTests {
    private static let expectedIDs: [(NotificationTrigger, String)] = [
        (.eventStarting(.seconds(60 * 60)), "start_60m"),
        (.eventStarting(.seconds(2 * 60 * 60)), "start_120m"),
        (.eventStarting(.seconds(30 * 60)), "start_30m"),
        (.eventStarting(.seconds(10 * 60)), "start_10m"),
        (.eventStarting(.seconds(5 * 60)), "start_5m"),
        (.eventStarting(.seconds(60)), "start_1m"),
        (.eventStarting(.seconds(90)), "start_1m"),
        (.eventStarting(.seconds(119)), "start_1m"),
        (.eventStarting(.milliseconds(59_999)), "start_0m"),
        (.eventStarting(.seconds(45 * 60)), "start_45m"),
        (.eventFinished, "finished"),
        (.waveHit, "wave_hit"),
    ]

    @Test(arguments: expectedIDs)
    func idNamesTheTriggerInWholeMinutes(trigger: NotificationTrigger, expectedID: String) {
        #expect(trigger.id == expectedID)
    }

    @Test func triggersWithTheSameDurationAreEqual() {
        #expect(NotificationTrigger.eventStarting(.seconds(3600)) == .eventStarting(.seconds(60 * 60)))
        #expect(NotificationTrigger.eventStarting(.seconds(3600)) == .eventStarting(.milliseconds(3_600_000)))
        #expect(
            Set<NotificationTrigger>([.eventStarting(.seconds(3600)), .eventStarting(.seconds(60 * 60))]).count == 1)
    }

    @Test func triggersWithDifferentDurationsOrKindsDiffer() {
        #expect(NotificationTrigger.eventStarting(.seconds(3600)) != .eventStarting(.seconds(1800)))
        // Same minute-rounded id, different trigger: equality is on the exact duration.
        #expect(NotificationTrigger.eventStarting(.seconds(60)) != .eventStarting(.seconds(90)))
        #expect(NotificationTrigger.eventFinished != .waveHit)
        #expect(NotificationTrigger.eventStarting(.zero) != .eventFinished)
    }

    @Test func standardStartingIntervalsAreOneHourThenThirtyTenFiveAndOneMinute() {
        #expect(
            NotificationTrigger.standardStartingIntervals == [
                .seconds(3600), .seconds(1800), .seconds(600), .seconds(300), .seconds(60),
            ])
    }

    @Test(arguments: [
        NotificationTrigger.eventStarting(.seconds(3600)), .eventStarting(.seconds(1800)),
        .eventStarting(.seconds(600)), .eventStarting(.seconds(300)), .eventStarting(.seconds(60)),
        .eventStarting(.seconds(90)), .eventStarting(.milliseconds(1500)), .eventStarting(.nanoseconds(1)),
        .eventStarting(.seconds(-30)), .eventFinished, .waveHit,
    ])
    func codableRoundTripKeepsTheTriggerExactly(trigger: NotificationTrigger) throws {
        let data = try JSONEncoder().encode(trigger)
        #expect(try JSONDecoder().decode(NotificationTrigger.self, from: data) == trigger)
    }

    @Test(arguments: [
        (
            #"{"kind":"eventStarting","seconds":3600,"attoseconds":0}"#,
            NotificationTrigger.eventStarting(.seconds(3600))
        ),
        (#"{"kind":"eventStarting","seconds":90}"#, .eventStarting(.seconds(90))),
        (#"{"kind":"eventFinished"}"#, .eventFinished),
        (#"{"kind":"waveHit"}"#, .waveHit),
    ])
    func decodesTheDocumentedJSONShape(json: String, expected: NotificationTrigger) throws {
        #expect(try JSONDecoder().decode(NotificationTrigger.self, from: Data(json.utf8)) == expected)
    }

    @Test(arguments: [#"{"kind":"somethingElse"}"#, #"{"kind":"eventStarting"}"#, #"{}"#])
    func decodingRejectsUnknownKindsAndMissingDurations(json: String) {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(NotificationTrigger.self, from: Data(json.utf8))
        }
    }
}
