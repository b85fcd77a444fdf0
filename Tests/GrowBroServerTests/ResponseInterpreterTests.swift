import Foundation
import GrowBroServer
import Testing

/// Every documented APNs and FCM answer maps to its verdict.
struct ResponseInterpreterTests {
    static let apns: [(Int, String, ProviderVerdict)] = [
        (200, "", .accepted(providerID: nil)),
        (400, #"{"reason":"BadDeviceToken"}"#, .purgeToken(reason: .provider("BadDeviceToken"))),
        (400, #"{"reason":"DeviceTokenNotForTopic"}"#, .purgeToken(reason: .provider("DeviceTokenNotForTopic"))),
        (400, #"{"reason":"BadCollapseId"}"#, .fail(reason: .provider("BadCollapseId"))),
        (400, #"{"reason":"TopicDisallowed"}"#, .fail(reason: .provider("TopicDisallowed"))),
        (
            410, #"{"reason":"Unregistered","timestamp":1781884800000}"#,
            .unregistered(reason: .provider("Unregistered"), since: Date(timeIntervalSince1970: 1_781_884_800))
        ),
        (410, #"{"reason":"ExpiredToken"}"#, .unregistered(reason: .provider("ExpiredToken"), since: nil)),
        (403, #"{"reason":"ExpiredProviderToken"}"#, .renewCredential(reason: .provider("ExpiredProviderToken"))),
        (403, #"{"reason":"InvalidProviderToken"}"#, .fail(reason: .provider("InvalidProviderToken"))),
        (413, #"{"reason":"PayloadTooLarge"}"#, .fail(reason: .provider("PayloadTooLarge"))),
        (429, #"{"reason":"TooManyRequests"}"#, .retry(reason: .provider("TooManyRequests"), after: nil)),
        (500, #"{"reason":"InternalServerError"}"#, .retry(reason: .provider("InternalServerError"), after: nil)),
        (503, #"{"reason":"ServiceUnavailable"}"#, .retry(reason: .provider("ServiceUnavailable"), after: nil)),
        (503, "<html>busy</html>", .retry(reason: .provider("status 503"), after: nil)),
        (
            400, "<html>bad</html>",
            .fail(
                reason: .unreadableAnswer("APNs 400 response is not JSON: line 1, column 1: unexpected character '<'"))
        ),
        (400, "{}", .fail(reason: .unreadableAnswer(#"APNs 400 response has no "reason""#))),
    ]

    @Test(arguments: apns)
    func apnsAnswersMapToTheirVerdicts(status: Int, body: String, verdict: ProviderVerdict) {
        let response = ProviderResponse(status: status, text: body)
        let got = APNsResponseInterpreter.verdict(for: response)
        if case .fail(.unreadableAnswer(let reason)) = verdict, reason.contains("not JSON") {
            guard case .fail(.unreadableAnswer(let actual)) = got else {
                Issue.record("expected a failure, got \(got)")
                return
            }
            #expect(actual.hasPrefix("APNs 400 response is not JSON: line 1, column 1"))
        } else {
            #expect(got == verdict)
        }
    }

    @Test
    func apnsHonoursRetryAfter() {
        let response = ProviderResponse(status: 429, headers: [HTTPHeader("Retry-After", "30")], text: "")
        #expect(
            APNsResponseInterpreter.verdict(for: response)
                == .retry(reason: .provider("status 429"), after: .seconds(30)))
    }

    /// A transport's failure that says it is worth retrying, or not.
    struct Failure: PushTransportFailure {
        var isRetryable: Bool
        var description: String
    }

    /// Something thrown that says nothing of retrying.
    struct Unclassified: Error, CustomStringConvertible {
        var description: String { "socket closed" }
    }

    @Test
    func noAnswerIsRetriedUnlessTheTransportSaysNoAttemptCanSucceed() {
        #expect(
            ProviderVerdict.noAnswer(Failure(isRetryable: true, description: "connection reset"))
                == .retry(reason: .noAnswer("connection reset"), after: nil))
        #expect(
            ProviderVerdict.noAnswer(Failure(isRetryable: false, description: "certificate does not verify"))
                == .fail(reason: .transportRefused("certificate does not verify")))
        #expect(ProviderVerdict.noAnswer(Unclassified()) == .retry(reason: .noAnswer("socket closed"), after: nil))
    }

    static func fcmError(
        _ status: Int, _ code: String, errorCode: String? = nil, message: String = "x", field: String? = nil
    ) -> String {
        var details: [String] = []
        if let errorCode {
            details.append(
                #"{"@type":"type.googleapis.com/google.firebase.fcm.v1.FcmError","errorCode":"\#(errorCode)"}"#)
        }
        if let field {
            details.append(
                #"{"@type":"type.googleapis.com/google.rpc.BadRequest","fieldViolations":[{"field":"\#(field)","description":"Invalid"}]}"#
            )
        }
        return
            #"{"error":{"code":\#(status),"message":"\#(message)","status":"\#(code)","details":[\#(details.joined(separator: ","))]}}"#
    }

    static let fcm: [(Int, String, ProviderVerdict)] = [
        (200, #"{"name":"projects/growbro/messages/1"}"#, .accepted(providerID: "projects/growbro/messages/1")),
        (404, fcmError(404, "NOT_FOUND", errorCode: "UNREGISTERED"), .purgeToken(reason: .provider("UNREGISTERED"))),
        (
            400, fcmError(400, "INVALID_ARGUMENT", errorCode: "INVALID_ARGUMENT", field: "message.token"),
            .purgeToken(reason: .provider("INVALID_ARGUMENT (token)"))
        ),
        (
            400,
            fcmError(
                400, "INVALID_ARGUMENT", errorCode: "INVALID_ARGUMENT",
                message: "The registration token is not a valid FCM registration token"),
            .purgeToken(reason: .provider("INVALID_ARGUMENT (token)"))
        ),
        (
            400, fcmError(400, "INVALID_ARGUMENT", errorCode: "INVALID_ARGUMENT", field: "message.android.ttl"),
            .fail(reason: .provider("INVALID_ARGUMENT"))
        ),
        (
            403, fcmError(403, "PERMISSION_DENIED", errorCode: "SENDER_ID_MISMATCH"),
            .purgeToken(reason: .provider("SENDER_ID_MISMATCH"))
        ),
        (403, fcmError(403, "PERMISSION_DENIED"), .fail(reason: .provider("PERMISSION_DENIED"))),
        (401, fcmError(401, "UNAUTHENTICATED"), .renewCredential(reason: .provider("UNAUTHENTICATED"))),
        (
            429, fcmError(429, "RESOURCE_EXHAUSTED", errorCode: "QUOTA_EXCEEDED"),
            .retry(reason: .provider("QUOTA_EXCEEDED"), after: nil)
        ),
        (500, fcmError(500, "INTERNAL", errorCode: "INTERNAL"), .retry(reason: .provider("INTERNAL"), after: nil)),
        (
            503, fcmError(503, "UNAVAILABLE", errorCode: "UNAVAILABLE"),
            .retry(reason: .provider("UNAVAILABLE"), after: nil)
        ),
        (400, "not json", .fail(reason: .unreadableAnswer("not JSON"))),
    ]

    @Test(arguments: fcm)
    func fcmAnswersMapToTheirVerdicts(status: Int, body: String, verdict: ProviderVerdict) {
        let got = FCMResponseInterpreter.verdict(for: ProviderResponse(status: status, text: body))
        if case .fail(.unreadableAnswer("not JSON")) = verdict {
            guard case .fail(.unreadableAnswer(let actual)) = got else {
                Issue.record("expected a failure, got \(got)")
                return
            }
            #expect(actual.hasPrefix("FCM 400 response is not JSON: line 1, column 1"))
        } else {
            #expect(got == verdict)
        }
    }

    @Test
    func fcmHonoursRetryAfter() {
        let response = ProviderResponse(
            status: 503, headers: [HTTPHeader("retry-after", "120")], text: Self.fcmError(503, "UNAVAILABLE"))
        #expect(
            FCMResponseInterpreter.verdict(for: response)
                == .retry(reason: .provider("UNAVAILABLE"), after: .seconds(120)))
    }
}
