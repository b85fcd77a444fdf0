import Foundation
import GrowBroNotifications
import GrowBroServer
import GrowBroServerTesting
import Testing
import WaveJSON
import WaveNotifications
import WavePushPayloads

/// A community event: the inbox entry, one request per live installation, the payload fields and the badge.
struct FanOutTests {
    @Test(arguments: TestStore.all)
    func aReplyBuildsAnAPNsRequestWithThreadMessageIDLinkAndBadge(store: TestStore) async throws {
        let harness = try Harness(store: store)
        try harness.register("u1", "phone", apns: 1)
        try harness.reply("m1", to: "u1", post: "42")
        _ = try await harness.dispatch()
        let request = try #require(harness.transport.requests.first)
        #expect(request.url == "https://api.push.apple.com/3/device/\(Harness.apnsToken(1))")
        #expect(request.headers.value(named: "authorization") == "bearer apns-1")
        #expect(request.headers.value(named: "apns-topic") == "app.growbro")
        #expect(request.headers.value(named: "apns-push-type") == "alert")
        #expect(request.headers.value(named: "apns-priority") == "10")
        #expect(
            request.headers.value(named: "apns-expiration") == String(Int(Harness.start.timeIntervalSince1970) + 86_400)
        )
        #expect(request.headers.value(named: "apns-collapse-id") == nil)
        let body = try json(request.body)
        #expect(body["aps.thread-id"] == .string("post_42"))
        #expect(body["aps.badge"] == .number("1"))
        #expect(body["aps.category"] == .string("COMMUNITY_INTERACTIONS"))
        #expect(body["aps.alert.loc-key"] == .string("growbro.reply.body"))
        #expect(body["aps.alert.loc-args"] == .array([.string("Looks great")]))
        #expect(body["messageId"] == .string("m1"))
        #expect(body["deepLink"] == .string("growbro://post/42"))
    }

    @Test(arguments: TestStore.all)
    func aLikeBuildsAnFCMRequestWithTheTokenTheCollapseKeyAndTheBadge(store: TestStore) async throws {
        let harness = try Harness(store: store)
        try harness.register("u1", "android", fcm: 1)
        try harness.like("m1", to: "u1", post: "7")
        _ = try await harness.dispatch(at: 3_600)
        let request = try #require(harness.transport.requests.first)
        #expect(request.url == "https://fcm.googleapis.com/v1/projects/growbro/messages:send")
        #expect(request.headers.value(named: "authorization") == "Bearer fcm-1")
        let body = try json(request.body)
        #expect(body["message.token"] == .string(Harness.fcmToken(1)))
        #expect(body["message.android.ttl"] == .string("82800s"))
        #expect(body["message.android.collapse_key"] == .string("like_7"))
        #expect(body["message.android.notification.channel_id"] == .string("community.likes"))
        #expect(body["message.android.notification.notification_count"] == .number("1"))
        #expect(body["message.data.messageId"] == .string("m1"))
        #expect(body["message.data.deepLink"] == .string("growbro://post/7"))
    }

    @Test(arguments: TestStore.all)
    func aSandboxTokenIsSentToTheSandboxHost(store: TestStore) async throws {
        let harness = try Harness(store: store)
        try harness.server.register(
            TokenRegistration(
                userID: "u1", installationID: "dev-phone", platform: .apns, token: Harness.apnsToken(5),
                environment: .sandbox, at: Harness.start))
        try harness.reply("m1", to: "u1")
        _ = try await harness.dispatch()
        #expect(
            harness.transport.requests.map(\.url) == [
                "https://api.sandbox.push.apple.com/3/device/\(Harness.apnsToken(5))"
            ])
    }

    @Test(arguments: TestStore.all)
    func anAPNsLikeCarriesTheCollapseIDHeaderAndALowPriority(store: TestStore) async throws {
        let harness = try Harness(store: store)
        try harness.register("u1", "phone", apns: 1)
        try harness.like("m1", to: "u1", post: "7")
        _ = try await harness.dispatch()
        let request = try #require(harness.transport.requests.first)
        #expect(request.headers.value(named: "apns-collapse-id") == "like_7")
        #expect(request.headers.value(named: "apns-priority") == "5")
    }

    @Test(arguments: TestStore.all)
    func theBadgeIsTheServerUnreadCountAfterTheEntry(store: TestStore) throws {
        let harness = try Harness(store: store)
        try harness.register("u1", "phone", apns: 1)
        #expect(try harness.reply("m1", to: "u1").badge == 1)
        #expect(try harness.reply("m2", to: "u1", at: 1).badge == 2)
        try harness.server.inbox(of: "u1").markRead(identifier: "msg_m1", at: Harness.start.addingTimeInterval(2))
        #expect(try harness.reply("m3", to: "u1", at: 3).badge == 2)
        try harness.server.inbox(of: "u1").delete(identifier: "msg_m2", at: Harness.start.addingTimeInterval(4))
        #expect(try harness.like("m4", to: "u1", at: 5).badge == 2)
        let sends = try harness.server.sends(of: "m4")
        #expect(try json(sends[0].payload)["aps.badge"] == .number("2"))
    }

    @Test(arguments: TestStore.all)
    func aCategorySwitchedOffOrADeniedPermissionSkipsTheInstallationButTheInboxKeepsTheEntry(store: TestStore) throws {
        let harness = try Harness(store: store)
        try harness.register("u1", "phone", apns: 1)
        try harness.register("u1", "old-phone", apns: 2, permission: .denied)
        try harness.server.setPreferences(userID: "u1", channels: [.likes: false], at: Harness.start)
        let like = try harness.like("m1", to: "u1")
        #expect(like.sends.isEmpty)
        #expect(like.skipped.map(\.reason) == ["category_disabled", "category_disabled"])
        let reply = try harness.reply("m2", to: "u1")
        #expect(reply.sends.map(\.installationID) == ["phone"])
        #expect(reply.skipped.map(\.installationID) == ["old-phone"])
        #expect(reply.skipped.map(\.reason) == ["permission_denied"])
        #expect(try harness.server.inbox(of: "u1").totalCount(now: Harness.start) == 2)
    }

    @Test(arguments: TestStore.all)
    func anEventForAnUnknownUserOrAReusedMessageIDIsRefusedAndNothingIsStored(store: TestStore) throws {
        let harness = try Harness(store: store)
        try harness.register("u1", "phone", apns: 1)
        #expect(throws: GrowBroServerError.unknownUser("nobody")) { try harness.reply("m1", to: "nobody") }
        try harness.reply("m1", to: "u1")
        #expect(throws: GrowBroServerError.duplicateMessage("m1")) { try harness.reply("m1", to: "u1", at: 5) }
        #expect(
            throws: GrowBroServerError.invalidValue(field: "postId", value: "../x", expected: "[A-Za-z0-9_-]{1,64}")
        ) {
            try harness.reply("m2", to: "u1", post: "../x")
        }
        #expect(try harness.server.inbox(of: "u1").totalCount(now: Harness.start) == 1)
        #expect(try harness.server.allSends().count == 1)
    }

    @Test(arguments: TestStore.all)
    func aLongReplyIsCutToItsPreviewAndNeverLoggedInAnError(store: TestStore) throws {
        let harness = try Harness(store: store)
        try harness.register("u1", "phone", apns: 1)
        try harness.reply("m1", to: "u1", text: String(repeating: "🌱", count: 150))
        let payload = try json(try harness.server.sends(of: "m1")[0].payload)
        guard case .array(let arguments) = payload["aps.alert.loc-args"], case .string(let preview) = arguments.first
        else {
            Issue.record("no preview")
            return
        }
        #expect(preview.count == 100)
        #expect(preview.hasSuffix("…"))
    }

    @Test(arguments: TestStore.all)
    func aSystemMessageLinksToTheInboxOnTheUpdatesChannel(store: TestStore) throws {
        let harness = try Harness(store: store)
        try harness.register("u1", "android", fcm: 1)
        let result = try harness.server.fanOut(
            CommunityEvent(
                messageID: "s1", recipientID: "u1", kind: .system(title: "Welcome", text: "Hello"), at: Harness.start))
        #expect(result.channelID == "system.updates")
        let payload = try json(try harness.server.sends(of: "s1")[0].payload)
        #expect(payload["message.data.deepLink"] == .string("growbro://inbox"))
    }
}
