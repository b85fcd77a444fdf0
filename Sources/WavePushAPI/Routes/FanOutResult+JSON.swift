package import GrowBroServer
package import WaveJSON
internal import WavePushPayloads

extension FanOutResult {
    /// Writes the result's members (`messageId`, `user`, `channel`, `badge`, `sends`, `skipped`) into an open
    /// object: the API's answer to an event and the replay's `fanout` line alike.
    ///
    /// - Parameter json: The writer, inside an object.
    package func writeMembers(to json: inout JSONWriter) {
        json.member("messageId", messageID)
        json.member("user", userID)
        json.member("channel", channelID)
        json.member("badge", badge)
        json.key("sends")
        json.beginArray()
        for send in sends {
            json.beginObject()
            json.member("sendId", Int(send.sendID))
            json.member("installation", send.installationID)
            json.member("platform", send.platform.rawValue)
            json.endObject()
        }
        json.endArray()
        json.key("skipped")
        json.beginArray()
        for skip in skipped {
            json.beginObject()
            json.member("installation", skip.installationID)
            json.member("reason", skip.reason)
            json.endObject()
        }
        json.endArray()
    }
}
