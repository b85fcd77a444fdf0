import Foundation
import TestSupport
import Testing
import WaveLinuxAdapter
import WaveNotifications
import WaveNotificationsTesting
import WaveSQLite

#if canImport(Glibc)
    import Glibc
#endif

/// Saving, restarting, damaged files and the directory lock.
struct LinuxNotificationManagerPersistenceTests {
    let directory: TemporaryDirectory
    let clock = ManualWaveClock(now: Fixtures.start)
    let sink = RecordingSink()
    let log = EventLog()

    init() throws {
        directory = try TemporaryDirectory()
    }

    func makeManager(gracePeriod: Duration = .seconds(1800), limit: Int = 4) throws -> LinuxNotificationManager {
        try LinuxNotificationManager(
            configuration: .init(pendingLimit: limit, stateDirectory: directory.url, gracePeriod: gracePeriod),
            clock: clock, sink: sink, renderer: FakeRenderer(), observer: log)
    }

    @Test func aRestartRestoresEverythingPendingExactly() async throws {
        defer { directory.remove() }
        let first = try makeManager()
        try await first.start()
        let triggers: [NotificationTrigger] = [
            .eventStarting(.seconds(90)), .eventStarting(.milliseconds(1500)), .eventFinished, .waveHit,
        ]
        for (index, trigger) in triggers.enumerated() {
            try await first.scheduleNotification(
                eventID: "event-\(index % 2)", trigger: trigger, delay: .milliseconds(1234 * (index + 1)),
                content: Fixtures.content("event-\(index % 2)", args: ["Zürich \"quoted\" \\ ✓"]))
        }
        // Ties and the backlog (limit 4) must survive too.
        for index in 0..<4 {
            try await first.scheduleNotification(
                eventID: "tie\(index)", trigger: .eventFinished, delay: .seconds(30), content: Fixtures.content("tie"))
        }
        try await first.cancelNotification(eventID: "event-1", trigger: .waveHit)
        let before = first.pendingSnapshot()
        await first.stop()

        let second = try makeManager()
        try await second.start()
        #expect(second.pendingSnapshot() == before)
        // Scheduling numbers continue, so a new tie sorts after the restored ones.
        try await second.scheduleNotification(
            eventID: "tie9", trigger: .eventFinished, delay: .seconds(30), content: Fixtures.content("tie"))
        await clock.advance(by: .seconds(30))
        #expect(
            sink.queuedRequestIdentifiers.suffix(5) == (0..<4).map { "event_tie\($0)_finished" } + [
                "event_tie9_finished"
            ])
        await second.stop()
        // The state lives in the database; its write-ahead log is folded back in when the manager stops.
        #expect(
            try directory.fileNames() == ["lock", NotificationStore.fileName, NotificationStore.fileName + "-created"])
    }

    @Test func aCallReturnsOnlyOnceItsChangeIsOnDisk() async throws {
        defer { directory.remove() }
        let manager = try makeManager()
        try await manager.scheduleNotification(
            eventID: "durable", trigger: .eventFinished, delay: .seconds(60), content: Fixtures.content("durable"))
        // Another connection sees only committed transactions: what it reads is on disk.
        let reader = try SQLiteDatabase(path: directory.appending(NotificationStore.fileName).path)
        defer { reader.close() }
        #expect(try Self.pendingIdentifiers(reader) == ["event_durable_finished"])
        try await manager.cancelAllNotifications(eventID: "durable")
        #expect(try Self.pendingIdentifiers(reader).isEmpty)
        await manager.stop()
    }

    static func pendingIdentifiers(_ database: SQLiteDatabase) throws -> [String] {
        let select = try database.prepare("SELECT identifier FROM pending_request ORDER BY fire_ms, sequence")
        var identifiers: [String] = []
        while try select.step() {
            identifiers.append(select.text(at: 0))
        }
        return identifiers
    }

    @Test func aRestartDeliversOnTimeLateAndRecordsMissed() async throws {
        defer { directory.remove() }
        let first = try makeManager(gracePeriod: .seconds(1800))
        try await first.start()
        // Down from +0 to +3000 s: "missed" is 2900 s late, "late" 1000 s late, "onTime" still ahead.
        try await first.scheduleNotification(
            eventID: "missed", trigger: .eventFinished, delay: .seconds(100), content: Fixtures.content("missed"))
        try await first.scheduleNotification(
            eventID: "late", trigger: .eventFinished, delay: .seconds(2000), content: Fixtures.content("late"))
        try await first.scheduleNotification(
            eventID: "edge", trigger: .eventFinished, delay: .seconds(1200), content: Fixtures.content("edge"))
        try await first.scheduleNotification(
            eventID: "ontime", trigger: .eventFinished, delay: .seconds(4000), content: Fixtures.content("ontime"))
        await first.stop()
        await clock.advance(by: .seconds(3000))
        #expect(sink.deliveries.isEmpty)

        let second = try makeManager(gracePeriod: .seconds(1800))
        try await second.start()
        let delivered = sink.deliveries
        #expect(delivered.map(\.identifier.eventID) == ["edge", "late"])
        #expect(delivered.allSatisfy { $0.isLate })
        #expect(delivered.map(\.lateness) == [.seconds(1800), .seconds(1000)])
        #expect(delivered.allSatisfy { $0.deliveredAt == Fixtures.start.addingTimeInterval(3000) })
        let missed = log.all.compactMap { event -> (String, Duration)? in
            if case .missed(let notification, let lateness) = event {
                return (notification.identifier.eventID, lateness)
            }
            return nil
        }
        #expect(missed.map(\.0) == ["missed"])
        #expect(missed.map(\.1) == [.seconds(2900)])
        #expect(log.names.contains("restored 1/2/1"))
        #expect(second.pendingSnapshot().map(\.identifier.eventID) == ["ontime"])

        await clock.advance(by: .seconds(1000))
        #expect(sink.deliveries.count == 3)
        #expect(sink.deliveries.last?.isLate == false)
        #expect(sink.deliveries.last?.lateness == .zero)
        await second.stop()

        // Nothing is delivered twice: the late and missed ones were removed from the saved state.
        let third = try makeManager()
        try await third.start()
        #expect(third.pendingCount == 0)
        #expect(sink.deliveries.count == 3)
        await third.stop()
    }

    /// Ways a state file can be damaged, each applied to a valid file.
    enum Damage: String, CaseIterable, CustomTestStringConvertible {
        case garbage, truncated, flippedByte, empty, appended, wrongVersion, validChecksumInvalidContent

        var testDescription: String { rawValue }

        func apply(to valid: Data) -> Data {
            switch self {
            case .garbage: return Data("this is not a state file\n{{{".utf8)
            case .truncated: return valid.prefix(valid.count - 7)
            case .flippedByte:
                var bytes = valid
                bytes[bytes.count - 20] ^= 0x01
                return bytes
            case .empty: return Data()
            case .appended: return valid + Data("{}".utf8)
            case .wrongVersion:
                return Data(
                    String(decoding: valid, as: UTF8.self).replacingOccurrences(of: "STATE 1 ", with: "STATE 9 ").utf8)
            case .validChecksumInvalidContent:
                let body = Data(#"{"nextSequence":1,"notifications":[{"bogus":true}]}"#.utf8)
                return Data("WAVENOTIFICATIONS-STATE 1 fnv1a32=\(hex(FNV1a.hash32(body))) bytes=\(body.count)\n".utf8)
                    + body
            }
        }

        private func hex(_ value: UInt32) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 8 - digits.count) + digits
        }
    }

    /// The manager no longer writes `state.json`: a damaged one is one an earlier build left, met on import.
    @Test(arguments: Damage.allCases)
    func aDamagedFileIsMovedAsideReportedAndTheManagerStartsEmpty(damage: Damage) async throws {
        defer { directory.remove() }
        let lost = PendingNotification(
            request: NotificationManagerBridge.request(
                for: Fixtures.identifier("lost", .eventFinished), fireAt: Fixtures.start.addingTimeInterval(60),
                content: Fixtures.content("lost")),
            sequence: 0)
        let valid = try PersistedState(nextSequence: 1, pending: [lost]).encoded()
        let stateFile = directory.appending("state.json")
        let damaged = damage.apply(to: valid)
        try damaged.write(to: stateFile)

        let second = try makeManager()
        try await second.start()
        #expect(second.pendingCount == 0)
        let reports = log.failures.compactMap { failure -> (StateFileDamage, URL)? in
            if case .damagedStateFile(let damage, let url) = failure { return (damage, url) }
            return nil
        }
        #expect(reports.count == 1)
        let movedTo = try #require(reports.first?.1)
        #expect(movedTo.lastPathComponent == "state.json.corrupt-20260621T120000Z")
        #expect(try Data(contentsOf: movedTo) == damaged)
        #expect(!FileManager.default.fileExists(atPath: stateFile.path))

        // The manager works normally afterwards and writes a fresh, valid file.
        try await second.scheduleNotification(
            eventID: "fresh", trigger: .eventFinished, delay: .seconds(60), content: Fixtures.content("fresh"))
        await second.stop()
        let third = try makeManager()
        try await third.start()
        #expect(third.pendingSnapshot().map(\.identifier.eventID) == ["fresh"])
        await third.stop()
        #expect(
            try directory.fileNames() == [
                "lock", NotificationStore.fileName, NotificationStore.fileName + "-created",
                "state.json.corrupt-20260621T120000Z",
            ])
    }

    @Test func aSecondManagerOnTheSameDirectoryIsRefused() async throws {
        defer { directory.remove() }
        let first = try makeManager()
        try await first.start()
        let second = try makeManager()
        await #expect(throws: LinuxNotificationManagerError.stateDirectoryLocked(directory.url, holderPID: getpid())) {
            try await second.start()
        }
        await #expect(throws: LinuxNotificationManagerError.self) {
            try await second.scheduleNotification(
                eventID: "x", trigger: .eventFinished, delay: .seconds(1), content: Fixtures.content("x"))
        }
        await first.stop()
        try await second.start()
        await second.stop()
    }

    @Test func aGoldenStateFileFromAnEarlierBuildStillLoads() async throws {
        defer { directory.remove() }
        let golden = Fixtures.directory.appendingPathComponent("State/state-v1.json")
        try FileManager.default.copyItem(at: golden, to: directory.appending("state.json"))
        let manager = try makeManager(limit: 64)
        try await manager.start()
        let pending = manager.pendingSnapshot()
        #expect(
            pending.map(\.identifier.requestIdentifier) == [
                "event_paris-solstice_start_60m", "event_paris-solstice_start_1m", "event_paris-solstice_finished",
            ])
        #expect(pending.first?.fireDate == Fixtures.start.addingTimeInterval(3600))
        #expect(pending.first?.content.bodyArgs == ["Paris"])
        #expect(pending[1].identifier.trigger == .eventStarting(.seconds(60)))
        #expect(log.failures.isEmpty)
        await manager.stop()
    }
}
