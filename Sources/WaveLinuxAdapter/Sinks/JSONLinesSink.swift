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
        let identifier = delivery.identifier
        // One byte buffer sized for a typical line and decoded once; appending to a String piece by piece
        // costs more per append than the text itself.
        var line: [UInt8] = []
        line.reserveCapacity(512)
        line.append(contentsOf: #"{"type":"delivered","at":"#.utf8)
        JSONText.appendQuoted(UTCDateParts(delivery.deliveredAt).iso8601, to: &line)
        line.append(contentsOf: #","eventId":"#.utf8)
        JSONText.appendQuoted(identifier.eventID, to: &line)
        line.append(contentsOf: #","trigger":"#.utf8)
        JSONText.appendQuoted(identifier.trigger.id, to: &line)
        line.append(contentsOf: #","identifier":"#.utf8)
        JSONText.appendQuoted(identifier.requestIdentifier, to: &line)
        line.append(contentsOf: #","titleKey":"#.utf8)
        JSONText.appendQuoted(content.titleKey, to: &line)
        line.append(contentsOf: #","bodyKey":"#.utf8)
        JSONText.appendQuoted(content.bodyKey, to: &line)
        line.append(contentsOf: #","bodyArgs":["#.utf8)
        for (index, argument) in content.bodyArgs.enumerated() {
            if index > 0 {
                line.append(UInt8(ascii: ","))
            }
            JSONText.appendQuoted(argument, to: &line)
        }
        line.append(contentsOf: #"],"title":"#.utf8)
        JSONText.appendQuoted(delivery.text.title, to: &line)
        line.append(contentsOf: #","body":"#.utf8)
        JSONText.appendQuoted(delivery.text.body, to: &line)
        line.append(contentsOf: #","deepLink":"#.utf8)
        JSONText.appendQuoted(content.deepLink, to: &line)
        line.append(contentsOf: #","locale":"#.utf8)
        JSONText.appendQuoted(delivery.text.locale, to: &line)
        if delivery.isLate {
            line.append(contentsOf: #","late":true,"latenessSeconds":"#.utf8)
            line.append(contentsOf: JSONText.seconds(delivery.lateness).utf8)
        }
        line.append(UInt8(ascii: "}"))
        return String(decoding: line, as: UTF8.self)
    }
}
