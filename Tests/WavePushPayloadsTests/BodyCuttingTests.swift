import Foundation
import Testing
import WaveNotifications
import WavePushPayloads

/// The cut of an over-long body, on both services: at a grapheme boundary, with "…", no more than needed.
struct BodyCuttingTests {
    enum Service: String, CaseIterable, Sendable {
        case apns, fcm

        func encode(_ message: PushMessage, limit: Int? = nil) throws -> PushPayload {
            switch self {
            case .apns:
                return try APNsPayloadEncoder(maximumBytes: limit ?? APNsPayloadEncoder.serviceLimit).encode(message)
            case .fcm:
                return try FCMPayloadEncoder(maximumBytes: limit ?? FCMPayloadEncoder.serviceLimit).encode(message)
            }
        }

        var limit: Int { self == .apns ? 4096 : 4000 }
    }

    /// Units repeated past the limit: emoji, ZWJ families, flags, combining marks, CJK, escapes, and mixes.
    static let units = [
        "🌱", "👨‍👩‍👧‍👦", "🏳️‍🌈", "🇫🇷", "e\u{301}\u{302}", "Ä", "成長", "한국어", "\"\\\n", "a🌿b", "\u{1F44D}\u{1F3FD}",
        "ค่ะ", "ﷺ", "x",
    ]

    @Test(arguments: Service.allCases, units)
    func overLongBodiesAreCutAtAGraphemeBoundaryNoMoreThanNeeded(service: Service, unit: String) throws {
        // Every offset of the boundary: bodies of several lengths just over the limit.
        for extra in 0..<4 {
            let original =
                String(repeating: unit, count: service.limit / unit.utf8.count + 1)
                + String(repeating: "z", count: extra)
            let payload = try service.encode(GrowBro.reply(body: original))
            #expect(payload.isBodyShortened)
            #expect(payload.bytes <= service.limit)
            #expect(payload.bytes == payload.json.utf8.count)
            // Valid JSON and valid UTF-8: Foundation reads it back.
            let body = try GrowBro.body(payload)
            #expect(body.hasSuffix("…"))
            let kept = Array(body.dropLast())
            let characters = Array(original)
            #expect(characters.starts(with: kept))
            // No more than needed: one more grapheme would not fit.
            let oneMore = String(characters[..<(kept.count + 1)]) + "…"
            #expect(try service.encode(GrowBro.reply(body: oneMore), limit: .max).bytes > service.limit)
        }
    }

    @Test(arguments: Service.allCases)
    func aBodyThatFitsIsNeverTouched(service: Service) throws {
        let body = String(repeating: "👨‍👩‍👧‍👦", count: 20)
        let payload = try service.encode(GrowBro.reply(body: body))
        #expect(!payload.isBodyShortened)
        #expect(try GrowBro.body(payload) == body)
    }

    @Test(arguments: Service.allCases)
    func theLastLocalizedBodyArgumentIsWhatIsCut(service: Service) throws {
        let long = String(repeating: "成", count: 2000)
        let message = PushMessage(
            messageID: "m",
            text: .localized(titleKey: "t", titleArguments: ["Ana"], bodyKey: "b", bodyArguments: ["Ana", long]),
            channel: GrowBro.interactions, deepLink: "growbro://post/1")
        let payload = try service.encode(message)
        #expect(payload.isBodyShortened)
        #expect(payload.bytes <= service.limit)
        let object = try GrowBro.object(payload)
        let path = service == .apns ? "aps.alert.loc-args" : "message.android.notification.body_loc_args"
        let arguments = try #require(GrowBro.value(object, path) as? [String])
        #expect(arguments.count == 2)
        #expect(arguments[0] == "Ana")
        #expect(arguments[1].hasSuffix("…"))
        #expect(long.hasPrefix(arguments[1].dropLast()))
    }
}
