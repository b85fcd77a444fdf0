import Foundation
import Testing
import WaveJSON
import WaveNotifications
import WavePushPayloads

@testable import GrowBroServer

/// A background payload is sent as one: `apns-push-type: background` at priority 5 on APNs; a data-only FCM message
/// with its token and time to live spliced in as for any other.
struct BackgroundRequestTests {
    static let now = Date(timeIntervalSince1970: 1_781_884_800)

    static func send(_ payload: String, platform: PushPlatform) -> PendingSend {
        PendingSend(
            sendID: 5, messageID: "m-9", installationID: "i1", userID: "u1", platform: platform,
            channelID: "cultivation.reminders", payload: payload, collapseID: nil,
            expiresAt: now.addingTimeInterval(3600), attempts: 0, renewed: false, dueAt: now)
    }

    static func installation(_ platform: PushPlatform) -> Installation {
        Installation(
            id: "i1", userID: "u1", platform: platform, token: platform == .apns ? "ab12" : "fcm-token",
            environment: platform == .apns ? .production : nil, permission: .authorized, registeredAt: now,
            refreshedAt: now)
    }

    static func message(background: Bool) -> PushMessage {
        PushMessage(
            messageID: "m-9", text: .plain(title: "t", body: "b"),
            channel: NotificationChannel(
                id: "cultivation.reminders", importance: .high, categoryID: "CULTIVATION_REMINDERS",
                interruptionLevel: .timeSensitive, name: LocalizedText(table: "growbro", key: "channel_reminders"),
                channelDescription: LocalizedText(table: "growbro", key: "channel_reminders_description")),
            deepLink: "growbro://task/t1", isBackground: background)
    }

    @Test(arguments: [(true, "background", "5"), (false, "alert", "10")])
    func apnsHeadersFollowThePayload(background: Bool, pushType: String, priority: String) throws {
        let payload = try APNsPayloadEncoder().encode(Self.message(background: background)).json
        let request = ProviderRequestBuilder.request(
            for: Self.send(payload, platform: .apns), to: Self.installation(.apns), credential: "c", attempt: 1,
            now: Self.now, configuration: GrowBroServerConfiguration())
        #expect(request.headers.value(named: "apns-push-type") == pushType)
        #expect(request.headers.value(named: "apns-priority") == priority)
    }

    @Test
    func anFCMDataMessageGetsItsTokenAndTimeToLive() throws {
        let payload = try FCMPayloadEncoder().encode(Self.message(background: true)).json
        let request = ProviderRequestBuilder.request(
            for: Self.send(payload, platform: .fcm), to: Self.installation(.fcm), credential: "c", attempt: 1,
            now: Self.now, configuration: GrowBroServerConfiguration())
        #expect(
            request.body
                == #"{"message":{"token":"fcm-token","android":{"ttl":"3600s","priority":"normal"},"data":{"deepLink":"growbro://task/t1","messageId":"m-9"}}}"#
        )
        _ = try JSONParser.parse(Array(request.body.utf8))
    }
}
