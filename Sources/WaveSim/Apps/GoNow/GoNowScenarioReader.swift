internal import Foundation
internal import GoNowNotifications
internal import WaveCommandLine
internal import WaveJSON

/// Reads a GoNow scenario's plain forecasts straight from the file's bytes, without the parsed tree of their hours
/// (a year of forecasts is 4.4 MB, nearly all of it hours).
///
/// A `forecast` action reads here when it has exactly `at`, `type` (`forecast`), `fetchedAt` and `hours`, instants
/// the checked decoders accept, and hours as ``GoNowSection``'s plain hours (an instant on the hour, scores of
/// distinct modes from 0 to 100, modes, reasons of printable ASCII text), all of it plain JSON (strings of printable
/// ASCII without escapes, whole numbers); every other action and every other member of the document is parsed by
/// ``JSONParser`` and decoded as before. Anything else, a syntax error included, makes ``read(_:)`` answer `nil`, and
/// the file is then read the usual way, which words every message: this reader never words one.
enum GoNowScenarioReader {
    /// A document read with its `actions` elements apart.
    struct Document {
        /// The document, its `actions` an empty array (the elements are in ``actions``).
        var root: JSONValue
        /// The elements of `actions`, in file order.
        var actions: [AppScenarioDecoder.ActionElement]
    }

    /// Reads a GoNow scenario with actions.
    ///
    /// - Parameter data: The file's bytes.
    /// - Returns: The document, or `nil` for anything but a valid GoNow scenario with an `actions` array whose keys
    ///   are plain and distinct.
    static func read(_ data: Data) -> Document? {
        data.withUnsafeBytes { raw in read(raw.assumingMemoryBound(to: UInt8.self)) }
    }

    private static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> Document? {
        var reader = JSONByteReader(bytes)
        var members: [(key: String, value: JSONValue)] = []
        var actions: [AppScenarioDecoder.ActionElement]?
        // Another app's scenario, or WorldWideWaves' (`events`), is given up at its first key that GoNow's lacks, or
        // at its `app`: it is read once, by the parser.
        let read = reader.object { key, reader in
            let name = String(decoding: key, as: UTF8.self)
            guard envelopeKeys.contains(name), !members.contains(where: { $0.key == name }) else { return false }
            if name == "actions" {
                guard let elements = readActions(&reader) else { return false }
                actions = elements
                members.append((name, .array([])))
            } else {
                guard let value = reader.value(depth: 1), name != "app" || value == .string(GoNowSection.name) else {
                    return false
                }
                members.append((name, value))
            }
            return true
        }
        guard read, reader.isAtEnd, let actions, members.contains(where: { $0.key == "app" }) else { return nil }
        return Document(root: .object(members), actions: actions)
    }

    /// The `actions` array: each plain forecast decoded, any other element parsed.
    private static func readActions(_ reader: inout JSONByteReader) -> [AppScenarioDecoder.ActionElement]? {
        reader.array { reader in
            let start = reader.index
            if let forecast = readForecast(&reader) { return forecast }
            reader.index = start
            return reader.value(depth: 2).map { .json($0) }
        }
    }

    /// A plain `forecast` action, decoded; `nil` for any other element.
    private static func readForecast(_ reader: inout JSONByteReader) -> AppScenarioDecoder.ActionElement? {
        var at: Date?
        var fetchedAt: Date?
        var hours: [GoNowForecastHour]?
        var isForecast = false
        let read = reader.object { key, reader in
            if key.elementsEqual("at".utf8) {
                guard at == nil, let instant = readInstant(&reader) else { return false }
                at = instant
            } else if key.elementsEqual("fetchedAt".utf8) {
                guard fetchedAt == nil, let instant = readInstant(&reader) else { return false }
                fetchedAt = instant
            } else if key.elementsEqual("type".utf8) {
                guard !isForecast, let type = reader.plainString(), type.elementsEqual("forecast".utf8) else {
                    return false
                }
                isForecast = true
            } else if key.elementsEqual("hours".utf8) {
                guard hours == nil, let read = reader.array(readHour) else { return false }
                hours = read
            } else {
                return false
            }
            return true
        }
        guard read, isForecast, let at, let fetchedAt, let hours else { return nil }
        let forecast = GoNowSection.ForecastAction(forecast: GoNowForecast(fetchedAt: fetchedAt, hours: hours))
        return .decoded(at: at, kind: .app(forecast))
    }

    /// An instant as the `instant` decoder reads it (moved by ``InstantShift``).
    private static func readInstant(_ reader: inout JSONByteReader) -> Date? {
        guard let text = reader.plainString(), let instant = try? InstantParser.parse(text) else { return nil }
        return instant.addingTimeInterval(InstantShift.seconds)
    }

    /// A plain hour, as ``GoNowSection``'s checked decoder reads it.
    private static func readHour(_ reader: inout JSONByteReader) -> GoNowForecastHour? {
        var start: Date?
        var scores: [GoNowMode: Int]?
        var heatGated: Set<GoNowMode>?
        var reasons: [GoNowMode: String]?
        let read = reader.object { key, reader in
            if key.elementsEqual("start".utf8) {
                guard start == nil, let instant = readInstant(&reader), GoNowSection.isWholeHour(instant) else {
                    return false
                }
                start = instant
            } else if key.elementsEqual("scores".utf8) {
                guard scores == nil, let read = readScores(&reader) else { return false }
                scores = read
            } else if key.elementsEqual("heatGated".utf8) {
                guard heatGated == nil, let read = reader.array({ $0.plainString().flatMap(mode(named:)) }) else {
                    return false
                }
                heatGated = Set(read)
            } else if key.elementsEqual("reasons".utf8) {
                guard reasons == nil, let read = readReasons(&reader) else { return false }
                reasons = read
            } else {
                return false
            }
            return true
        }
        guard read, let start else { return nil }
        return GoNowForecastHour(
            start: start, scores: scores ?? [:], heatGated: heatGated ?? [], reasons: reasons ?? [:])
    }

    /// An object of distinct modes, each read with `value`, as `(mode, value)` pairs in file order.
    private static func readModeKeyed<Value>(
        _ reader: inout JSONByteReader, value: (inout JSONByteReader) -> Value?
    ) -> [(mode: GoNowMode, value: Value)]? {
        var pairs: [(mode: GoNowMode, value: Value)] = []
        let read = reader.object { key, reader in
            guard let mode = mode(named: key), !pairs.contains(where: { $0.mode == mode }), let read = value(&reader)
            else { return false }
            pairs.append((mode, read))
            return true
        }
        return read ? pairs : nil
    }

    /// Scores from 0 to 100, built as the plain scores of ``GoNowSection`` are.
    private static func readScores(_ reader: inout JSONByteReader) -> [GoNowMode: Int]? {
        guard
            let pairs = readModeKeyed(
                &reader, value: { reader in reader.plainInteger().flatMap { (0...100).contains($0) ? $0 : nil } })
        else { return nil }
        var scores = [GoNowMode: Int](minimumCapacity: pairs.count)
        for mode in GoNowMode.allCases {
            if let pair = pairs.first(where: { $0.mode == mode }) { scores[mode] = pair.value }
        }
        return scores
    }

    /// Reasons of printable ASCII with some text.
    private static func readReasons(_ reader: inout JSONByteReader) -> [GoNowMode: String]? {
        guard
            let pairs = readModeKeyed(
                &reader,
                value: { reader -> String? in
                    guard let text = reader.plainString() else { return nil }
                    let reason = String(decoding: text, as: UTF8.self)
                    return ValueDecoderText.isPrintableASCIIWithText(reason) ? reason : nil
                })
        else { return nil }
        var reasons = [GoNowMode: String](minimumCapacity: pairs.count)
        for (mode, reason) in pairs { reasons[mode] = reason }
        return reasons
    }

    private static let envelopeKeys = AppScenarioDecoder.envelopeKeys(app: GoNowSection.name)

    private static let modeNames = GoNowMode.allCases.map { ($0, Array($0.rawValue.utf8)) }

    private static func mode(named name: UnsafeBufferPointer<UInt8>) -> GoNowMode? {
        modeNames.first { $0.1.elementsEqual(name) }?.0
    }
}
