internal import Foundation
internal import WaveCommandLine
internal import WaveJSON
internal import WaveNotifications

/// Reads a WorldWideWaves scenario's plain events straight from the file's bytes, without the parsed tree of them (a
/// scenario of 100k events is 14 MB, nearly all of it events).
///
/// An event reads here when its members are among the format's (`id`, `name`, `location`, `timeZone`, `start`,
/// `end`, `favorite`, `waveHitAt`), each at most once, `id` to `end` present, all of it plain JSON (strings of
/// printable ASCII without escapes, `true` or `false`), and when the checked decoders would accept it as it is: an id
/// ``EventID`` accepts, a name and a location of printable ASCII with some text, a zone the system knows, instants
/// ``InstantParser`` reads, an end after the start and a wave hit within the event. The events must have distinct ids,
/// and there must be at least one. Every other member of the document (`now`, `actions`, `device`, …) is parsed by
/// ``JSONParser`` and decoded as before. Anything else, a syntax error included, makes ``read(_:)`` answer `nil`, and
/// the file is then read the usual way, which words every message and every warning: this reader never words one.
enum WorldWideWavesScenarioReader {
    /// A document read with its `events` elements apart.
    struct Document {
        /// The document, its `events` an empty array (the events are in ``events``).
        var root: JSONValue
        /// The events, in file order.
        var events: [ScenarioEvent]
    }

    /// Reads a WorldWideWaves scenario.
    ///
    /// - Parameter data: The file's bytes.
    /// - Returns: The document, or `nil` for anything but a WorldWideWaves scenario whose keys are the format's,
    ///   plain and distinct, and whose events are all plain and valid.
    static func read(_ data: Data) -> Document? {
        data.withUnsafeBytes { raw in read(raw.assumingMemoryBound(to: UInt8.self)) }
    }

    private static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> Document? {
        var reader = JSONByteReader(bytes)
        var members: [(key: String, value: JSONValue)] = []
        var events: [ScenarioEvent]?
        // Another app's scenario is given up at its `app`, which this format lacks: it is read once, by the parser.
        let read = reader.object { key, reader in
            let name = String(decoding: key, as: UTF8.self)
            guard ScenarioDecoder.rootKeys.contains(name), !members.contains(where: { $0.key == name }) else {
                return false
            }
            if name == "events" {
                guard let read = readEvents(&reader) else { return false }
                events = read
                members.append((name, .array([])))
            } else {
                guard let value = reader.value(depth: 1) else { return false }
                members.append((name, value))
            }
            return true
        }
        guard read, reader.isAtEnd, let events else { return nil }
        return Document(root: .object(members), events: events)
    }

    /// The `events` array, every event plain and valid, ids distinct, at least one.
    private static func readEvents(_ reader: inout JSONByteReader) -> [ScenarioEvent]? {
        var zones = ZoneCache()
        guard let events = reader.array({ readEvent(&$0, zones: &zones) }), !events.isEmpty else { return nil }
        var ids = Set<String>(minimumCapacity: events.count)
        for event in events {
            guard ids.insert(event.id).inserted else { return nil }
        }
        return events
    }

    /// A plain event, decoded as the checked decoder does; `nil` for anything else.
    private static func readEvent(_ reader: inout JSONByteReader, zones: inout ZoneCache) -> ScenarioEvent? {
        var id: String?
        var name: String?
        var location: String?
        var timeZone: TimeZone?
        var start: Date?
        var end: Date?
        var favorite: Bool?
        var waveHitAt: Date?
        let read = reader.object { key, reader in
            if key.elementsEqual("id".utf8) {
                guard id == nil, let text = readString(&reader), EventID.isValid(text) else { return false }
                id = text
            } else if key.elementsEqual("name".utf8) {
                guard name == nil, let text = readText(&reader) else { return false }
                name = text
            } else if key.elementsEqual("location".utf8) {
                guard location == nil, let text = readText(&reader) else { return false }
                location = text
            } else if key.elementsEqual("start".utf8) {
                guard start == nil, let instant = readInstant(&reader) else { return false }
                start = instant
            } else if key.elementsEqual("end".utf8) {
                guard end == nil, let instant = readInstant(&reader) else { return false }
                end = instant
            } else if key.elementsEqual("favorite".utf8) {
                guard favorite == nil, case .bool(let flag) = reader.value(depth: 3) else { return false }
                favorite = flag
            } else if key.elementsEqual("waveHitAt".utf8) {
                guard waveHitAt == nil, let instant = readInstant(&reader) else { return false }
                waveHitAt = instant
            } else if key.elementsEqual("timeZone".utf8) {
                guard timeZone == nil, let text = reader.plainString(), let zone = zones.zone(named: text) else {
                    return false
                }
                timeZone = zone
            } else {
                return false
            }
            return true
        }
        guard read, let id, let name, let location, let start, let end, end > start else { return nil }
        if let waveHitAt, waveHitAt < start || waveHitAt > end { return nil }
        let record = WaveEventRecord(
            id: id, name: name, location: location, startDate: start, endDate: end, timeZone: timeZone ?? zones.utc)
        return ScenarioEvent(record: record, isFavorite: favorite ?? false, waveHitAt: waveHitAt)
    }

    private static func readString(_ reader: inout JSONByteReader) -> String? {
        reader.plainString().map { String(decoding: $0, as: UTF8.self) }
    }

    /// A name or a location as the `nonEmptyText` decoder accepts it without looking further.
    private static func readText(_ reader: inout JSONByteReader) -> String? {
        guard let text = readString(&reader), ValueDecoderText.isPrintableASCIIWithText(text) else { return nil }
        return text
    }

    /// An instant as the `instant` decoder reads it (moved by ``InstantShift``).
    private static func readInstant(_ reader: inout JSONByteReader) -> Date? {
        guard let text = reader.plainString(), let instant = try? InstantParser.parse(text) else { return nil }
        return instant.addingTimeInterval(InstantShift.seconds)
    }

    /// The zones named so far: a file names a few, for thousands of events.
    private struct ZoneCache {
        /// An event's zone when it names none, as the checked decoder's default.
        let utc = TimeZone(identifier: "UTC")!
        private var zones: [String: TimeZone] = [:]

        /// The zone with this IANA name, `nil` when the system knows none.
        mutating func zone(named name: UnsafeBufferPointer<UInt8>) -> TimeZone? {
            let text = String(decoding: name, as: UTF8.self)
            if let known = zones[text] { return known }
            guard let zone = TimeZone(identifier: text) else { return nil }
            zones[text] = zone
            return zone
        }
    }
}
