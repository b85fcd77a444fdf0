import Foundation
import Testing
import WaveLinuxAdapter
import WaveNotifications
import WaveNotificationsTesting

/// The `NotificationManager` contract, run against the core's recording manager and the Linux manager alike.
struct NotificationManagerContractTests {
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case recording, linux

        var testDescription: String { rawValue }
    }

    /// A manager plus the two views the contract needs: what is pending and what `deliverNow` showed.
    struct Subject {
        var manager: any NotificationManager
        var pending: @Sendable () async -> Set<NotificationIdentifier>
        var deliveredNow: @Sendable () async -> [NotificationIdentifier]

        init(_ kind: Kind) throws {
            switch kind {
            case .recording:
                let recording = RecordingNotificationManager()
                manager = recording
                pending = { Set(recording.pending.keys) }
                deliveredNow = { recording.delivered.map(\.identifier) }
            case .linux:
                let sink = RecordingSink()
                let linux = try LinuxNotificationManager(
                    clock: ManualWaveClock(now: Fixtures.start), sink: sink, renderer: FakeRenderer())
                manager = linux
                pending = { Set(linux.pendingSnapshot().compactMap { Fixtures.identifier(of: $0.request) }) }
                deliveredNow = {
                    sink.deliveries.filter(\.isImmediate).compactMap { Fixtures.identifier(of: $0.request) }
                }
            }
        }
    }

    @Test(arguments: Kind.allCases)
    func schedulingTheSameIdentifierReplaces(kind: Kind) async throws {
        let subject = try Subject(kind)
        try await subject.manager.scheduleNotification(
            eventID: "e1", trigger: .eventFinished, delay: .seconds(60), content: Fixtures.content("e1"))
        try await subject.manager.scheduleNotification(
            eventID: "e1", trigger: .eventFinished, delay: .seconds(90), content: Fixtures.content("e1"))
        #expect(await subject.pending() == [Fixtures.identifier("e1", .eventFinished)])
    }

    @Test(arguments: Kind.allCases)
    func cancelRemovesOnlyThatRequest(kind: Kind) async throws {
        let subject = try Subject(kind)
        for trigger in [NotificationTrigger.eventFinished, .eventStarting(.seconds(600))] {
            try await subject.manager.scheduleNotification(
                eventID: "e1", trigger: trigger, delay: .seconds(60), content: Fixtures.content("e1"))
        }
        try await subject.manager.cancelNotification(eventID: "e1", trigger: .eventFinished)
        #expect(await subject.pending() == [Fixtures.identifier("e1", .eventStarting(.seconds(600)))])
    }

    @Test(arguments: Kind.allCases)
    func cancelAllRemovesEveryRequestOfTheEventOnly(kind: Kind) async throws {
        let subject = try Subject(kind)
        for eventID in ["e1", "e2"] {
            for trigger in [
                NotificationTrigger.eventFinished, .eventStarting(.seconds(600)), .eventStarting(.seconds(60)),
            ] {
                try await subject.manager.scheduleNotification(
                    eventID: eventID, trigger: trigger, delay: .seconds(60), content: Fixtures.content(eventID))
            }
        }
        try await subject.manager.cancelAllNotifications(eventID: "e1")
        #expect(await subject.pending().map(\.eventID).sorted() == ["e2", "e2", "e2"])
    }

    @Test(arguments: Kind.allCases)
    func deliverNowShowsWithoutTouchingPendingRequests(kind: Kind) async throws {
        let subject = try Subject(kind)
        try await subject.manager.scheduleNotification(
            eventID: "e1", trigger: .waveHit, delay: .seconds(60), content: Fixtures.content("e1"))
        try await subject.manager.deliverNow(eventID: "e1", trigger: .waveHit, content: Fixtures.content("e1"))
        #expect(await subject.deliveredNow() == [Fixtures.identifier("e1", .waveHit)])
        #expect(await subject.pending() == [Fixtures.identifier("e1", .waveHit)])
    }

    @Test(arguments: Kind.allCases, ["", "bad id", String(repeating: "z", count: 51)])
    func invalidEventIDsThrow(kind: Kind, eventID: String) async throws {
        let subject = try Subject(kind)
        await #expect(throws: EventIDError.self) {
            try await subject.manager.scheduleNotification(
                eventID: eventID, trigger: .eventFinished, delay: .seconds(1), content: Fixtures.content("x"))
        }
        await #expect(throws: EventIDError.self) {
            try await subject.manager.deliverNow(eventID: eventID, trigger: .waveHit, content: Fixtures.content("x"))
        }
        await #expect(throws: EventIDError.self) {
            try await subject.manager.cancelNotification(eventID: eventID, trigger: .eventFinished)
        }
        await #expect(throws: EventIDError.self) { try await subject.manager.cancelAllNotifications(eventID: eventID) }
        #expect(await subject.pending().isEmpty)
    }

    @Test(arguments: Kind.allCases)
    func cancellingNothingIsFine(kind: Kind) async throws {
        let subject = try Subject(kind)
        try await subject.manager.cancelNotification(eventID: "nobody", trigger: .eventFinished)
        try await subject.manager.cancelAllNotifications(eventID: "nobody")
        #expect(await subject.pending().isEmpty)
    }
}
