/// A hash index from keys to small integers (queue slots, thread numbers), for keys whose hash is already computed:
/// open addressing with linear probing over 32-bit entries, and deletion by backward shift, so it never fills with
/// tombstones.
///
/// It stores only the integers and each one's hash; the caller keeps the keys and says, in ``find(hash:where:)``,
/// whether the key at an integer is the one looked for. Compared with a `Dictionary` keyed by the key itself, a
/// lookup hashes nothing (the hash is the key's own, computed once), growing moves 4-byte entries without
/// rehashing a key, and an entry costs about 10 bytes instead of the key's size plus the integer's.
struct SlotIndex: Sendable {
    private static let empty: Int32 = -1

    /// The table: an integer, or `empty`; its size is a power of two, at most three quarters full.
    private var buckets: [Int32] = []
    /// The hash each stored integer was inserted with, by integer.
    private var hashOfValue: [Int] = []
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
        var bucket = hash & mask
        while true {
            let value = Int(buckets[bucket])
            if value < 0 {
                return nil
            }
            if hashOfValue[value] == hash && matches(value) {
                return value
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
        hashOfValue[value] = hash
        place(Int32(value), hash: hash)
        count += 1
    }

    /// Removes a stored integer.
    ///
    /// - Parameter value: An integer stored earlier and not removed since.
    mutating func remove(_ value: Int) {
        let mask = buckets.count - 1
        var hole = hashOfValue[value] & mask
        while Int(buckets[hole]) != value {
            hole = (hole + 1) & mask
        }
        // Backward shift: pull later entries of the run into the hole when their home bucket allows it.
        var next = (hole + 1) & mask
        while buckets[next] != Self.empty {
            let home = hashOfValue[Int(buckets[next])] & mask
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
        for value in old where value != Self.empty {
            place(value, hash: hashOfValue[Int(value)])
        }
    }

    /// Forgets everything, keeping the table's storage.
    mutating func removeAll() {
        for index in buckets.indices {
            buckets[index] = Self.empty
        }
        count = 0
    }

    private mutating func place(_ value: Int32, hash: Int) {
        let mask = buckets.count - 1
        var bucket = hash & mask
        while buckets[bucket] != Self.empty {
            bucket = (bucket + 1) & mask
        }
        buckets[bucket] = value
    }
}
