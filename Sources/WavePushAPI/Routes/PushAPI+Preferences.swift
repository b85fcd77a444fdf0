internal import GrowBroNotifications
internal import GrowBroServer
internal import WaveCommandLine
internal import WaveJSON
internal import WaveNotifications

extension PushAPI {
    /// `POST /v1/preferences`: `user`, `channels` (channel id: `true`/`false`; channels not named keep their state)
    /// and `archiveDays` (0…3650), recorded with ``PushServer/setPreferences(userID:channels:archiveDays:at:)`` (a
    /// new user is created, as when the app syncs them); the switches recorded and the user's archive age after.
    func preferences(_ body: JSONValue, key: APIKey) throws(APIError) -> HTTPResponse {
        let update = try Self.decode(body, keys: PushRequestDecoders.preferenceKeys) { object, diagnostics in
            PushRequestDecoders.preferences(object, &diagnostics)
        }
        try Self.check(key, allows: update.userID, field: "user")
        let archiveDays = try refusing(userField: "user") {
            try server.setPreferences(
                userID: update.userID, channels: update.channels, archiveDays: update.archiveDays, at: clock.now)
            return try server.inbox(of: update.userID).archiveAfterDays
        }
        return Self.ok { json in
            json.member("user", update.userID)
            json.key("channels")
            json.beginObject()
            for channel in GrowBroChannel.allCases {
                guard let enabled = update.channels[channel] else { continue }
                json.key(channel.rawValue)
                json.bool(enabled)
            }
            json.endObject()
            json.member("archiveDays", archiveDays)
        }
    }
}
