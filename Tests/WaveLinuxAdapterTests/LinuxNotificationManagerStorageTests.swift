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

/// The manager on its SQLite store: importing `state.json` of earlier builds once, batches as one transaction,
/// and a damaged or locked database as a clear error.
struct LinuxNotificationManagerStorageTests {
    let directory: TemporaryDirectory
    let clock = ManualWaveClock(now: Fixtures.start)
    let sink = RecordingSink()
    let log = EventLog()

    init() throws {
        directory = try TemporaryDirectory()
    }

    func makeManager(limit: Int = 64) throws -> LinuxNotificationManager {
        try LinuxNotificationManager(
            configuration: .init(
                pendingLimit: limit, stateDirectory: directory.url, databaseBusyTimeout: .milliseconds(50)),
            clock: clock, sink: sink, renderer: FakeRenderer(), observer: log)
    }

    /// The two `state.json` formats earlier builds wrote: WorldWideWaves records, and requests.
    enum StateFormat: String, CaseIterable, CustomTestStringConvertible {
        case worldWideWaves, requests

        var testDescription: String { rawValue }
    }

    /// A `state.json` in `format`, and the requests it holds, soonest first.
    func writeStateFile(_ format: StateFormat) throws -> [NotificationRequest] {
        let stateFile = directory.appending("state.json")
        switch format {
        case .worldWideWaves:
            try FileManager.default.copyItem(
                at: Fixtures.directory.appendingPathComponent("State/state-v1.json"), to: stateFile)
            return try PersistedState.decode(Data(contentsOf: stateFile)).requests.map(\.request)
        case .requests:
            let requests = [
                Fixtures.request("hydracat-b", at: 600), Fixtures.request("hydracat-a", at: 300),
                Fixtures.request("hydracat-tie", at: 600, expiresAfter: .seconds(60)),
            ]
            let pending = requests.enumerated().map {
                PendingNotification(request: $0.element, sequence: UInt64($0.offset))
            }
            let shown = ShownNotification(
                request: Fixtures.request("on-screen", at: -30, expiresAfter: .seconds(120)),
                shownAt: Fixtures.start.addingTimeInterval(-30), expiresAt: Fixtures.start.addingTimeInterval(90))
            try PersistedState(nextSequence: 3, pending: pending, shown: [shown]).encoded().write(to: stateFile)
            return [requests[1], requests[0], requests[2]]
        }
    }

    @Test(arguments: StateFormat.allCases)
    func aStateFileIsImportedOnceThenRenamedAndNeverImportedAgain(format: StateFormat) async throws {
        defer { directory.remove() }
        let expected = try writeStateFile(format)
        let original = try Data(contentsOf: directory.appending("state.json"))
        let first = try makeManager()
        try await first.start()
        #expect(try await first.pendingRequests() == expected)
        #expect(log.names.filter { $0.hasPrefix("imported") } == ["imported \(expected.count)"])
        #expect(log.failures.isEmpty, "\(log.failures)")
        let imported = directory.appending("state.json.imported-20260621T120000Z")
        #expect(try Data(contentsOf: imported) == original)
        #expect(
            try directory.fileNames() == [
                "lock", NotificationStore.fileName, NotificationStore.fileName + "-created",
                NotificationStore.fileName + "-shm", NotificationStore.fileName + "-wal",
                "state.json.imported-20260621T120000Z",
            ])
        // A change after the import must not be undone by a second import.
        let removed = try #require(expected.first)
        try await first.removePending(identifiers: [removed.identifier], reason: .reschedule)
        await first.stop()

        let second = try makeManager()
        try await second.start()
        #expect(try await second.pendingRequests() == Array(expected.dropFirst()))
        #expect(log.names.filter { $0.hasPrefix("imported") }.count == 1)
        await second.stop()
        #expect(
            try directory.fileNames() == [
                "lock", NotificationStore.fileName, NotificationStore.fileName + "-created",
                "state.json.imported-20260621T120000Z",
            ])
    }

    @Test func aStateFileMetByADatabaseWithRequestsAddsToThemAndTiesGoAfter() async throws {
        defer { directory.remove() }
        let first = try makeManager()
        let existing = Fixtures.request("existing", at: 600)
        try await first.add([existing])
        await first.stop()
        let imported = try writeStateFile(.requests)
        let second = try makeManager()
        try await second.start()
        #expect(try await second.pendingRequests() == [imported[0], existing, imported[1], imported[2]])
        await second.stop()
    }

    @Test func anImportedShownNotificationStillExpires() async throws {
        defer { directory.remove() }
        _ = try writeStateFile(.requests)
        let manager = try makeManager()
        try await manager.start()
        #expect(manager.shownNotifications().map(\.identifier) == ["on-screen"])
        await clock.advance(by: .seconds(90))
        #expect(sink.withdrawals == ["on-screen (expired)"])
        await manager.stop()
    }

    @Test func aBatchIsOneTransactionAndAllOfItIsOnDiskWhenAddReturns() async throws {
        defer { directory.remove() }
        let manager = try makeManager(limit: 2)
        let batch = (0..<50).map { Fixtures.request("batch-\($0)", at: Double(60 + $0)) }
        try await manager.add(batch)
        let reader = try SQLiteDatabase(path: directory.appending(NotificationStore.fileName).path)
        defer { reader.close() }
        #expect(try LinuxNotificationManagerPersistenceTests.pendingIdentifiers(reader) == batch.map(\.identifier))
        await manager.stop()
    }

    @Test func showingsAndWithdrawalsGoToTheDeliveryHistory() async throws {
        defer { directory.remove() }
        let manager = try makeManager()
        try await manager.add([
            Fixtures.request("expiring", at: 60, expiresAfter: .seconds(120)), Fixtures.request("plain", at: 90),
        ])
        await clock.advance(by: .seconds(200))
        try await manager.withdrawShown(identifiers: ["plain"], reason: .responded)
        await manager.stop()

        let store = try NotificationStore(directory: directory.url)
        defer { store.close() }
        let history = try store.history(shownIn: Fixtures.start..<Fixtures.start.addingTimeInterval(3600))
        #expect(
            history == [
                DeliveryRecord(
                    identifier: "expiring", threadID: "thread-a", channelID: "treatment_reminders",
                    fireAt: Fixtures.start.addingTimeInterval(60), shownAt: Fixtures.start.addingTimeInterval(60),
                    isLate: false, withdrawnAt: Fixtures.start.addingTimeInterval(180), withdrawalReason: .expired),
                DeliveryRecord(
                    identifier: "plain", threadID: "thread-a", channelID: "treatment_reminders",
                    fireAt: Fixtures.start.addingTimeInterval(90), shownAt: Fixtures.start.addingTimeInterval(90),
                    isLate: false, withdrawnAt: Fixtures.start.addingTimeInterval(200), withdrawalReason: .responded),
            ])
        #expect(try store.pendingCount() == 0)
    }

    /// A store emptied to 0 bytes (a truncation, a copy gone wrong) in a directory that held a store is refused like
    /// any damaged file: starting empty would lose every pending request without a word.
    @Test func anEmptiedStoreIsRefusedNamingTheFile() async throws {
        defer { directory.remove() }
        let first = try makeManager()
        try await first.add([Fixtures.request("kept", at: 600), Fixtures.request("also-kept", at: 900)])
        await first.stop()
        let file = directory.appending(NotificationStore.fileName)
        try Data().write(to: file)

        let manager = try makeManager()
        let error = try await #require(throws: SQLiteError.self) { try await manager.start() }
        #expect(error.isDamagedFile, "\(error)")
        #expect(error.description.contains(file.path))
        #expect(error.description.contains("move it (and its -wal and -shm files) aside and restart"))
        // The empty file is left as it was, for the user to look at.
        #expect(try Data(contentsOf: file).isEmpty)
        // Following the advice is enough: without the file the store starts empty, as in a new directory.
        try FileManager.default.moveItem(at: file, to: directory.appending("moved-aside.sqlite"))
        try await manager.start()
        #expect(try await manager.pendingRequests().isEmpty)
    }

    @Test func aNewDirectoryStillStartsEmptyEvenWithAnEmptyFile() async throws {
        defer { directory.remove() }
        // A brand-new directory in which something created the file and wrote nothing (a crash at first open).
        try Data().write(to: directory.appending(NotificationStore.fileName))
        let manager = try makeManager()
        try await manager.start()
        try await manager.add([Fixtures.request("first", at: 60)])
        #expect(try await manager.pendingRequests().map(\.identifier) == ["first"])
    }

    @Test(arguments: [16, 4_096, 100_000])
    func aDamagedDatabaseIsAClearErrorNamingTheFileAndWhatToDo(garbageBytes: Int) async throws {
        defer { directory.remove() }
        let file = directory.appending(NotificationStore.fileName)
        var random = SplitMix64(seed: UInt64(garbageBytes))
        try Data((0..<garbageBytes).map { _ in UInt8.random(in: 0...255, using: &random) }).write(to: file)
        let manager = try makeManager()
        let error = try await #require(throws: SQLiteError.self) { try await manager.start() }
        #expect(error.isDamagedFile, "\(error)")
        #expect(error.description.contains(file.path))
        #expect(error.description.contains("move it (and its -wal and -shm files) aside and restart"))
        // Nothing was deleted, the directory lock was released, and calls keep failing the same way, never crash.
        #expect(try Data(contentsOf: file).count == garbageBytes)
        await #expect(throws: SQLiteError.self) {
            try await manager.add([Fixtures.request("after", at: 60)])
        }
        // Following the advice is enough.
        try FileManager.default.moveItem(at: file, to: directory.appending("moved-aside.sqlite"))
        try await manager.start()
        try await manager.add([Fixtures.request("after", at: 60)])
        #expect(try await manager.pendingRequests().map(\.identifier) == ["after"])
        await manager.stop()
    }

    @Test func aDatabaseFromANewerBuildIsRefusedWithAdvice() async throws {
        defer { directory.remove() }
        let file = directory.appending(NotificationStore.fileName)
        do {
            let newer = try SQLiteDatabase(path: file.path)
            try newer.execute("PRAGMA user_version = 99")
            newer.close()
        }
        let error = try await #require(throws: SQLiteError.self) { try await makeManager().start() }
        #expect(error.description.contains(file.path))
        #expect(error.advice.contains("update the program"))
    }

    @Test func aLockedDirectoryIsAClearErrorNamingItAndTheHolder() async throws {
        defer { directory.remove() }
        let holder = try NotificationStore(directory: directory.url)
        let manager = try makeManager()
        let error = try await #require(throws: LinuxNotificationManagerError.self) { try await manager.start() }
        #expect(error == .stateDirectoryLocked(directory.url, holderPID: getpid()))
        #expect(error.description.contains(directory.url.path))
        #expect(error.description.contains("only one manager may own it at a time"))
        holder.close()
        try await manager.start()
        await manager.stop()
    }

    @Test func aWriteLockHeldOnTheDatabaseFailsTheCallNotTheManager() async throws {
        defer { directory.remove() }
        let manager = try makeManager()
        try await manager.add([Fixtures.request("kept", at: 60)])
        let other = try SQLiteDatabase(path: directory.appending(NotificationStore.fileName).path)
        try other.execute("BEGIN EXCLUSIVE")
        let error = try await #require(throws: SQLiteError.self) {
            try await manager.add([Fixtures.request("waits", at: 120)])
        }
        #expect(error.isBusy, "\(error)")
        #expect(error.description.contains(NotificationStore.fileName))
        #expect(error.description.contains("another process holds the database"))
        // The change stays in memory, and the next commit saves it too.
        try other.execute("ROLLBACK")
        other.close()
        try await manager.add([Fixtures.request("later", at: 180)])
        await manager.stop()
        let restarted = try makeManager()
        try await restarted.start()
        #expect(try await restarted.pendingRequests().map(\.identifier) == ["kept", "waits", "later"])
        await restarted.stop()
    }
}
