/// A fixed sequence of pseudo-random numbers (SplitMix64), so a failure of a generated test replays: the Android
/// queue's and timing's checks against their references.
struct SeededNumbers {
    var state: UInt64

    /// The next number in `0..<bound`.
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((mixed ^ (mixed >> 31)) % UInt64(bound))
    }
}
