public import Foundation
internal import WaveNotifications

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
        var fields: [(String, String)] = [
            ("type", JSONText.quoted("delivered")),
            ("at", JSONText.quoted(UTCDateParts(delivery.deliveredAt).iso8601)),
            ("eventId", JSONText.quoted(delivery.identifier.eventID)),
            ("trigger", JSONText.quoted(delivery.identifier.trigger.id)),
            ("identifier", JSONText.quoted(delivery.identifier.requestIdentifier)),
            ("titleKey", JSONText.quoted(content.titleKey)),
            ("bodyKey", JSONText.quoted(content.bodyKey)),
            ("bodyArgs", "[" + content.bodyArgs.map(JSONText.quoted).joined(separator: ",") + "]"),
            ("title", JSONText.quoted(delivery.text.title)),
            ("body", JSONText.quoted(delivery.text.body)),
            ("deepLink", JSONText.quoted(content.deepLink)),
            ("locale", JSONText.quoted(delivery.text.locale)),
        ]
        if delivery.isLate {
            fields.append(("late", "true"))
            fields.append(("latenessSeconds", JSONText.seconds(delivery.lateness)))
        }
        return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }
}
