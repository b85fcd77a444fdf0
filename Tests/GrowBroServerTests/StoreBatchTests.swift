import Foundation
import GrowBroNotifications
import GrowBroServerPostgres
import GrowBroServerTesting
import TestSupport
import Testing
import WaveNotifications
import WaveNotificationsTesting
import WavePostgres
import WavePush
import WavePushPayloads

@testable import GrowBroServer

/// Batched fan-out, claims with leases and batched outcomes keep every rule of the one-at-a-time calls, on both
/// stores.
struct StoreBatchTests {
    static func system(_ messageID: String, to user: String, at offset: TimeInterval = 0) -> CommunityEvent {
        CommunityEvent(
            messageID: messageID, recipientID: user, kind: .system(title: "Maintenance", text: "Back at noon"),
            at: Harness.start.addingTimeInterval(offset))
    }

    /// Users u0…u(n-1), each with an APNs phone; every third also with an FCM tablet.
    static func register(_ users: Int, in harness: Harness) throws {
        for n in 0..<users {
            try harness.register("u\(n)", "phone\(n)", apns: n + 1)
            if n % 3 == 0 { try harness.register("u\(n)", "tablet\(n)", fcm: n + 1) }
        }
    }

    /// Each event fanned out alone, its refusal in its place.
    static func fanOutOneAtATime(
        _ events: [CommunityEvent], in harness: Harness
    ) throws -> [Result<FanOutResult, GrowBroServerError>] {
        try events.map { event in
            do { return .success(try harness.server.fanOut(event)) } catch let error as GrowBroServerError {
                return .failure(error)
            }
        }
    }

    @Test(arguments: TestStore.all, [1, 3, 1_000])
    func aBatchedFanOutRecordsWhatOneFanOutPerEventRecords(store: TestStore, batchSize: Int) throws {
        let single = try Harness(store: store)
        let batched = try Harness(store: store)
        for harness in [single, batched] { try Self.register(7, in: harness) }
        try batched.server.setPreferences(userID: "u2", channels: [.updates: false], at: Harness.start)
        try single.server.setPreferences(userID: "u2", channels: [.updates: false], at: Harness.start)
        var events = (0..<7).map { Self.system("s\($0)", to: "u\($0)") }
        events.insert(Self.system("s9", to: "nobody"), at: 3)  // an unknown recipient
        events.append(Self.system("s1", to: "u1"))  // a reused message id
        events.append(Self.system("bad id!", to: "u1"))  // a malformed one

        let expected = try Self.fanOutOneAtATime(events, in: single)
        let results = try batched.server.fanOut(events, batchSize: batchSize)

        #expect(results == expected)
        #expect(try batched.server.allSends() == (try single.server.allSends()))
        for n in 0..<7 {
            #expect(
                try batched.server.inbox(of: "u\(n)").unreadCount(now: Harness.start)
                    == (try single.server.inbox(of: "u\(n)").unreadCount(now: Harness.start)))
        }
        #expect(try batched.server.allSends().isEmpty == false)
    }

    /// A batch naming one recipient several times counts each entry in the later badges, a background push records
    /// no entry and no badge, and a payload too large leaves nothing of its message (not its id, not its entry): the
    /// same as one event at a time.
    @Test(arguments: TestStore.all, [1, 1_000])
    func aBatchWithRepeatedRecipientsBackgroundPushesAndARefusedPayloadRecordsWhatOneAtATimeDoes(
        store: TestStore, batchSize: Int
    ) throws {
        let single = try Harness(store: store)
        let batched = try Harness(store: store)
        for harness in [single, batched] {
            try Self.register(4, in: harness)
            // An entry read before the batch does not count; an unread one does.
            _ = try harness.server.fanOut(Self.system("before1", to: "u1", at: -20))
            _ = try harness.server.fanOut(Self.system("before2", to: "u1", at: -10))
            _ = try harness.server.inbox(of: "u1").markRead(identifier: "msg_before1", at: Harness.start)
        }
        let tooLarge = CommunityEvent(
            messageID: "huge", recipientID: "u1",
            kind: .system(title: String(repeating: "t", count: 5_000), text: "x"), at: Harness.start)
        let events = [
            Self.system("a1", to: "u1"), Self.system("a2", to: "u1", at: 1),
            CommunityEvent(messageID: "r1", recipientID: "u1", kind: .refresh(postID: nil), at: Harness.start),
            tooLarge, Self.system("a3", to: "u1", at: 2), Self.system("b1", to: "u0"),
            Self.system("a2", to: "u0"),  // reused within the batch
            Self.system("huge", to: "u0", at: 3),  // the refused message's id is free again
        ]
        let expected = try Self.fanOutOneAtATime(events, in: single)
        let results = try batched.server.fanOut(events, batchSize: batchSize)

        #expect(results == expected)
        guard case .failure(.payloadTooLarge) = results[3] else {
            Issue.record("the large payload was not refused: \(results[3])")
            return
        }
        #expect(results.compactMap { try? $0.get().badge } == [2, 3, 0, 4, 1, 2])
        #expect(try batched.server.allSends() == (try single.server.allSends()))
        for user in ["u0", "u1"] {
            #expect(
                try batched.server.inbox(of: user).unreadCount(now: Harness.start)
                    == (try single.server.inbox(of: user).unreadCount(now: Harness.start)))
        }
    }

    @Test(arguments: TestStore.all)
    func claimsNeverOverlapAndADeadSendersClaimsAreDueAgainWhenTheLeaseEnds(store: TestStore) throws {
        let harness = try Harness(store: store)
        try Self.register(10, in: harness)
        _ = try harness.server.fanOut((0..<10).map { Self.system("s\($0)", to: "u\($0)") })
        let now = Harness.start.addingTimeInterval(1)
        let first = try harness.server.claimDue(now: now, limit: 5, lease: .seconds(60), owner: "a")
        let second = try harness.server.claimDue(now: now, limit: 100, lease: .seconds(60), owner: "b")
        #expect(first.count == 5)
        #expect(second.count == 9)
        #expect(Set(first.map(\.sendID)).isDisjoint(with: second.map(\.sendID)))
        #expect(first.map(\.sendID) == first.map(\.sendID).sorted())
        #expect(
            try harness.server.claimDue(now: now.addingTimeInterval(59), limit: 100, lease: .seconds(60), owner: "c")
                .isEmpty)

        // b finishes its claims; a dies holding its own: they are due again when a's lease ends, and only they.
        try harness.server.recordOutcomes(
            second.map { .finish($0, SendOutcome(state: .accepted, attempts: 1, status: 200, reason: nil, at: now)) })
        #expect(try harness.server.nextDueInstant() == now.addingTimeInterval(60))
        let reclaimed = try harness.server.claimDue(
            now: now.addingTimeInterval(60), limit: 100, lease: .seconds(60), owner: "c")
        #expect(reclaimed.map(\.sendID) == first.map(\.sendID))
        #expect(reclaimed.map(\.attempts) == first.map(\.attempts))
    }

    @Test(arguments: TestStore.all)
    func batchedOutcomesEndInTheStateOfTheOneAtATimeCalls(store: TestStore) throws {
        let single = try Harness(store: store)
        let batched = try Harness(store: store)
        var changes: [[TokenChange]] = []
        for (index, harness) in [single, batched].enumerated() {
            try Self.register(4, in: harness)
            _ = try harness.server.fanOut((0..<4).map { Self.system("s\($0)", to: "u\($0)") })
            let due = try harness.server.claimDue(
                now: Harness.start, limit: 100, lease: .seconds(30), owner: "sender")
            #expect(due.count == 6)
            let at = Harness.start.addingTimeInterval(2)
            let commits: [SendCommit] = [
                .finish(due[0], SendOutcome(state: .accepted, attempts: 1, status: 200, reason: nil, at: at)),
                .reschedule(
                    due[1], attempts: 1, renewed: false, status: 503, reason: "ServiceUnavailable",
                    due: at.addingTimeInterval(10)),
                .purge(
                    due[2], SendOutcome(state: .purged, attempts: 1, status: 410, reason: "Unregistered", at: at),
                    token: Harness.fcmToken(1)),
                .finish(due[3], SendOutcome(state: .failed, attempts: 1, status: 400, reason: "BadTopic", at: at)),
                // A late second outcome for an ended send changes nothing, not even the engagement.
                .finish(due[3], SendOutcome(state: .accepted, attempts: 2, status: 200, reason: nil, at: at)),
            ]
            if index == 0 {
                var logged: [TokenChange] = []
                for commit in commits {
                    switch commit {
                    case .finish(let send, let outcome):
                        try harness.server.finish(
                            send, state: outcome.state, attempts: outcome.attempts, status: outcome.status,
                            reason: outcome.reason, at: outcome.at)
                    case .reschedule(let send, let attempts, let renewed, let status, let reason, let due):
                        try harness.server.reschedule(
                            send, attempts: attempts, renewed: renewed, status: status, reason: reason, due: due)
                    case .purge(let send, let outcome, let token):
                        if let change = try harness.server.purge(
                            send, token: token, attempts: outcome.attempts, status: outcome.status,
                            reason: outcome.reason ?? "", at: outcome.at)
                        {
                            logged.append(change)
                        }
                    case .release: Issue.record("no release in this batch")
                    }
                }
                changes.append(logged)
            } else {
                changes.append(try harness.server.recordOutcomes(commits).tokenChanges)
            }
            #expect(
                try harness.server.recordEngagement(
                    .accepted, messageID: due[3].messageID, installationID: due[3].installationID, at: at))
        }
        #expect(changes[0] == changes[1])
        #expect(try batched.server.allSends() == (try single.server.allSends()))
        #expect(try batched.server.tokenChanges() == (try single.server.tokenChanges()))
    }

    @Test
    func senderConnectionsClaimingAtOnceNeverShareASend() async throws {
        guard TestStore.all.contains(.postgres) else { return }
        let connectionString = try TestStore.freshSchema("claims")
        let setup = try PushServer(postgres: connectionString)
        defer { setup.close() }
        for n in 0..<50 {
            try setup.register(
                TokenRegistration(
                    userID: "u\(n)", installationID: "p\(n)", platform: .apns, token: Harness.apnsToken(n + 1),
                    environment: .production, at: Harness.start))
        }
        _ = try setup.fanOut((0..<50).map { Self.system("s\($0)", to: "u\($0)") })
        let claims = try await withThrowingTaskGroup(of: [Int64].self) { group in
            for sender in 0..<4 {
                group.addTask {
                    let server = try PushServer(postgres: connectionString)
                    defer { server.close() }
                    var mine: [Int64] = []
                    while true {
                        let claimed = try server.claimDue(
                            now: Harness.start, limit: 3, lease: .seconds(60), owner: "sender\(sender)")
                        if claimed.isEmpty { return mine }
                        mine += claimed.map(\.sendID)
                    }
                }
            }
            var all: [[Int64]] = []
            for try await claimed in group { all.append(claimed) }
            return all
        }
        let flat = claims.flatMap { $0 }
        #expect(flat.count == 50)
        #expect(Set(flat).count == 50)
    }

    @Test(arguments: TestStore.all)
    func aBatchOfRegistrationsRecordsWhatOneAtATimeRecords(store: TestStore) throws {
        let single = try Harness(store: store)
        let batched = try Harness(store: store)
        // A new installation, a refresh, a rotation and a token moving to another user's installation.
        let registrations = [
            TokenRegistration(
                userID: "ana", installationID: "p1", platform: .apns, token: Harness.apnsToken(1),
                environment: .production, at: Harness.start),
            TokenRegistration(
                userID: "ana", installationID: "p1", platform: .apns, token: Harness.apnsToken(1),
                environment: .production, at: Harness.start.addingTimeInterval(5)),
            TokenRegistration(
                userID: "ana", installationID: "p1", platform: .apns, token: Harness.apnsToken(2),
                environment: .production, at: Harness.start.addingTimeInterval(9)),
            TokenRegistration(
                userID: "ben", installationID: "p2", platform: .apns, token: Harness.apnsToken(2),
                environment: .production, at: Harness.start.addingTimeInterval(12)),
        ]
        let expected = try registrations.map { try single.server.register($0) }
        #expect(try batched.server.register(registrations) == expected)
        #expect(try batched.server.tokenChanges() == (try single.server.tokenChanges()))
        for user in ["ana", "ben"] {
            #expect(try batched.server.installations(of: user) == (try single.server.installations(of: user)))
        }
        // One malformed registration refuses the whole batch: nothing of it is stored.
        var bad = registrations[0]
        bad.installationID = "c1"
        bad.userID = "carla"
        var malformed = bad
        malformed.token = "not a token"
        #expect(throws: GrowBroServerError.self) { try batched.server.register([bad, malformed]) }
        #expect(try batched.server.installations(of: "carla").isEmpty)
    }

    @Test(arguments: TestStore.all)
    func aReleasedClaimIsDueAgainAtOnceAtItsInstant(store: TestStore) throws {
        let harness = try Harness(store: store)
        try Self.register(2, in: harness)
        _ = try harness.server.fanOut([Self.system("s0", to: "u0"), Self.system("s1", to: "u1")])
        let due = try harness.server.nextDueInstant()
        let claimed = try harness.server.claimDue(
            now: Harness.start, limit: 10, lease: .seconds(60), owner: "one")
        #expect(claimed.count == 3)
        #expect(try harness.server.claimDue(now: Harness.start, limit: 10, lease: .seconds(60), owner: "two").isEmpty)
        try harness.server.recordOutcomes([.release(claimed[0])])
        #expect(try harness.server.nextDueInstant() == due)
        let again = try harness.server.claimDue(now: Harness.start, limit: 10, lease: .seconds(60), owner: "two")
        #expect(again.map(\.sendID) == [claimed[0].sendID])
    }

    /// A provider that accepts everything and counts each send's requests.
    final class CountingTransport: PushTransport {
        private let counts = WaveLock([Int64: Int]())

        var requestsPerSend: [Int64: Int] { counts.withLock { $0 } }

        func send(_ request: ProviderRequest) async throws -> ProviderResponse {
            counts.withLock { $0[request.sendID, default: 0] += 1 }
            return ProviderResponse(status: 200, headers: [HTTPHeader("apns-id", "x")], text: #"{"name":"x"}"#)
        }
    }

    @Test(arguments: TestStore.all)
    func dispatchersSharingOneStoreSendEachSendOnceAndCommitEveryOutcome(store: TestStore) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let location = try #require(try store.location(path: directory.appending("server.sqlite").path))
        let setup = try location.open()
        defer { setup.close() }
        let users = 300
        try setup.register(
            (0..<users).map { n in
                TokenRegistration(
                    userID: "u\(n)", installationID: "p\(n)", platform: n.isMultiple(of: 2) ? .apns : .fcm,
                    token: n.isMultiple(of: 2) ? Harness.apnsToken(n + 1) : Harness.fcmToken(n + 1),
                    environment: n.isMultiple(of: 2) ? .production : nil, at: Harness.start)
            })
        // Two messages per user: a user's second send waits for the first's outcome, whoever claimed it.
        _ = try setup.fanOut((0..<(2 * users)).map { Self.system("s\($0)", to: "u\($0 % users)") })
        let transport = CountingTransport()
        let clock = ManualWaveClock(now: Harness.start)
        let decided = try await withThrowingTaskGroup(of: Int.self) { group in
            for sender in 0..<3 {
                group.addTask {
                    let server = try location.open()
                    defer { server.close() }
                    let dispatcher = PushDispatcher(
                        server: server, transport: transport, credentials: CountingCredentials(), clock: clock,
                        random: SeededRandom(seed: UInt64(sender)), maximumInFlight: 8, owner: "sender\(sender)",
                        commitBatchSize: 16)
                    var decided = 0
                    while true {
                        let decisions = try await dispatcher.dispatchDue(limit: 40)
                        if decisions.isEmpty, try server.pendingSendCount() == 0 { return decided }
                        decided += decisions.count
                        await Task.yield()
                    }
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(decided == 2 * users)
        #expect(transport.requestsPerSend.count == 2 * users)
        #expect(transport.requestsPerSend.values.allSatisfy { $0 == 1 })
        let sends = try setup.allSends()
        #expect(sends.count == 2 * users)
        #expect(sends.allSatisfy { $0.state == .accepted })
    }

    @Test(arguments: TestStore.all)
    func aBatchOfOutcomesKeepsEveryReasonAndStatusAsGiven(store: TestStore) throws {
        let harness = try Harness(store: store)
        try Self.register(3, in: harness)
        _ = try harness.server.fanOut((0..<3).map { Self.system("s\($0)", to: "u\($0)") })
        let claimed = try harness.server.claimDue(now: Harness.start, limit: 10, lease: .seconds(60), owner: "one")
        #expect(claimed.count == 4)
        let at = Harness.start.addingTimeInterval(3)
        // Texts that a batch's array parameter must carry whole: quotes, a backslash, a comma, braces, NULL.
        let reasons: [String?] = [#"a "quoted" \ reason, {with} braces"#, nil, "NULL", ""]
        let commits: [SendCommit] = zip(claimed, reasons).enumerated().map { index, pair in
            .finish(
                pair.0,
                SendOutcome(
                    state: index == 1 ? .accepted : .failed, attempts: index + 1,
                    status: index == 3 ? nil : 400 + index,
                    reason: pair.1, at: at))
        }
        try harness.server.recordOutcomes(commits)
        let sends = try harness.server.allSends()
        for (index, send) in claimed.enumerated() {
            let record = try #require(sends.first { $0.sendID == send.sendID })
            #expect(record.reason == reasons[index])
            #expect(record.attempts == index + 1)
            #expect(record.status == (index == 3 ? nil : 400 + index))
            #expect(record.state == (index == 1 ? .accepted : .failed))
            #expect(record.finishedAt == at)
        }
        #expect(try harness.server.pendingSendCount() == 0)
    }

    /// A batch naming each recipient and id once (the shape of a broadcast) records what one fan-out per event
    /// records: unknown recipients, ids recorded before, switched-off channels, earlier unread entries in the badge,
    /// several installations per user. With 150 recipients the first batch holds 100 messages, which PostgreSQL
    /// records by probing the ids first and inserting the new ones plainly; the second, 51, in one statement.
    @Test(arguments: TestStore.all, [9, 150])
    func aBroadcastBatchRecordsWhatOneFanOutPerEventRecords(store: TestStore, users: Int) throws {
        let single = try Harness(store: store)
        let batched = try Harness(store: store)
        for harness in [single, batched] {
            try Self.register(users, in: harness)
            try harness.server.setPreferences(userID: "u4", channels: [.updates: false], at: Harness.start)
            // Earlier entries: u1 has two unread, u2 one, and message "old" is taken.
            _ = try harness.server.fanOut([
                Self.system("e1", to: "u1"), Self.system("e2", to: "u2"), Self.system("old", to: "u3"),
            ])
            _ = try harness.server.fanOut([Self.system("e3", to: "u1")])
        }
        var events = (0..<users).map { Self.system("b\($0)", to: "u\($0)", at: 60) }
        events[5] = Self.system("old", to: "u5", at: 60)
        events.insert(Self.system("b-nobody", to: "nobody", at: 60), at: 2)
        let expected = try Self.fanOutOneAtATime(events, in: single)
        let results = try batched.server.fanOut(events, batchSize: 100)
        #expect(results == expected)
        #expect(try batched.server.allSends() == (try single.server.allSends()))
        for n in 0..<users {
            let user = "u\(n)"
            #expect(
                try batched.server.inbox(of: user).page(
                    size: 50, after: nil, now: Harness.start.addingTimeInterval(120))
                    == (try single.server.inbox(of: user).page(
                        size: 50, after: nil, now: Harness.start.addingTimeInterval(120))))
        }
    }

    /// A message id another writer records while a broadcast's batch is being written is refused as reused, the
    /// rest of the batch recorded, as `ON CONFLICT DO NOTHING` alone did: on PostgreSQL the batch reads which ids
    /// are taken (the other writer's is not committed yet), its plain insert then waits for the other transaction
    /// and fails on the key when that commits, and the batch goes again skipping the recorded id.
    @Test
    func anIDAnotherWriterRecordsDuringABroadcastBatchIsRefusedAsReused() async throws {
        guard TestStore.all.contains(.postgres) else { return }
        let connectionString = try TestStore.freshSchema()
        let harness = try Harness(location: .postgres(connectionString: connectionString))
        defer { harness.server.close() }
        try Self.register(120, in: harness)
        let events = (0..<120).map { Self.system("b\($0)", to: "u\($0)") }

        // The other writer: message b7 inserted, not committed.
        let writer = try PostgresConnection(connectionString)
        defer { writer.close() }
        try writer.execute("BEGIN")
        try writer.execute(
            "INSERT INTO message (message_id, user_id, channel_id, created_ms) VALUES ('b7', 'u99', 'updates', 0)")
        let server = harness.server
        async let results = offThePool { try server.fanOut(events, batchSize: 1_000) }
        // Once the batch's insert waits for the writer's lock, the writer commits.
        let watcher = try PostgresConnection(connectionString)
        defer { watcher.close() }
        var waiting = false
        for _ in 0..<600 where !waiting {
            waiting =
                try watcher.query(
                    "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'INSERT INTO message%'"
                ).int64(0, 0) == 1
            if !waiting { try await Task.sleep(for: .milliseconds(50)) }
        }
        #expect(waiting, "the batch's insert never waited for the other writer")
        try writer.execute("COMMIT")

        let recorded = try await results
        #expect(recorded[7] == .failure(.duplicateMessage("b7")))
        #expect(recorded.enumerated().allSatisfy { $0.offset == 7 || (try? $0.element.get()) != nil })
        // 120 phones and 40 tablets (every third user), less u7's phone.
        let sends = try harness.server.allSends()
        #expect(sends.count == 159)
        #expect(!sends.contains { $0.messageID == "b7" })
    }
}
