package import Foundation
package import WaveNotifications

/// What a ``LinuxNotificationManager`` saves: every pending notification and the next scheduling number.
///
/// On disk it is one header line, `WAVENOTIFICATIONS-STATE 1 fnv1a32=<8 hex digits> bytes=<n>`, then the
/// canonical body: `JSONEncoder` with sorted keys, dates as seconds since the reference date (exact
/// round trip). The checksum is FNV-1a-32 over exactly those body bytes, so any truncation, append or flipped
/// byte is caught before decoding.
package struct PersistedState: Codable, Hashable, Sendable {
    /// One pending notification as saved.
    package struct Record: Codable, Hashable, Sendable {
        package var eventID: String
        package var trigger: NotificationTrigger
        package var content: NotificationContent
        package var fireDate: Date
        package var sequence: UInt64
    }

    /// The scheduling number the next notification gets, so ties keep their order across restarts.
    package var nextSequence: UInt64
    /// The pending notifications, soonest first.
    package var notifications: [Record]

    private static let magic = "WAVENOTIFICATIONS-STATE"
    private static let version = "1"

    /// Creates a state from pending notifications.
    ///
    /// - Parameters:
    ///   - nextSequence: The next scheduling number.
    ///   - pending: The pending notifications.
    package init(nextSequence: UInt64, pending: [PendingNotification]) {
        self.nextSequence = nextSequence
        notifications = pending.map {
            Record(
                eventID: $0.identifier.eventID, trigger: $0.identifier.trigger, content: $0.content,
                fireDate: $0.fireDate, sequence: $0.sequence)
        }
    }

    /// The saved notifications as pending ones (unarmed; the queue decides), validating each identifier.
    ///
    /// - Throws: ``StateFileDamage/invalidContent(_:)`` for an invalid event id or a duplicate identifier.
    package func pendingNotifications() throws(StateFileDamage) -> [PendingNotification] {
        var seen = Set<NotificationIdentifier>()
        var result: [PendingNotification] = []
        result.reserveCapacity(notifications.count)
        for record in notifications {
            let identifier: NotificationIdentifier
            do {
                identifier = try NotificationIdentifier(eventID: record.eventID, trigger: record.trigger)
            } catch {
                throw .invalidContent("saved event id rejected: \(error)")
            }
            guard seen.insert(identifier).inserted else {
                throw .invalidContent("\(identifier) saved twice")
            }
            guard record.sequence < nextSequence else {
                throw .invalidContent("\(identifier) has sequence \(record.sequence) >= next \(nextSequence)")
            }
            result.append(
                PendingNotification(
                    identifier: identifier, content: record.content, fireDate: record.fireDate,
                    sequence: record.sequence))
        }
        return result
    }

    /// The file's bytes: header line and canonical body.
    ///
    /// - Returns: The bytes to write.
    /// - Throws: `EncodingError` if the state cannot be encoded (a date that is not finite).
    package func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body = try encoder.encode(self)
        let checksum = FNV1a.hash32(body)
        var file = Data("\(Self.magic) \(Self.version) fnv1a32=\(Self.hex(checksum)) bytes=\(body.count)\n".utf8)
        file.append(body)
        return file
    }

    /// Reads a file written by ``encoded()``, checking header, length and checksum before decoding.
    ///
    /// - Parameter file: The file's bytes.
    /// - Returns: The state.
    /// - Throws: ``StateFileDamage`` saying what is wrong.
    package static func decode(_ file: Data) throws(StateFileDamage) -> PersistedState {
        guard let newline = file.firstIndex(of: UInt8(ascii: "\n")),
            let header = String(data: file[file.startIndex..<newline], encoding: .utf8)
        else { throw .missingHeader }
        let fields = header.split(separator: " ", omittingEmptySubsequences: false)
        guard fields.count == 4, fields[0] == magic else { throw .missingHeader }
        guard fields[1] == version else { throw .unsupportedVersion(String(fields[1])) }
        guard fields[2].hasPrefix("fnv1a32="), let expectedChecksum = UInt32(fields[2].dropFirst(8), radix: 16),
            fields[3].hasPrefix("bytes="), let expectedLength = Int(fields[3].dropFirst(6))
        else { throw .missingHeader }

        let body = file[file.index(after: newline)...]
        guard body.count == expectedLength else {
            throw .lengthMismatch(expected: expectedLength, actual: body.count)
        }
        let checksum = FNV1a.hash32(body)
        guard checksum == expectedChecksum else {
            throw .checksumMismatch(expected: expectedChecksum, actual: checksum)
        }
        do {
            return try JSONDecoder().decode(PersistedState.self, from: Data(body))
        } catch {
            throw .invalidContent("\(error)")
        }
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}
