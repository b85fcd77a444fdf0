import Foundation
import Testing
import WaveNotifications
import WavePushPayloads

struct FCMPayloadEncoderTests {
    @Test func likeCarriesEveryFieldAndReadsBackWithFoundation() throws {
        let payload = try FCMPayloadEncoder().encode(GrowBro.like())
        #expect(payload.platform == .fcm)
        #expect(payload.collapseIDHeader == nil)
        let expected: NSDictionary = [
            "message": [
                "android": [
                    "collapse_key": "like_42",
                    "notification": [
                        "title": "New like", "body": "Ana liked your post.", "channel_id": "community.likes",
                    ],
                ],
                "data": ["deepLink": "growbro://post/42", "messageId": "m-2"],
            ]
        ]
        #expect(try GrowBro.object(payload) == expected)
    }

    @Test func localizedFormUsesLocKeysAndNoCollapseKeyWithoutACollapseID() throws {
        let message = PushMessage(
            messageID: "m-4",
            text: .localized(titleKey: "t", titleArguments: [], bodyKey: "b", bodyArguments: ["x", "y"]),
            channel: GrowBro.interactions, deepLink: "growbro://inbox")
        let expected: NSDictionary = [
            "message": [
                "android": [
                    "notification": [
                        "title_loc_key": "t", "title_loc_args": [String](), "body_loc_key": "b",
                        "body_loc_args": ["x", "y"], "channel_id": "community.interactions",
                    ]
                ],
                "data": ["deepLink": "growbro://inbox", "messageId": "m-4"],
            ]
        ]
        #expect(try GrowBro.object(try FCMPayloadEncoder().encode(message)) == expected)
    }

    @Test func aBodyMakingExactly4000BytesFitsAndOneMoreByteIsCut() throws {
        let encoder = FCMPayloadEncoder()
        let overhead = try encoder.encode(GrowBro.reply(body: "")).bytes
        let exact = try encoder.encode(GrowBro.reply(body: String(repeating: "b", count: 4000 - overhead)))
        #expect(exact.bytes == 4000)
        #expect(!exact.isBodyShortened)
        let over = try encoder.encode(GrowBro.reply(body: String(repeating: "b", count: 4001 - overhead)))
        #expect(over.isBodyShortened)
        #expect(over.bytes == 4000)
        #expect(try GrowBro.body(over) == String(repeating: "b", count: 4000 - overhead - 3) + "…")
    }

    @Test func titleAloneTooLongThrows() throws {
        let message = GrowBro.reply(body: "", title: String(repeating: "T", count: 4200))
        let minimum = try FCMPayloadEncoder(maximumBytes: .max).encode(message).bytes
        #expect(minimum > 4000)
        #expect(throws: PushPayloadError.doesNotFit(minimumBytes: minimum, limit: 4000)) {
            try FCMPayloadEncoder().encode(
                GrowBro.reply(body: "Nice grow!", title: String(repeating: "T", count: 4200)))
        }
    }
}
