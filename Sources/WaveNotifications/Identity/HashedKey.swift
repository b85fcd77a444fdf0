/// A string key that carries its own hash, for the shown registry's indexes and other identifier-keyed indexes of
/// the package.
///
/// A dictionary keyed by `String` hashes the whole string at every lookup, insertion and removal, again for every
/// key each time it grows, and compares whole strings at every probe it passes. With the hash computed once, growing
/// rehashes one integer per key and a probe past another key is rejected by comparing two integers; the strings are
/// compared only when the hashes match. Its members are inlinable: the Linux adapter's indexes and the testing
/// library's centers, in other modules, call them in their hottest loops.
package struct HashedKey: Hashable, Sendable {
    /// The string.
    package let value: String
    /// `value`'s hash, with this process's seed.
    @usableFromInline let hash: Int

    /// Hashes `value` once.
    ///
    /// - Parameter value: The string.
    @inlinable package init(_ value: String) {
        self.value = value
        hash = value.hashValue
    }

    @inlinable package static func == (lhs: HashedKey, rhs: HashedKey) -> Bool {
        lhs.hash == rhs.hash && lhs.value == rhs.value
    }

    @inlinable package func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }
}
