public import Foundation
internal import WaveJSON
internal import WaveNotifications
internal import WaveStrings

/// Writes one JSON object per delivered notification, one per line, with a fixed key order.
///
/// Each line is `{"type":"delivered","at":…,"eventId":…,"trigger":…,"identifier":…,"titleKey":…,"bodyKey":…,
/// "bodyArgs":[…],"title":…,"body":…,"deepLink":…,"locale":…}`, plus `"late":true,"latenessSeconds":N` at
/// the end for a notification shown late after a restart. `at` is the delivery instant in UTC, with
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
        let content = delivery.content
        let identifier = delivery.identifier
        // One byte buffer sized for a typical line and decoded once; appending to a String piece by piece
        // costs more per append than the text itself.
        var json = JSONWriter(capacity: 512)
        json.beginObject()
        json.member("type", "delivered")
        json.key("at")
        json.beginString()
        json.appendToStringUnescaped { UTCDateParts(delivery.deliveredAt).appendISO8601(to: &$0) }
        json.endString()
        json.member("eventId", identifier.eventID)
        let triggerID = identifier.trigger.id
        json.member("trigger", triggerID)
        // The request identifier is `event_<id>_<trigger id>`; writing it from its parts, which are already at
        // hand, saves building that string for every line. The assertion keeps it in step with the core.
        json.key("identifier")
        let identifierStart = json.bytes.count
        json.beginString()
        json.appendToString("event_")
        json.appendToString(identifier.eventID)
        json.appendToString("_")
        json.appendToString(triggerID)
        json.endString()
        assert(json.bytes[identifierStart...].elementsEqual(JSONWriter.quoted(identifier.requestIdentifier).utf8))
        json.member("titleKey", content.titleKey)
        json.member("bodyKey", content.bodyKey)
        json.key("bodyArgs")
        json.strings(content.bodyArgs)
        json.member("title", delivery.text.title)
        json.member("body", delivery.text.body)
        json.member("deepLink", content.deepLink)
        json.member("locale", delivery.text.locale)
        if delivery.isLate {
            json.member("late", true)
            json.key("latenessSeconds")
            json.number(seconds: delivery.lateness)
        }
        json.endObject()
        return json.text
    }
}
