package import Foundation
package import WaveNotifications

/// What a ``LinuxNotificationManager`` saved in `state.json` before the SQLite store: every pending request, the
/// shown notifications that still have to expire, and the next order number. Read now only to import it.
///
/// On disk it is one header line, `WAVENOTIFICATIONS-STATE 1 fnv1a32=<8 hex digits> bytes=<n>`, then the
/// canonical body: `JSONEncoder` with sorted keys, dates as seconds since the reference date (exact round trip).
/// The checksum is FNV-1a-32 over exactly those body bytes, so any truncation, append or flipped byte is caught
/// before decoding. The body is `{"nextSequence":…,"requests":[…],"shown":[…]}`. Files written before requests
/// existed have `"notifications"` (WorldWideWaves records) instead of `"requests"`, under the same header; they
/// still load, each record becoming the request ``NotificationManagerBridge`` builds for it, and such a state
/// re-encodes to the very bytes it was read from. An older build reading a new file finds no `notifications`,
/// reports the file as damaged and moves it aside, never misreading it.
package struct PersistedState: Hashable, Sendable {
    /// One pending request as saved.
    package struct Entry: Codable, Hashable, Sendable {
        package var request: NotificationRequest
        package var fireDate: Date
        package var sequence: UInt64
    }

    /// One shown notification as saved.
    package struct Shown: Codable, Hashable, Sendable {
        package var request: NotificationRequest
        package var shownAt: Date
        package var expiresAt: Date?
    }

    /// One pending WorldWideWaves notification as saved before requests existed.
    package struct Record: Codable, Hashable, Sendable {
        package var eventID: String
        package var trigger: NotificationTrigger
        package var content: NotificationContent
        package var fireDate: Date
        package var sequence: UInt64
    }

    private struct Body: Codable {
        var nextSequence: UInt64
        var requests: [Entry]
        var shown: [Shown]
    }

    private struct LegacyBody: Codable, Hashable {
        var nextSequence: UInt64
        var notifications: [Record]
    }

    /// The order number the next request gets, so ties keep their order across restarts.
    package var nextSequence: UInt64
    /// The pending requests, soonest first.
    package var requests: [Entry]
    /// Shown notifications the manager still has to withdraw when they expire.
    package var shown: [Shown]
    /// The pre-request body this state was read from, re-encoded as it was.
    private var legacy: LegacyBody?

    private static let magic = "WAVENOTIFICATIONS-STATE"
    private static let version = "1"

    /// Creates a state from pending requests and shown notifications.
    ///
    /// - Parameters:
    ///   - nextSequence: The next order number.
    ///   - pending: The pending requests.
    ///   - shown: Shown notifications that expire.
    package init(nextSequence: UInt64, pending: [PendingNotification], shown: [ShownNotification] = []) {
        self.nextSequence = nextSequence
        requests = pending.map { Entry(request: $0.request, fireDate: $0.fireDate, sequence: $0.sequence) }
        self.shown = shown.map { Shown(request: $0.request, shownAt: $0.shownAt, expiresAt: $0.expiresAt) }
    }

    /// The saved requests as pending ones (unarmed; the queue decides), validating each.
    ///
    /// - Throws: ``StateFileDamage/invalidContent(_:)`` for a duplicate
    ///   identifier or an order number not below ``nextSequence``.
    package func pendingNotifications() throws(StateFileDamage) -> [PendingNotification] {
        var seen = Set<String>()
        var result: [PendingNotification] = []
        result.reserveCapacity(requests.count)
        for entry in requests {
            guard seen.insert(entry.request.identifier).inserted else {
                throw .invalidContent("\(entry.request.identifier) saved twice")
            }
            guard entry.sequence < nextSequence else {
                throw .invalidContent(
                    "\(entry.request.identifier) has sequence \(entry.sequence) >= next \(nextSequence)")
            }
            result.append(
                PendingNotification(request: entry.request, fireDate: entry.fireDate, sequence: entry.sequence))
        }
        return result
    }

    /// The saved shown notifications.
    package var shownNotifications: [ShownNotification] {
        shown.map { ShownNotification(request: $0.request, shownAt: $0.shownAt, expiresAt: $0.expiresAt) }
    }

    /// The file's bytes: header line and canonical body.
    ///
    /// - Returns: The bytes to write.
    /// - Throws: `EncodingError` if the state cannot be encoded (a date that is not finite).
    package func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body =
            if let legacy {
                try encoder.encode(legacy)
            } else {
                try encoder.encode(Body(nextSequence: nextSequence, requests: requests, shown: shown))
            }
        let checksum = FNV1a.hash32(body)
        var file = Data("\(Self.magic) \(Self.version) fnv1a32=\(Self.hex(checksum)) bytes=\(body.count)\n".utf8)
        file.append(body)
        return file
    }

    /// Reads a file written by ``encoded()`` (or before requests existed), checking header, length and checksum before decoding.
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
        let bytes = Data(body)
        let decoded: Body
        do {
            decoded = try JSONDecoder().decode(Body.self, from: bytes)
        } catch {
            guard let legacy = try? JSONDecoder().decode(LegacyBody.self, from: bytes) else {
                throw .invalidContent("\(error)")
            }
            return try PersistedState(legacy: legacy)
        }
        var state = PersistedState(nextSequence: decoded.nextSequence, pending: [])
        state.requests = decoded.requests
        state.shown = decoded.shown
        return state
    }

    /// A state written before requests, each record turned into the request the WorldWideWaves bridge builds for it.
    private init(legacy: LegacyBody) throws(StateFileDamage) {
        var requests: [Entry] = []
        for record in legacy.notifications {
            let identifier: NotificationIdentifier
            do {
                identifier = try NotificationIdentifier(eventID: record.eventID, trigger: record.trigger)
            } catch {
                throw .invalidContent("saved event id rejected: \(error)")
            }
            requests.append(
                Entry(
                    request: NotificationManagerBridge.request(
                        for: identifier, fireAt: record.fireDate, content: record.content),
                    fireDate: record.fireDate, sequence: record.sequence))
        }
        self.init(nextSequence: legacy.nextSequence, pending: [])
        self.requests = requests
        self.legacy = legacy
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}
