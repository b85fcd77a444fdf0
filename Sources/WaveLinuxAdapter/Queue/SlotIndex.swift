/// A hash index from keys to small integers (queue slots, thread numbers), for keys whose hash is already computed:
/// open addressing with linear probing over 64-bit entries, and deletion by backward shift, so it never fills with
/// tombstones.
///
/// It stores only the integers and the low 32 bits of each one's hash; the caller keeps the keys and says, in
/// ``find(hash:where:)``, whether the key at an integer is the one looked for. Compared with a `Dictionary` keyed by
/// the key itself, a lookup hashes nothing (the hash is the key's own, computed once), growing moves 8-byte entries
/// without rehashing a key, and an entry costs about 15 bytes instead of the key's size plus the integer's.
///
/// Each bucket holds its integer's hash bits beside the integer, so a probe past other keys, a removal's backward
/// shift and growing read only the table, never a per-integer array at a random place (a cache miss each).
struct SlotIndex: Sendable {
    /// An empty bucket: its integer half is no integer the index holds.
    private static let empty = UInt64.max

    /// The table: the low 32 bits of an integer's hash in the high half, the integer in the low half, or `empty`;
    /// its size is a power of two, at most three quarters full.
    private var buckets: [UInt64] = []
    /// The low 32 bits of the hash each stored integer was inserted with, by integer: where a removal starts.
    private var hashOfValue: [UInt32] = []
    /// How many integers are stored.
    private(set) var count = 0

    /// The stored integer whose hash is `hash` and for which `matches` is true.
    ///
    /// - Parameters:
    ///   - hash: The key's hash.
    ///   - matches: Whether the key at a stored integer is the key looked for; asked only when the hashes agree.
    /// - Returns: The integer, or `nil`.
    func find(hash: Int, where matches: (Int) -> Bool) -> Int? {
        guard count > 0 else { return nil }
        let mask = buckets.count - 1
        let bits = UInt32(truncatingIfNeeded: hash)
        var bucket = Int(bits) & mask
        while true {
            let entry = buckets[bucket]
            if entry == Self.empty {
                return nil
            }
            if Self.hashBits(of: entry) == bits {
                let value = Self.value(of: entry)
                if matches(value) {
                    return value
                }
            }
            bucket = (bucket + 1) & mask
        }
    }

    /// Stores an integer that is not stored yet.
    ///
    /// - Parameters:
    ///   - value: The integer, from 0 to `Int32.max - 1`.
    ///   - hash: Its key's hash.
    mutating func insert(_ value: Int, hash: Int) {
        precondition(value >= 0 && value < Int(Int32.max), "SlotIndex holds integers from 0 to Int32.max - 1")
        reserveCapacity(count + 1)
        if value >= hashOfValue.count {
            hashOfValue.append(contentsOf: repeatElement(0, count: value + 1 - hashOfValue.count))
        }
        let bits = UInt32(truncatingIfNeeded: hash)
        hashOfValue[value] = bits
        place(UInt64(bits) << 32 | UInt64(value))
        count += 1
    }

    /// Removes a stored integer.
    ///
    /// - Parameter value: An integer stored earlier and not removed since.
    mutating func remove(_ value: Int) {
        let mask = buckets.count - 1
        var hole = Int(hashOfValue[value]) & mask
        while Self.value(of: buckets[hole]) != value {
            hole = (hole + 1) & mask
        }
        // Backward shift: pull later entries of the run into the hole when their home bucket allows it.
        var next = (hole + 1) & mask
        while buckets[next] != Self.empty {
            let home = Int(Self.hashBits(of: buckets[next])) & mask
            if (next &- home) & mask >= (next &- hole) & mask {
                buckets[hole] = buckets[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        buckets[hole] = Self.empty
        count -= 1
    }

    /// Grows the table, once, so `total` integers fit without growing again.
    ///
    /// - Parameter total: How many integers will be stored.
    mutating func reserveCapacity(_ total: Int) {
        guard total * 4 > buckets.count * 3 else { return }
        var capacity = max(16, buckets.count)
        while total * 4 > capacity * 3 {
            capacity *= 2
        }
        let old = buckets
        buckets = Array(repeating: Self.empty, count: capacity)
        for entry in old where entry != Self.empty {
            place(entry)
        }
    }

    /// Forgets everything, keeping the table's storage.
    mutating func removeAll() {
        for index in buckets.indices {
            buckets[index] = Self.empty
        }
        count = 0
    }

    /// Puts an entry in the first empty bucket from its home on.
    private mutating func place(_ entry: UInt64) {
        let mask = buckets.count - 1
        var bucket = Int(Self.hashBits(of: entry)) & mask
        while buckets[bucket] != Self.empty {
            bucket = (bucket + 1) & mask
        }
        buckets[bucket] = entry
    }

    /// The hash bits of a bucket's entry.
    private static func hashBits(of entry: UInt64) -> UInt32 {
        UInt32(truncatingIfNeeded: entry >> 32)
    }

    /// The integer of a bucket's entry.
    private static func value(of entry: UInt64) -> Int {
        Int(UInt32(truncatingIfNeeded: entry))
    }
}
