public import Foundation
internal import WaveJSON
internal import WaveNotifications
internal import WaveStrings

/// Writes one readable line per delivered notification, for a terminal or a log.
///
/// For example: `2026-06-21T16:00:00Z [normal] event_paris-solstice_start_60m | Event starting | Paris in
/// one hour | worldwidewaves://event?id=paris-solstice`, with ` (late by 12s)` appended for a notification
/// shown late after a restart. Line breaks inside the text become spaces, so one notification is one line.
public struct ConsoleSink: NotificationSink {
    private let output: LineWriter

    /// Creates a sink that hands each line, without its newline, to `writer`.
    ///
    /// - Parameter writer: Receives one line per delivery.
    public init(writer: @escaping @Sendable (String) -> Void) {
        output = LineWriter(writer: writer)
    }

    /// Creates a sink that writes each line, newline-terminated, to a file handle.
    ///
    /// - Parameter fileHandle: Where to write; standard output by default.
    public init(fileHandle: FileHandle = .standardOutput) {
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

    /// The readable line for one delivery, without a trailing newline.
    ///
    /// - Parameter delivery: The notification.
    /// - Returns: One line.
    public static func line(for delivery: NotificationDelivery) -> String {
        var line = UTCDateParts(delivery.deliveredAt).iso8601
        line += " [\(delivery.urgency)] \(delivery.identifier)"
        line += " | \(singleLine(delivery.text.title)) | \(singleLine(delivery.text.body))"
        line += " | \(singleLine(delivery.content.deepLink))"
        if delivery.isLate {
            line += " (late by \(JSONWriter.seconds(delivery.lateness))s)"
        }
        if delivery.isImmediate {
            line += " (immediate)"
        }
        return line
    }

    private static func singleLine(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator: result.append(" ")
            default: result.append(scalar)
            }
        }
        return String(result)
    }
}
