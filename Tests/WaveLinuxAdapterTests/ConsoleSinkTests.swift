import Foundation
import Testing
import WaveLinuxAdapter
import WaveNotifications
import WaveStrings

struct ConsoleSinkTests {
    @Test func writesOneReadableLine() async throws {
        let lines = WaveLock<[String]>([])
        let sink = ConsoleSink { line in lines.withLock { $0.append(line) } }
        try await sink.deliver(JSONLinesSinkTests.paris)
        #expect(
            lines.withLock { $0 } == [
                "2026-06-21T16:00:00Z [normal] event_paris-solstice_start_60m | Event starting"
                    + " | Paris: the wave starts in 1 hour | worldwidewaves://event?id=paris-solstice"
            ])
    }

    @Test func keepsOneNotificationOnOneLineAndMarksLateAndImmediate() {
        var delivery = JSONLinesSinkTests.paris
        delivery.text.body = "line one\nline two\u{2028}three"
        delivery.isLate = true
        delivery.lateness = .seconds(90)
        delivery.isImmediate = true
        delivery.urgency = .critical
        let line = ConsoleSink.line(for: delivery)
        #expect(!line.contains("\n"))
        #expect(line.contains("[critical]"))
        #expect(line.contains("| line one line two three |"))
        #expect(line.hasSuffix("(late by 90s) (immediate)"))
    }

    @Test(arguments: [
        (NotificationTrigger.waveHit, NotificationUrgency.critical),
        (.eventStarting(.seconds(60)), .critical),
        (.eventStarting(.seconds(30)), .critical),
        (.eventStarting(.seconds(300)), .normal),
        (.eventStarting(.seconds(3600)), .normal),
        (.eventFinished, .normal),
    ])
    func urgencyFollowsTheTrigger(trigger: NotificationTrigger, urgency: NotificationUrgency) {
        #expect(NotificationUrgency(for: trigger) == urgency)
    }
}
