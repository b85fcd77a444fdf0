/// A string key that carries its own hash, for the queue's and the registry's indexes.
///
/// A dictionary keyed by `String` hashes the whole string at every lookup, insertion and removal, again for every
/// key each time it grows, and compares whole strings at every probe it passes. With the hash computed once, growing
/// rehashes one integer per key and a probe past another key is rejected by comparing two integers; the strings are
/// compared only when the hashes match.
struct HashedKey: Hashable, Sendable {
    /// The string.
    let value: String
    /// `value`'s hash, with this process's seed.
    private let hash: Int

    /// Hashes `value` once.
    ///
    /// - Parameter value: The string.
    init(_ value: String) {
        self.value = value
        hash = value.hashValue
    }

    static func == (lhs: HashedKey, rhs: HashedKey) -> Bool {
        lhs.hash == rhs.hash && lhs.value == rhs.value
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }
}
