import Foundation
import GrowBroServer
import GrowBroServerSQLite
import TestSupport
import Testing
import WavePush
import WavePushPayloads

/// `wavepush dispatch` and `wavepush send-test` as an operator runs them, against the loopback stand-in.
struct DispatchCommandTests {
    static let apnsToken = String(repeating: "0", count: 62) + "a1"
    static let refusedToken = String(repeating: "0", count: 62) + "b2"
    static let fcmToken = "fcm-token:APA91b" + String(repeating: "x", count: 40)

    /// A configuration sending to the stand-in with a bearer token for each platform of `platforms`.
    static func configuration(
        _ standIn: PushStandIn, in directory: TemporaryDirectory, platforms: Set<PushPayload.Platform> = [.apns, .fcm]
    ) throws -> String {
        let path = directory.appending("dispatch-\(platforms.map(\.rawValue).sorted().joined()).json").path
        let apns = #""apns": {"topic": "app.growbro", "bearerToken": "apns-test", "endpoint": "\#(standIn.baseURL)"}, "#
        let fcm = #""fcm": {"project": "growbro-test", "bearerToken": "fcm-test", "endpoint": "\#(standIn.baseURL)"}, "#
        try """
        {\(platforms.contains(.apns) ? apns : "")\(platforms.contains(.fcm) ? fcm : "")
         "caFile": "\(standIn.caFile)", "idleCheckSeconds": 0.1, "maximumInFlight": 100}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Registers each user's phone (`<user>-phone`) in the SQLite database at `database` and records a like to each
    /// (`m-<user>`), due now, as a backend's process does before a sender starts.
    static func recordLikes(
        _ users: [(user: String, platform: PushPayload.Platform, token: String)], in database: String
    ) throws {
        let server = try PushServer(path: database)
        defer { server.close() }
        let (start, now) = (Date(timeIntervalSince1970: 1_781_884_800), Date())
        for (user, platform, token) in users {
            _ = try server.register(
                TokenRegistration(
                    userID: user, installationID: "\(user)-phone", platform: platform, token: token,
                    environment: platform == .apns ? .production : nil, at: start))
            _ = try server.fanOut(
                CommunityEvent(
                    messageID: "m-\(user)", recipientID: user, kind: .like(postID: "1", author: "Ana"), at: now))
        }
    }

    static var program: URL {
        let sibling = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("wavepush")
        return FileManager.default.isExecutableFile(atPath: sibling.path)
            ? sibling : Fixtures.repository.appendingPathComponent(".build/debug/wavepush")
    }

    /// Sends what the database holds, picks up a send another process records, and on SIGTERM exits 0 with
    /// nothing pending and every outcome recorded.
    @Test
    func dispatchSendsWhatIsDueAndNewSendsThenStopsCleanlyOnSIGTERM() async throws {
        let script = #"{"answers": {"\#(Self.refusedToken)": [{"status": 410, "reason": "Unregistered"}]}}"#
        guard let (standIn, directory) = try await PushStandIn.startForTest(script: script) else { return }
        defer { directory.remove() }
        let database = directory.appending("push.sqlite").path
        try Self.recordLikes(
            [("u1", .apns, Self.apnsToken), ("u2", .apns, Self.refusedToken), ("u3", .fcm, Self.fcmToken)],
            in: database)
        let child = try ChildProcess(
            Self.program, arguments: ["dispatch", try Self.configuration(standIn, in: directory), "--db", database])
        defer { child.terminate() }
        var lines: [String] = []
        for _ in 0..<3 { lines.append(try #require(await child.nextLine())) }
        #expect(lines.filter { $0.hasPrefix(#"{"type":"sent""#) }.count == 2, "\(lines)")
        #expect(lines.filter { $0.hasPrefix(#"{"type":"purged""#) && $0.contains(Self.refusedToken) }.count == 1)

        // Another process (this test) records a send: the dispatcher sees it without being told.
        do {
            let server = try PushServer(path: database)
            defer { server.close() }
            _ = try server.fanOut(
                CommunityEvent(
                    messageID: "m-late", recipientID: "u1", kind: .like(postID: "2", author: "Ben"), at: Date()))
        }
        let late = try #require(await child.nextLine())
        #expect(late.hasPrefix(#"{"type":"sent""#) && late.contains("m-late"), "\(late)")

        await child.kill(SIGTERM)
        let rest = await child.remainingLines()
        #expect(rest.count == 1)
        #expect(rest.first?.contains(#""type":"stopped""#) == true)
        #expect(rest.first?.contains(#""pending":0"#) == true)
        #expect(await child.waitForExit() == 0)

        let server = try PushServer(path: database)
        defer { server.close() }
        #expect(try server.pendingSendCount() == 0)
        #expect(
            try server.allSends().map(\.state).sorted { $0.rawValue < $1.rawValue } == [
                .accepted, .accepted, .accepted, .purged,
            ])
        let received = try standIn.received()
        #expect(received.count == 4)
        #expect(received.allSatisfy { $0.alpn == "h2" })
        #expect(received.first { $0.path.hasPrefix("/v1/") }?.header("authorization") == "Bearer fcm-test")
        #expect(received.first { $0.path.hasPrefix("/3/") }?.header("authorization") == "bearer apns-test")
    }

    @Test
    func sendTestPrintsTheProvidersAnswerAndExitsByIt() async throws {
        let script = #"{"answers": {"\#(Self.refusedToken)": [{"status": 400, "reason": "BadDeviceToken"}]}}"#
        guard let (standIn, directory) = try await PushStandIn.startForTest(script: script) else { return }
        defer { directory.remove() }
        let configuration = try Self.configuration(standIn, in: directory)
        let accepted = await Fixtures.run([
            "send-test", configuration, "--platform", "apns", "--token", Self.apnsToken, "--title", "Hello",
        ])
        #expect(accepted.status == 0, "\(accepted.errors)")
        let lines = accepted.output.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix(#"{"type":"request""#) && lines[2].hasPrefix(#"{"type":"sent""#))
        #expect(lines[0].contains(#""authorization":"(hidden)""#))
        #expect(!accepted.output.contains("apns-test"))
        #expect(lines[1].contains(#""status":200"#) && lines[1].contains(#""apns-id":"#))

        let refused = await Fixtures.run([
            "send-test", configuration, "--platform", "apns", "--token", Self.refusedToken,
        ])
        #expect(refused.status == 1)
        #expect(refused.output.contains(#"{\"reason\": \"BadDeviceToken\"}"#))

        let dead = directory.appending("dead.json").path
        try #"{"fcm": {"project": "p", "bearerToken": "t", "endpoint": "https://127.0.0.1:1"}}"#.write(
            toFile: dead, atomically: true, encoding: .utf8)
        let unanswered = await Fixtures.run(["send-test", dead, "--platform", "fcm", "--token", Self.fcmToken])
        #expect(unanswered.status == 69)
        #expect(unanswered.output.contains(#""type":"noanswer""#))
    }

    /// Senders split the platforms of one database: one with the APNs credential sends the iOS sends and stops with
    /// the Android one still pending (not failed, no attempt spent), then one with the FCM credential sends it.
    @Test
    func dispatchersWithOnePlatformEachSplitTheSendsOfOneDatabase() async throws {
        guard let (standIn, directory) = try await PushStandIn.startForTest() else { return }
        defer { directory.remove() }
        let database = directory.appending("push.sqlite").path
        try Self.recordLikes(
            [("u1", .fcm, Self.fcmToken), ("u2", .apns, Self.apnsToken), ("u3", .apns, Self.refusedToken)],
            in: database)
        for (platform, sent, left) in [(PushPayload.Platform.apns, 2, 1), (.fcm, 1, 0)] {
            let configuration = try Self.configuration(standIn, in: directory, platforms: [platform])
            let child = try ChildProcess(Self.program, arguments: ["dispatch", configuration, "--db", database])
            defer { child.terminate() }
            var lines: [String] = []
            for _ in 0..<sent { lines.append(try #require(await child.nextLine())) }
            #expect(lines.allSatisfy { $0.hasPrefix(#"{"type":"sent""#) && $0.contains(#""platform":"\#(platform)""#) })
            await child.kill(SIGTERM)
            let rest = await child.remainingLines()
            #expect(rest.count == 1 && rest.first?.contains(#""pending":\#(left)"#) == true, "\(rest)")
            #expect(await child.waitForExit() == 0)
        }
        let server = try PushServer(path: database)
        defer { server.close() }
        #expect(try server.allSends().map(\.state) == [.accepted, .accepted, .accepted])
        #expect(try server.allSends().map(\.attempts) == [1, 1, 1])
        #expect(try standIn.received().count == 3)
    }

    /// A sender claims only the platforms it has credentials for, so one with none would claim nothing: its
    /// configuration is refused at start (exit 65), naming what is missing, before the database is opened.
    @Test(arguments: [
        (#"{}"#, "needs apns, fcm or both"),
        (#"{"apns": {"topic": "app.growbro"}}"#, "apns: needs keyFile, keyID and teamID (or a bearerToken)"),
        (#"{"fcm": {"project": "growbro"}}"#, "fcm: needs serviceAccountFile (or a bearerToken)"),
    ])
    func aConfigurationWithoutCredentialsIsRefusedAtStart(configuration: String, problem: String) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.appending("dispatch.json").path
        let database = directory.appending("push.sqlite").path
        try configuration.write(toFile: file, atomically: true, encoding: .utf8)
        let run = await Fixtures.run(["dispatch", file, "--db", database])
        #expect(run.status == 65)
        #expect(run.errors.contains(problem), "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: database))
    }

    /// The documented example reads: the run stops at its first key file, which this machine does not have, and
    /// names it (exit 65), never at the JSON.
    @Test
    func theExampleConfigurationReadsAndAMissingKeyFileIsNamed() async throws {
        let example = Fixtures.repository.appendingPathComponent("Examples/wavepush/dispatch.json").path
        let run = await Fixtures.run(["send-test", example, "--platform", "apns", "--token", Self.apnsToken])
        #expect(run.status == 65)
        #expect(run.errors.contains("/etc/growbro/AuthKey_ABC123DEFG.p8"), "\(run.errors)")
        let bad = await Fixtures.run(["dispatch", Fixtures.path("bad/unknown-platform.json")])
        #expect(bad.status == 65)
    }
}
