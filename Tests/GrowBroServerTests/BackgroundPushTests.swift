import Foundation
import GrowBroNotifications
import GrowBroServer
import GrowBroServerTesting
import Testing
import WaveJSON
import WaveNotifications
import WavePushPayloads

/// A refresh event: a background push that shows nothing (seed 004, 9.1 and 9.2).
struct BackgroundPushTests {
    static func refresh(_ messageID: String, to user: String, post: String?) -> CommunityEvent {
        CommunityEvent(messageID: messageID, recipientID: user, kind: .refresh(postID: post), at: Harness.start)
    }

    @Test(arguments: TestStore.all)
    func aRefreshReachesEveryInstallationWithoutAnInboxEntryOrABadge(store: TestStore) throws {
        let harness = try Harness(store: store)
        try harness.register("u1", "phone", apns: 1)
        try harness.register("u1", "old-phone", apns: 2, permission: .denied)
        try harness.register("u1", "tablet", fcm: 3)
        // A switched-off channel and a denied permission keep a shown push away, not one that shows nothing.
        try harness.server.setPreferences(userID: "u1", channels: [.updates: false], at: Harness.start)
        try harness.reply("m0", to: "u1")
        let result = try harness.server.fanOut(Self.refresh("r1", to: "u1", post: "42"))
        #expect(result.sends.map(\.installationID) == ["old-phone", "phone", "tablet"])
        #expect(result.skipped.isEmpty)
        #expect(result.badge == 0)
        #expect(result.channelID == "background")
        #expect(try harness.server.inbox(of: "u1").totalCount(now: Harness.start) == 1)
        #expect(try harness.server.inbox(of: "u1").unreadCount(now: Harness.start) == 1)
        let sends = try harness.server.sends(of: "r1")
        let apns = try json(try #require(sends.first { $0.platform == .apns }).payload)
        #expect(apns["aps.content-available"] == .number("1"))
        #expect(apns["aps.alert"] == nil)
        #expect(apns["aps.badge"] == nil)
        #expect(apns["deepLink"] == .string("growbro://post/42"))
        #expect(apns["messageId"] == .string("r1"))
        let fcm = try json(try #require(sends.first { $0.platform == .fcm }).payload)
        #expect(fcm["message.android.notification"] == nil)
        #expect(fcm["message.android.priority"] == .string("normal"))
        #expect(fcm["message.data.deepLink"] == .string("growbro://post/42"))
        // A refresh without a post names the inbox; the same id is not used twice.
        let inbox = try harness.server.fanOut(Self.refresh("r2", to: "u1", post: nil))
        #expect(try json(try harness.server.sends(of: "r2")[0].payload)["deepLink"] == .string("growbro://inbox"))
        #expect(inbox.sends.count == 3)
        #expect(throws: GrowBroServerError.self) { try harness.server.fanOut(Self.refresh("r2", to: "u1", post: nil)) }
        #expect(throws: GrowBroServerError.self) {
            try harness.server.fanOut(Self.refresh("r3", to: "u1", post: "bad id!"))
        }
    }

    @Test(arguments: TestStore.all)
    func aRefreshGoesToAPNsAsABackgroundPushAtPriorityFive(store: TestStore) async throws {
        let harness = try Harness(store: store)
        try harness.register("u1", "phone", apns: 1)
        try harness.register("u1", "tablet", fcm: 2)
        _ = try harness.server.fanOut([Self.refresh("r1", to: "u1", post: nil)], batchSize: 10)
        // The tablet's permission revoked after the fan-out: a shown push would be dropped, this one still goes.
        try harness.register("u1", "tablet", fcm: 2, permission: .denied)
        let decisions = try await harness.dispatch()
        #expect(decisions.map(\.kind) == [.accepted, .accepted])
        let apns = try #require(harness.transport.requests.first { $0.url.contains("/3/device/") })
        #expect(apns.headers.value(named: "apns-push-type") == "background")
        #expect(apns.headers.value(named: "apns-priority") == "5")
        let fcm = try #require(harness.transport.requests.first { $0.url.contains("messages:send") })
        #expect(try json(fcm.body)["message.android.notification"] == nil)
    }
}
