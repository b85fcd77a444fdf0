import Foundation
import GrowBroNotifications
import GrowBroServerTesting
import TestSupport
import Testing
import WaveNotifications
import WaveNotificationsTesting
import WavePush
import WavePushPayloads

@testable import GrowBroServer

/// A sender claims, waits for and sends the sends of the platforms its credentials cover, and leaves the others
/// pending, untouched, for a sender that covers them: senders split the platforms, and a platform no sender covers
/// loses nothing. On both stores.
struct PlatformClaimTests {
    /// Users u0…u(n-1), each with an APNs phone and an FCM tablet, each sent one system message.
    static func phonesAndTablets(_ users: Int, in harness: Harness) throws {
        for n in 0..<users {
            try harness.register("u\(n)", "phone\(n)", apns: n + 1)
            try harness.register("u\(n)", "tablet\(n)", fcm: n + 1)
        }
        _ = try harness.server.fanOut((0..<users).map { StoreBatchTests.system("s\($0)", to: "u\($0)") })
    }

    /// One store opened by two harnesses, as two sender processes open it: a SQLite file, or a PostgreSQL schema.
    static func sharedLocation(_ store: TestStore, in directory: TemporaryDirectory) throws -> PushStoreLocation {
        switch store {
        case .sqlite: .sqlite(path: directory.appending("push.sqlite").path)
        case .postgres: .postgres(connectionString: try TestStore.freshSchema("platforms"))
        }
    }

    @Test(arguments: TestStore.all)
    func aClaimForOnePlatformReturnsOnlyItsSendsAndLeavesTheOthersUntouched(store: TestStore) throws {
        let harness = try Harness(store: store)
        defer { harness.server.close() }
        try Self.phonesAndTablets(4, in: harness)
        let before = try harness.server.allSends()
        let apnsBefore = before.filter { $0.platform == .apns }
        let fcmIDs = before.filter { $0.platform == .fcm }.map(\.sendID)
        #expect(apnsBefore.count == 4 && fcmIDs.count == 4)
        let now = Harness.start.addingTimeInterval(1)

        let claimed = try harness.server.claimDue(
            now: now, limit: 100, lease: .seconds(60), owner: "android", platforms: [.fcm])
        #expect(claimed.map(\.sendID) == fcmIDs)
        #expect(claimed.allSatisfy { $0.platform == .fcm })
        // The iOS sends are as they were recorded: pending, no attempt, due at their creation.
        let apnsAfter = try harness.server.allSends().filter { $0.platform == .apns }
        #expect(apnsAfter == apnsBefore)
        #expect(apnsAfter.allSatisfy { $0.state == .pending && $0.attempts == 0 && $0.dueAt == Harness.start })

        // What an Android-only sender waits for is its own claim's end, not the iOS sends due now.
        #expect(try harness.server.nextDueInstant(platforms: [.fcm]) == now.addingTimeInterval(60))
        #expect(
            try harness.server.claimDue(now: now, limit: 100, lease: .seconds(60), owner: "android", platforms: [.fcm])
                .isEmpty)
        #expect(try harness.server.nextDueInstant(platforms: [.apns]) == Harness.start)
        #expect(try harness.server.nextDueInstant(platforms: []) == nil)
        #expect(
            try harness.server.claimDue(now: now, limit: 100, lease: .seconds(60), owner: "none", platforms: []).isEmpty
        )
        // The backlog and the next due instant an operator reads stay every platform's.
        #expect(try harness.server.dueSendCount(now: now) == 4)
        #expect(try harness.server.nextDueInstant() == Harness.start)

        let ios = try harness.server.claimDue(
            now: now, limit: 100, lease: .seconds(60), owner: "ios", platforms: [.apns])
        #expect(ios.map(\.sendID) == apnsBefore.map(\.sendID))
        #expect(ios.allSatisfy { $0.platform == .apns && $0.attempts == 0 })
        #expect(try harness.server.dueSendCount(now: now) == 0)
    }

    /// An iOS sender and an Android sender (two processes on one store) send every send once, each its own platform's.
    @Test(arguments: TestStore.all)
    func twoSendersSplittingThePlatformsSendEverythingExactlyOnce(store: TestStore) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let location = try Self.sharedLocation(store, in: directory)
        let ios = try Harness(location: location, credentials: CountingCredentials(platforms: [.apns]))
        defer { ios.server.close() }
        let android = try Harness(location: location, credentials: CountingCredentials(platforms: [.fcm]))
        defer { android.server.close() }
        try Self.phonesAndTablets(6, in: ios)
        // One retry each, so each sender also comes back for its own platform's retries.
        ios.script(apns: 2, .status(503))
        android.script(fcm: 3, .status(503))

        async let iosDecisions = ios.dispatch(at: 1)
        async let androidDecisions = android.dispatch(at: 1)
        var decisions = try await iosDecisions + androidDecisions
        decisions += try await ios.dispatch(at: 600)
        decisions += try await android.dispatch(at: 600)
        decisions += try await ios.dispatch(at: 1_200)
        decisions += try await android.dispatch(at: 1_200)

        #expect(ios.transport.requests.allSatisfy { $0.platform == .apns })
        #expect(android.transport.requests.allSatisfy { $0.platform == .fcm })
        #expect(ios.transport.requests.count == 7 && android.transport.requests.count == 7)
        let sends = try ios.server.allSends()
        #expect(sends.count == 12)
        #expect(sends.allSatisfy { $0.state == .accepted })
        let accepted = decisions.filter { $0.kind == .accepted }.map(\.sendID)
        #expect(accepted.sorted() == sends.map(\.sendID))
        #expect(decisions.filter { $0.kind == .retry }.count == 2)
        #expect(!decisions.contains { $0.reason.map { "\($0)".hasPrefix("no credential") } ?? false })
    }

    /// A sender without APNs credentials (the configuration before senders split the platforms) sends the Android
    /// sends and leaves the iOS ones pending, attempts unspent, long past the retry policy's give-up; a sender with
    /// APNs credentials then sends them.
    @Test(arguments: TestStore.all)
    func aSenderWithoutAPNsCredentialsLeavesTheIOSSendsPendingNotFailed(store: TestStore) async throws {
        let harness = try Harness(store: store, credentials: CountingCredentials(platforms: [.fcm]))
        defer { harness.server.close() }
        try Self.phonesAndTablets(2, in: harness)
        var decisions: [DispatchDecision] = []
        for offset in [1.0, 30, 60, 120, 300, 3_600] { decisions += try await harness.dispatch(at: offset) }

        #expect(decisions.map(\.kind) == [.accepted, .accepted])
        #expect(decisions.allSatisfy { $0.platform == .fcm })
        #expect(harness.transport.requests.allSatisfy { $0.platform == .fcm })
        let ios = try harness.server.allSends().filter { $0.platform == .apns }
        #expect(ios.count == 2)
        #expect(ios.allSatisfy { $0.state == .pending && $0.attempts == 0 && $0.reason == nil })
        #expect(try harness.server.dueSendCount(now: harness.clock.now) == 2)

        let iosSender = PushDispatcher(
            server: harness.server, transport: harness.transport,
            credentials: CountingCredentials(platforms: [.apns]), clock: harness.clock, random: SeededRandom(seed: 7))
        let sent = try await iosSender.dispatchDue()
        #expect(sent.map(\.kind) == [.accepted, .accepted])
        #expect(sent.allSatisfy { $0.platform == .apns && $0.attempt == 1 })
        #expect(try harness.server.pendingSendCount() == 0)
    }

    /// An Android-only sender with an iOS send due does not spin on it: it waits for its own retry's instant (its
    /// alarm), sends the retry then, and waits again with no alarm while the iOS send stays pending.
    @Test(arguments: TestStore.all)
    func aSenderWaitsForItsOwnPlatformsSendsOnly(store: TestStore) async throws {
        let harness = try Harness(store: store, credentials: CountingCredentials(platforms: [.fcm]))
        defer { harness.server.close() }
        try harness.register("u1", "phone", apns: 1)
        try harness.register("u1", "tablet", fcm: 1)
        harness.script(fcm: 1, .status(503))
        let (sender, decisions) = harness.startSender()
        var next = decisions
        try harness.reply("m1", to: "u1")
        sender.sendNow()
        let retry = try #require(await next.next())
        #expect(retry.kind == .retry && retry.platform == .fcm)
        let retryAt = try #require(retry.retryAt)
        // Waiting on its alarm, not claiming round after round (the iOS send has been due since the reply).
        // (The store keeps milliseconds.)
        let alarm = retryAt.millisecondsSince1970
        #expect(
            await Self.eventually {
                harness.clock.nextDeadline?.millisecondsSince1970 == alarm && sender.activity == .waiting
            })
        await harness.clock.advance(to: retryAt)
        let accepted = try #require(await next.next())
        #expect(accepted.kind == .accepted && accepted.platform == .fcm && accepted.at == retryAt)
        #expect(await Self.eventually { harness.clock.nextDeadline == nil && sender.activity == .waiting })
        await sender.stop()
        #expect(try harness.server.sends(of: "m1").filter { $0.platform == .apns }.map(\.attempts) == [0])
        #expect(harness.transport.requests.count == 2)
    }

    /// Whether `condition` holds within 10 seconds, looked at every 10 ms (a bound on a wait, not a timing).
    static func eventually(_ condition: () -> Bool) async -> Bool {
        for _ in 0..<1_000 {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition()
    }
}
