import Foundation
import Testing
import WaveNotifications
import WavePushPayloads

struct APNsPayloadEncoderTests {
    @Test func replyCarriesEveryFieldAndReadsBackWithFoundation() throws {
        let payload = try APNsPayloadEncoder().encode(GrowBro.reply(body: "Looks \"great\"\n🌱"))
        #expect(payload.platform == .apns)
        #expect(payload.collapseIDHeader == nil)
        #expect(payload.bytes == payload.json.utf8.count)
        let object = try GrowBro.object(payload)
        let expected: NSDictionary = [
            "aps": [
                "alert": ["title": "Ana replied to your post", "body": "Looks \"great\"\n🌱"],
                "thread-id": "post_42", "category": "COMMUNITY_INTERACTIONS", "interruption-level": "active",
            ],
            "deepLink": "growbro://post/42", "messageId": "m-1",
        ]
        #expect(object == expected)
    }

    @Test func likeHasACollapseHeaderBesideTheJSONAndNoThread() throws {
        let payload = try APNsPayloadEncoder().encode(GrowBro.like())
        #expect(payload.collapseIDHeader == "like_42")
        #expect(!payload.json.contains("like_42"))
        #expect(!payload.json.contains("thread-id"))
        #expect(GrowBro.value(try GrowBro.object(payload), "aps.category") as? String == "COMMUNITY_LIKES")
    }

    @Test func localizedFormUsesLocKeys() throws {
        let message = PushMessage(
            messageID: "m-3",
            text: .localized(
                titleKey: "reply_title", titleArguments: ["Ana"], bodyKey: "reply_body", bodyArguments: ["Nice"]),
            channel: GrowBro.reminders, deepLink: "growbro://task/t1")
        let object = try GrowBro.object(try APNsPayloadEncoder().encode(message))
        let expected: NSDictionary = [
            "aps": [
                "alert": [
                    "title-loc-key": "reply_title", "title-loc-args": ["Ana"], "loc-key": "reply_body",
                    "loc-args": ["Nice"],
                ],
                "category": "CULTIVATION_REMINDERS", "interruption-level": "time-sensitive",
            ],
            "deepLink": "growbro://task/t1", "messageId": "m-3",
        ]
        #expect(object == expected)
    }

    @Test func aBodyMakingExactly4096BytesFitsAndOneMoreByteIsCut() throws {
        let encoder = APNsPayloadEncoder()
        let overhead = try encoder.encode(GrowBro.reply(body: "")).bytes
        let exact = try encoder.encode(GrowBro.reply(body: String(repeating: "a", count: 4096 - overhead)))
        #expect(exact.bytes == 4096)
        #expect(!exact.isBodyShortened)

        let over = try encoder.encode(GrowBro.reply(body: String(repeating: "a", count: 4097 - overhead)))
        #expect(over.isBodyShortened)
        #expect(over.bytes <= 4096)
        let body = try GrowBro.body(over)
        #expect(body.hasSuffix("…"))
        // "…" is 3 bytes: 4097 - overhead characters become (4096 - overhead - 3) and "…", exactly 4096 bytes.
        #expect(body == String(repeating: "a", count: 4096 - overhead - 3) + "…")
        #expect(over.bytes == 4096)
    }

    @Test func titleAloneTooLongThrows() throws {
        let title = String(repeating: "T", count: 5000)
        let minimum = try APNsPayloadEncoder(maximumBytes: .max).encode(GrowBro.reply(body: "", title: title)).bytes
        #expect(minimum > 4096)
        #expect(throws: PushPayloadError.doesNotFit(minimumBytes: minimum, limit: 4096)) {
            try APNsPayloadEncoder().encode(GrowBro.reply(body: "Nice grow!", title: title))
        }
    }

    @Test func aTitleThatLeavesRoomOnlyForTheEllipsisGetsABodyOfTheEllipsisAlone() throws {
        let overhead = try APNsPayloadEncoder().encode(GrowBro.reply(body: "", title: "")).bytes
        // Exactly room for "…" (3 bytes): the body is cut to "…" and the JSON fills the limit.
        let title = String(repeating: "T", count: 4096 - overhead - 3)
        let payload = try APNsPayloadEncoder().encode(GrowBro.reply(body: "Hello there", title: title))
        #expect(payload.isBodyShortened)
        #expect(try GrowBro.body(payload) == "…")
        #expect(payload.bytes == 4096)
    }

    @Test func aTitleThatLeavesNoRoomForTheEllipsisGetsNoPayload() throws {
        let overhead = try APNsPayloadEncoder().encode(GrowBro.reply(body: "", title: "")).bytes
        // Two bytes short of room for "…": an over-long body is only ever cut with "…" (docs/apps.md, GrowBro), so it
        // is not emptied instead; the smallest JSON allowed, with "…" alone, is one byte over.
        let title = String(repeating: "T", count: 4096 - overhead - 2)
        #expect(throws: PushPayloadError.doesNotFit(minimumBytes: 4097, limit: 4096)) {
            try APNsPayloadEncoder().encode(GrowBro.reply(body: "Hello there", title: title))
        }
    }
}
