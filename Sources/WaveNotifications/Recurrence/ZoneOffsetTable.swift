import Foundation

/// Every UTC offset change of one zone over a span of instants, so offsets are a binary search instead of a
/// `TimeZone` call (which costs about 0.1 µs on Linux and would dominate expanding a year of occurrences).
///
/// Transitions come from `TimeZone.nextDaylightSavingTimeTransition(after:)`, which reports every offset change
/// (DST and standard); the table then checks one instant between each pair of transitions against
/// `secondsFromGMT(for:)` and, should any disagree, is rebuilt by sampling every six hours and bisecting each change.
struct ZoneOffsetTable: Sendable {
    /// The first covered instant (UTC seconds).
    let start: Int
    /// The end of the covered span (UTC seconds, exclusive).
    let end: Int
    /// The instants the offset changes, sorted; `offsets[i]` applies from `transitions[i]` on.
    let transitions: [Int]
    /// The offset in force from each transition; `offsets[0]` applies before the first transition too.
    let offsets: [Int]

    /// The offset in force at `instant` (seconds since 1970, UTC).
    func offset(at instant: Int) -> Int {
        offsets[index(at: instant)]
    }

    /// The index into ``offsets`` in force at `instant`: the number of transitions at or before it.
    func index(at instant: Int) -> Int {
        var low = 0
        var high = transitions.count
        while low < high {
            let middle = (low + high) / 2
            if transitions[middle] <= instant { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Builds the table of `zone` for the instants `start..<end`.
    init(zone: TimeZone, start: Int, end: Int) {
        self.start = start
        self.end = end
        var transitions: [Int] = []
        var offsets = [zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(start)))]
        var cursor = Date(timeIntervalSince1970: Double(start))
        while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next.timeIntervalSince1970 < Double(end)
        {
            let seconds = Int(next.timeIntervalSince1970.rounded())
            let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds)))
            if offset != offsets[offsets.count - 1] {
                transitions.append(seconds)
                offsets.append(offset)
            }
            guard next > cursor else { break }
            cursor = next
        }
        if Self.agrees(zone: zone, start: start, end: end, transitions: transitions, offsets: offsets) {
            self.transitions = transitions
            self.offsets = offsets
        } else {
            (self.transitions, self.offsets) = Self.sampled(zone: zone, start: start, end: end)
        }
    }

    private static func agrees(zone: TimeZone, start: Int, end: Int, transitions: [Int], offsets: [Int]) -> Bool {
        let bounds = [start] + transitions + [end]
        for index in 0..<offsets.count {
            let middle = bounds[index] + (bounds[index + 1] - bounds[index]) / 2
            if zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(middle))) != offsets[index] {
                return false
            }
        }
        return true
    }

    private static func sampled(zone: TimeZone, start: Int, end: Int) -> ([Int], [Int]) {
        func offset(_ instant: Int) -> Int { zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(instant))) }
        var transitions: [Int] = []
        var offsets = [offset(start)]
        var previous = start
        while previous < end {
            let next = min(previous + 6 * 3_600, end)
            let nextOffset = offset(next)
            if nextOffset != offsets[offsets.count - 1] {
                // The change lies in (previous, next]: bisect to the first second with the new offset.
                var low = previous
                var high = next
                while high - low > 1 {
                    let middle = low + (high - low) / 2
                    if offset(middle) == nextOffset { high = middle } else { low = middle }
                }
                transitions.append(high)
                offsets.append(nextOffset)
            }
            previous = next
        }
        return (transitions, offsets)
    }
}

/// The tables built so far, one per zone identifier, each grown to cover every span asked for.
enum ZoneOffsetCache {
    private static let tables = WaveLock<[String: ZoneOffsetTable]>([:])

    /// Tables are built in whole blocks of about a year, so nearby queries share one build.
    private static let block = 31_556_952

    /// A table of `zone` covering at least the instants `start..<end`.
    static func table(for zone: TimeZone, covering start: Int, _ end: Int) -> ZoneOffsetTable {
        let identifier = zone.identifier
        return tables.withLock { tables in
            if let table = tables[identifier], table.start <= start, end <= table.end {
                return table
            }
            var low = floorDivide(start, by: block) * block
            var high = (floorDivide(end - 1, by: block) + 1) * block
            if let table = tables[identifier] {
                low = min(low, table.start)
                high = max(high, table.end)
            }
            let table = ZoneOffsetTable(zone: zone, start: low, end: high)
            tables[identifier] = table
            return table
        }
    }
}

/// `value / divisor` rounded toward negative infinity (`divisor` > 0).
func floorDivide(_ value: Int, by divisor: Int) -> Int {
    value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
}
