public import Foundation
internal import WaveNotifications

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
        let request = delivery.request
        // One byte buffer sized for a typical line and decoded once; appending to a String piece by piece
        // costs more per append than the text itself.
        var line: [UInt8] = []
        line.reserveCapacity(512)
        line.append(literal: #"{"type":"delivered","at":"#)
        JSONText.appendQuotedISO8601(UTCDateParts(delivery.deliveredAt), to: &line)
        line.append(literal: #","eventId":"#)
        appendQuotedOrNull(request.metadata[NotificationManagerBridge.eventIDMetadataKey], to: &line)
        line.append(literal: #","trigger":"#)
        appendQuotedOrNull(request.metadata[NotificationManagerBridge.triggerMetadataKey], to: &line)
        line.append(literal: #","identifier":"#)
        JSONText.appendQuoted(request.identifier, to: &line)
        line.append(literal: #","titleKey":"#)
        JSONText.appendQuoted(request.title.key, to: &line)
        line.append(literal: #","bodyKey":"#)
        JSONText.appendQuoted(request.body.key, to: &line)
        line.append(literal: #","bodyArgs":["#)
        for (index, argument) in request.body.arguments.enumerated() {
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
        JSONText.appendQuoted(request.deepLink, to: &line)
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

/// Appends `value` as a JSON string, or `null` when there is none (a request not from WorldWideWaves).
private func appendQuotedOrNull(_ value: String?, to line: inout [UInt8]) {
    if let value {
        JSONText.appendQuoted(value, to: &line)
    } else {
        line.append(contentsOf: "null".utf8)
    }
}

extension [UInt8] {
    /// Appends a literal's UTF-8 bytes with one copy, straight from the binary's constant data.
    fileprivate mutating func append(literal: StaticString) {
        literal.withUTF8Buffer { append(contentsOf: $0) }
    }
}
