public import Foundation
package import WaveJSON
internal import WaveNotifications
internal import WaveStrings

/// Writes one JSON object per delivered notification, one per line, with a fixed key order.
///
/// Each line is `{"type":"delivered","at":…,"eventId":…,"trigger":…,"identifier":…,"titleKey":…,"bodyKey":…,
/// "bodyArgs":[…],"title":…,"body":…,"deepLink":…,"locale":…}`, plus `"late":true,"latenessSeconds":N` at
/// the end for a notification shown late after a restart. `eventId` and `trigger` come from the request's
/// metadata (``NotificationManagerBridge`` sets them), `null` when it has none; the keys and arguments are the
/// request's title key and body text. `at` is the delivery instant in UTC, with
/// milliseconds only when it is not a whole second.
public struct JSONLinesSink: NotificationSink {
    private let output: LineWriter

    /// Creates a sink that hands each line, without its newline, to `writer`.
    ///
    /// - Parameter writer: Receives one complete JSON object per delivery.
    public init(writer: @escaping @Sendable (String) -> Void) {
        output = LineWriter(writer: writer)
    }

    /// Creates a sink that writes each line, newline-terminated, to a file handle.
    ///
    /// - Parameter fileHandle: Where to write, for example `FileHandle.standardOutput`.
    public init(fileHandle: FileHandle) {
        output = LineWriter(fileHandle: fileHandle)
    }

    /// Writes the delivery's line.
    ///
    /// - Parameter delivery: The notification.
    /// - Throws: The file handle's write error, when writing to a file handle fails.
    public func deliver(_ delivery: NotificationDelivery) async throws {
        let line = Self.line(for: delivery)
        try output.write(line)
    }

    /// The JSON object for one delivery, without a trailing newline.
    ///
    /// - Parameter delivery: The notification.
    /// - Returns: One line of JSON.
    public static func line(for delivery: NotificationDelivery) -> String {
        // One byte buffer sized for a typical line and decoded once; appending to a String piece by piece
        // costs more per append than the text itself.
        var json = JSONWriter(capacity: 512)
        json.beginObject()
        writeMembers(of: delivery, to: &json)
        json.endObject()
        return json.text
    }

    /// Writes the members of ``line(for:)``'s object, from `type` on, into an object the caller began: a replay
    /// writes them straight into its output buffer, and may add members after them before it ends the object.
    ///
    /// - Parameters:
    ///   - delivery: The notification.
    ///   - json: The writer, inside an object.
    package static func writeMembers(of delivery: NotificationDelivery, to json: inout JSONWriter) {
        let request = delivery.request
        json.member("type", "delivered")
        json.key("at")
        json.beginString()
        json.appendToStringUnescaped { UTCDateParts(delivery.deliveredAt).appendISO8601(to: &$0) }
        json.endString()
        json.key("eventId")
        stringOrNull(request.metadataValue(forKey: NotificationManagerBridge.eventIDMetadataKey), to: &json)
        json.key("trigger")
        stringOrNull(request.metadataValue(forKey: NotificationManagerBridge.triggerMetadataKey), to: &json)
        json.member("identifier", request.identifier)
        json.member("titleKey", request.title.key)
        json.member("bodyKey", request.body.key)
        json.key("bodyArgs")
        json.strings(request.body.arguments)
        json.member("title", delivery.text.title)
        json.member("body", delivery.text.body)
        json.member("deepLink", request.deepLink)
        json.member("locale", delivery.text.locale)
        if delivery.isLate {
            json.member("late", true)
            json.key("latenessSeconds")
            json.number(seconds: delivery.lateness)
        }
    }
}

/// Writes `value` as a JSON string, or `null` when there is none (a request not from WorldWideWaves).
private func stringOrNull(_ value: String?, to json: inout JSONWriter) {
    if let value {
        json.string(value)
    } else {
        json.null()
    }
}
