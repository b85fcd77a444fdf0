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
        line.append(literal: #"{"type":"delivered","at":"#)
        JSONText.appendQuotedISO8601(UTCDateParts(delivery.deliveredAt), to: &line)
        line.append(literal: #","eventId":"#)
        JSONText.appendQuoted(identifier.eventID, to: &line)
        let triggerID = identifier.trigger.id
        line.append(literal: #","trigger":"#)
        JSONText.appendQuoted(triggerID, to: &line)
        // The request identifier is `event_<id>_<trigger id>`; writing it from its parts, which are already at
        // hand, saves building that string for every line. The assertion keeps it in step with the core.
        let identifierStart = line.count
        line.append(literal: #","identifier":"event_"#)
        JSONText.appendEscaped(identifier.eventID, to: &line)
        line.append(UInt8(ascii: "_"))
        JSONText.appendEscaped(triggerID, to: &line)
        line.append(UInt8(ascii: "\""))
        assert(
            line[identifierStart...].elementsEqual(
                (#","identifier":"# + JSONText.quoted(identifier.requestIdentifier)).utf8))
        line.append(literal: #","titleKey":"#)
        JSONText.appendQuoted(content.titleKey, to: &line)
        line.append(literal: #","bodyKey":"#)
        JSONText.appendQuoted(content.bodyKey, to: &line)
        line.append(literal: #","bodyArgs":["#)
        for (index, argument) in content.bodyArgs.enumerated() {
            if index > 0 {
                line.append(UInt8(ascii: ","))
            }
            JSONText.appendQuoted(argument, to: &line)
        }
        line.append(literal: #"],"title":"#)
        JSONText.appendQuoted(delivery.text.title, to: &line)
        line.append(literal: #","body":"#)
        JSONText.appendQuoted(delivery.text.body, to: &line)
        line.append(literal: #","deepLink":"#)
        JSONText.appendQuoted(content.deepLink, to: &line)
        line.append(literal: #","locale":"#)
        JSONText.appendQuoted(delivery.text.locale, to: &line)
        if delivery.isLate {
            line.append(literal: #","late":true,"latenessSeconds":"#)
            line.append(contentsOf: JSONText.seconds(delivery.lateness).utf8)
        }
        line.append(UInt8(ascii: "}"))
        return String(decoding: line, as: UTF8.self)
    }
}

extension [UInt8] {
    /// Appends a literal's UTF-8 bytes with one copy, straight from the binary's constant data.
    fileprivate mutating func append(literal: StaticString) {
        literal.withUTF8Buffer { append(contentsOf: $0) }
    }
}
