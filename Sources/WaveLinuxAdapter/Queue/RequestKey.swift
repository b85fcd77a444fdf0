internal import Foundation
internal import WaveNotifications

/// A request identifier or thread id as the queue's indexes key it: either the string itself, or the parts a
/// WorldWideWaves call spells it from (`event_<id>` and `event_<id>_<trigger id>`), so a call that schedules or
/// cancels by event and trigger never builds the string.
///
/// Both spellings of the same text are the same key: they hash the same bytes and compare equal, so a request added
/// by identifier string replaces one scheduled by event and trigger, and the other way round. The hash is computed
/// once, with this process's seed, and a probe past another key compares two integers first.
///
/// Equality follows `String`'s (canonical equivalence): an ASCII text hashes its bytes (as a spelled one does, since
/// event ids and trigger ids are ASCII), and so does a text whose canonical composition is ASCII; any other text
/// hashes as `String` does, behind a marker no ASCII text produces.
struct RequestKey: Hashable, Sendable {
    private enum Spelling: Sendable {
        case text(String)
        /// `event_<id>`.
        case eventThread(eventID: String)
        /// `event_<id>_<trigger id>`.
        case eventRequest(eventID: String, trigger: NotificationTrigger)
    }

    private let spelling: Spelling
    /// The hash of the text, with this process's seed: what indexes place the key by.
    let hashCode: Int

    /// The key of an identifier or thread id given as a string.
    ///
    /// - Parameter text: The identifier or thread id.
    init(_ text: String) {
        spelling = .text(text)
        var hasher = Hasher()
        if !Self.combineIfASCII(text, into: &hasher) {
            // Some non-ASCII texts equal ASCII ones (U+212A KELVIN SIGN is "K"): their canonical composition is
            // that ASCII text, and they hash its bytes. The others hash as String does, behind a marker.
            let composed = text.precomposedStringWithCanonicalMapping
            if !Self.combineIfASCII(composed, into: &hasher) {
                hasher.combine(UInt8(0xFF))
                hasher.combine(text)
            }
        }
        hashCode = hasher.finalize()
    }

    /// The key of a WorldWideWaves thread, `event_<id>`, without building it.
    ///
    /// - Parameter eventID: A valid event id (ASCII, see ``EventID``).
    init(threadOfEvent eventID: String) {
        spelling = .eventThread(eventID: eventID)
        var hasher = Hasher()
        Self.combineEventPrefix(eventID, into: &hasher)
        hashCode = hasher.finalize()
    }

    /// The key of a WorldWideWaves request, `event_<id>_<trigger id>`, without building it.
    ///
    /// - Parameters:
    ///   - eventID: A valid event id (ASCII, see ``EventID``).
    ///   - trigger: The trigger.
    init(eventID: String, trigger: NotificationTrigger) {
        spelling = .eventRequest(eventID: eventID, trigger: trigger)
        var hasher = Hasher()
        Self.combineEventPrefix(eventID, into: &hasher)
        withUnsafeBytes(of: UInt8(ascii: "_")) { hasher.combine(bytes: $0) }
        Self.withTriggerID(trigger) { hasher.combine(bytes: $0) }
        hashCode = hasher.finalize()
    }

    /// The text the key stands for.
    var text: String {
        switch spelling {
        case .text(let text): text
        case .eventThread(let eventID): NotificationIdentifier.workTag(eventID: eventID)
        case .eventRequest(let eventID, let trigger):
            NotificationIdentifier(validatedEventID: eventID, trigger: trigger).requestIdentifier
        }
    }

    static func == (lhs: RequestKey, rhs: RequestKey) -> Bool {
        guard lhs.hashCode == rhs.hashCode else { return false }
        switch (lhs.spelling, rhs.spelling) {
        case (.text(let left), .text(let right)):
            return left == right
        case (.eventThread(let left), .eventThread(let right)):
            return left == right
        case (.eventRequest(let leftEvent, let leftTrigger), .eventRequest(let rightEvent, let rightTrigger)):
            return leftEvent == rightEvent && (leftTrigger == rightTrigger || leftTrigger.id == rightTrigger.id)
        default:
            // Two spellings with equal hashes: rare (a request scheduled one way and replaced the other).
            return lhs.text == rhs.text
        }
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(hashCode)
    }

    /// Whether the key stands for this identifier or thread id (its hash having matched already).
    ///
    /// - Parameter other: The text.
    /// - Returns: Whether the texts are equal, as strings.
    func isSpelled(asText other: String) -> Bool {
        switch spelling {
        case .text(let text): text == other
        default: text == other
        }
    }

    /// Whether the key stands for a WorldWideWaves request's identifier (its hash having matched already).
    ///
    /// - Parameters:
    ///   - eventID: The event id.
    ///   - trigger: The trigger.
    /// - Returns: Whether the key spells `event_<id>_<trigger id>`.
    func isSpelled(eventID: String, trigger: NotificationTrigger) -> Bool {
        switch spelling {
        case .eventRequest(let ownEvent, let ownTrigger):
            ownEvent == eventID && (ownTrigger == trigger || ownTrigger.id == trigger.id)
        default:
            text == NotificationIdentifier(validatedEventID: eventID, trigger: trigger).requestIdentifier
        }
    }

    /// Feeds an ASCII text's bytes to `hasher`; returns `false`, feeding nothing, for any other text.
    private static func combineIfASCII(_ text: String, into hasher: inout Hasher) -> Bool {
        var copy = text
        return copy.withUTF8 { bytes in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return false }
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
            return true
        }
    }

    private static func combineEventPrefix(_ eventID: String, into hasher: inout Hasher) {
        let prefix: StaticString = "event_"
        prefix.withUTF8Buffer { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        var copy = eventID
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// Calls `body` with the UTF-8 bytes of ``NotificationTrigger/id`` without building the string.
    private static func withTriggerID<R>(_ trigger: NotificationTrigger, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        switch trigger {
        case .eventStarting(let before):
            // "start_" + whole minutes (truncated toward zero, possibly negative) + "m": at most 6 + 20 + 1 bytes.
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
                var count = 0
                for byte in "start_".utf8 {
                    buffer[count] = byte
                    count += 1
                }
                let minutes = before.wholeMinutes
                if minutes < 0 {
                    buffer[count] = UInt8(ascii: "-")
                    count += 1
                }
                var magnitude = minutes.magnitude
                let digitsStart = count
                repeat {
                    buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                    magnitude /= 10
                    count += 1
                } while magnitude > 0
                var low = digitsStart
                var high = count - 1
                while low < high {
                    buffer.swapAt(low, high)
                    low += 1
                    high -= 1
                }
                buffer[count] = UInt8(ascii: "m")
                count += 1
                return body(UnsafeRawBufferPointer(start: buffer.baseAddress, count: count))
            }
        case .eventFinished, .waveHit:
            var id = trigger.id
            return id.withUTF8 { body(UnsafeRawBufferPointer($0)) }
        }
    }
}
