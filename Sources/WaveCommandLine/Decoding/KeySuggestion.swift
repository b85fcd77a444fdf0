/// The allowed key nearest to a misspelled one, for an unknown-key warning's `did you mean` hint.
package enum KeySuggestion {
    /// The allowed key within edit distance 2 of `key`, case ignored; the first of the nearest on a tie.
    ///
    /// - Parameters:
    ///   - key: The unknown key as written.
    ///   - allowed: The keys the object may have.
    /// - Returns: The suggestion, or `nil` when none is close.
    package static func closest(to key: String, in allowed: [String]) -> String? {
        let candidates = allowed.map { ($0, editDistance(key.lowercased(), $0.lowercased())) }
        guard let best = candidates.min(by: { $0.1 < $1.1 }), best.1 <= 2 else { return nil }
        return best.0
    }

    /// Levenshtein distance over characters.
    package static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
