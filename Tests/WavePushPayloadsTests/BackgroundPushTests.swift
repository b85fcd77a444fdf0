import Foundation
import Testing
import WaveNotifications
import WavePushPayloads

/// Silent pushes (seed 9.1, 9.2): APNs `content-available` with nothing shown, FCM data-only messages.
struct BackgroundPushTests {
    static func message(collapseID: String? = nil) -> PushMessage {
        PushMessage(
            messageID: "m-9", text: .plain(title: "not sent", body: "not sent either"), channel: GrowBro.reminders,
            deepLink: "growbro://task/t1", threadID: "post_42", collapseID: collapseID, badge: 3, isBackground: true)
    }

    @Test
    func apnsBackgroundPushIsContentAvailableWithNoAlertBadgeOrCategory() throws {
        let payload = try APNsPayloadEncoder().encode(Self.message())
        #expect(payload.json == #"{"aps":{"content-available":1},"deepLink":"growbro://task/t1","messageId":"m-9"}"#)
    }

    @Test(arguments: [nil, "sync_u1"])
    func fcmBackgroundPushIsADataMessageWithoutANotification(collapseID: String?) throws {
        let payload = try FCMPayloadEncoder().encode(Self.message(collapseID: collapseID))
        let collapse = collapseID.map { #""collapse_key":"\#($0)","# } ?? ""
        #expect(
            payload.json
                == #"{"message":{"android":{"#
                + collapse
                + #""priority":"normal"},"data":{"deepLink":"growbro://task/t1","messageId":"m-9"}}}"#)
        #expect(!payload.json.contains("not sent"))
    }

    @Test
    func aShownPushIsUnchanged() throws {
        var message = Self.message()
        message.isBackground = false
        #expect(try APNsPayloadEncoder().encode(message).json.contains(#""alert":{"title":"not sent""#))
        #expect(try FCMPayloadEncoder().encode(message).json.contains(#""notification":{"title":"not sent""#))
    }
}
