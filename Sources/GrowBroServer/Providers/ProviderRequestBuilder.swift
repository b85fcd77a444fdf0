internal import Foundation
internal import GrowBroNotifications
internal import WaveJSON
internal import WavePushPayloads

/// Builds the provider request for one attempt of a recorded send, in APNs' or FCM's wire format.
enum ProviderRequestBuilder {
    static func request(
        for send: PendingSend, to installation: Installation, credential: String, attempt: Int, now: Date,
        configuration: GrowBroServerConfiguration
    ) -> ProviderRequest {
        switch installation.platform {
        case .apns:
            // A background push must be sent as one, at priority 5, or APNs refuses or throttles it.
            let background = isBackgroundAPNsPayload(send.payload)
            var headers = [
                HTTPHeader("authorization", "bearer \(credential)"),
                HTTPHeader("apns-topic", configuration.apnsTopic),
                HTTPHeader("apns-push-type", background ? "background" : "alert"),
                HTTPHeader(
                    "apns-priority", background || send.channelID == GrowBroChannel.likes.rawValue ? "5" : "10"),
                HTTPHeader("apns-expiration", String(Int64((send.expiresAt.timeIntervalSince1970).rounded(.down)))),
                HTTPHeader("apns-id", send.apnsID ?? apnsID(sendID: send.sendID)),
            ]
            if let collapseID = send.collapseID { headers.append(HTTPHeader("apns-collapse-id", collapseID)) }
            let endpoint = configuration.apnsEndpoint ?? "https://\((installation.environment ?? .production).host)"
            return ProviderRequest(
                sendID: send.sendID, messageID: send.messageID, installationID: installation.id, platform: .apns,
                token: installation.token, attempt: attempt, url: "\(endpoint)/3/device/\(installation.token)",
                headers: headers, body: send.payload)
        case .fcm:
            let ttl = max(0, Int64(send.expiresAt.timeIntervalSince(now).rounded(.down)))
            return ProviderRequest(
                sendID: send.sendID, messageID: send.messageID, installationID: installation.id, platform: .fcm,
                token: installation.token, attempt: attempt,
                url: (configuration.fcmEndpoint ?? "https://fcm.googleapis.com")
                    + "/v1/projects/\(configuration.fcmProjectID)/messages:send",
                headers: [
                    HTTPHeader("authorization", "Bearer \(credential)"),
                    HTTPHeader("content-type", "application/json; charset=utf-8"),
                ],
                body: fcmBody(send.payload, token: installation.token, ttlSeconds: ttl))
        }
    }

    /// The encoder's `{"message":{"android":{…` with the target token and the time to live spliced in:
    /// `{"message":{"token":…,"android":{"ttl":"<n>s",…`.
    static func fcmBody(_ payload: String, token: String, ttlSeconds: Int64) -> String {
        let prefix = #"{"message":{"android":{"#
        guard payload.hasPrefix(prefix) else { return payload }
        var json = JSONWriter(capacity: payload.utf8.count + token.utf8.count + 48)
        json.beginObject()
        json.key("message")
        json.beginObject()
        json.member("token", token)
        json.key("android")
        json.beginObject()
        json.member("ttl", "\(ttlSeconds)s")
        var text = json.text
        let rest = payload.utf8.dropFirst(prefix.utf8.count)
        // The encoder's android object always has members, so the spliced `ttl` needs a comma after it.
        text += "," + String(decoding: rest, as: UTF8.self)
        return text
    }

    /// Whether a stored APNs payload is the encoder's background form (`{"aps":{"content-available":1}…`): the
    /// payload is what the send records, so the headers follow from it.
    static func isBackgroundAPNsPayload(_ payload: String) -> Bool {
        payload.hasPrefix(#"{"aps":{"content-available":1}"#)
    }

    /// The UUID a send without a stored `apns-id` carries (``GrowBroServerConfiguration/APNsIDs/derivedFromSendID``),
    /// the same on every attempt, so provider logs correlate retries.
    static func apnsID(sendID: Int64) -> String {
        let hex = String(UInt64(bitPattern: sendID), radix: 16, uppercase: true)
        let padded = String(repeating: "0", count: max(0, 12 - hex.count)) + hex
        return "6B0D0000-0000-4000-8000-\(padded.suffix(12))"
    }
}
