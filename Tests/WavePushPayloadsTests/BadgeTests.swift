import Foundation
import Testing
import WaveNotifications
import WavePushPayloads

/// The badge: APNs `aps.badge` after the alert, FCM `notification_count` after `channel_id`; absent when `nil`.
struct BadgeTests {
    @Test func aBadgeIsWrittenWhereEachServiceReadsIt() throws {
        var message = GrowBro.reply(body: "Hi")
        message.badge = 3
        let apns = try APNsPayloadEncoder().encode(message).json
        #expect(apns.contains(#""alert":{"title":"Ana replied to your post","body":"Hi"},"badge":3,"thread-id""#))
        let fcm = try FCMPayloadEncoder().encode(message).json
        #expect(fcm.contains(#""channel_id":"community.interactions","notification_count":3}"#))
    }

    @Test func noBadgeLeavesThePayloadAsBefore() throws {
        let message = GrowBro.reply(body: "Hi")
        #expect(!(try APNsPayloadEncoder().encode(message).json.contains("badge")))
        #expect(!(try FCMPayloadEncoder().encode(message).json.contains("notification_count")))
    }
}
