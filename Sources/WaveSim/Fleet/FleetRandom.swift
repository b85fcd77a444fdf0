internal import Foundation

/// The draws of one user of a fleet: a counter-based SplitMix64 over the fleet's seed and the user's index, so a
/// user's conditions and habits depend on (seed, index) alone, never on which shard, thread or order ran them.
///
/// Written here rather than with the standard library's `random(in:using:)`, whose way of turning bits into a
/// number in a range is not a documented contract: a fleet file must give the same users on every toolchain.
struct FleetRandom {
    private var state: UInt64

    /// The generator of one user.
    ///
    /// - Parameters:
    ///   - seed: The fleet's seed.
    ///   - user: The user's index, from 0.
    init(seed: UInt64, user: Int) {
        // Two rounds of the finalizer over the seed, then the index: neighbouring seeds and indices share no stream.
        state = Self.mix(Self.mix(seed) ^ UInt64(truncatingIfNeeded: user) &* 0xD6E8_FEB8_6659_FD93)
    }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// A number in [0, 1), from the top 53 bits.
    mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// A whole number in `0..<count` (`count` at least 1), by the high half of a full-width product.
    mutating func below(_ count: Int) -> Int {
        Int(truncatingIfNeeded: next().multipliedFullWidth(by: UInt64(count)).high)
    }

    /// A whole number in `range`.
    mutating func inRange(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.upperBound - range.lowerBound + 1)
    }

    /// Whether an event of probability `share` happens.
    mutating func chance(_ share: Double) -> Bool {
        unit() < share
    }

    /// A count of events with mean `rate` (Poisson, by Knuth's product of uniforms; a rate above 30 is drawn as a sum
    /// of draws of at most 30 each, so the product never comes near underflow).
    mutating func poisson(_ rate: Double) -> Int {
        guard rate > 0 else { return 0 }
        let pieces = Int((rate / 30).rounded(.up))
        let piece = rate / Double(pieces)
        let limit = exp(-piece)
        var count = 0
        for _ in 0..<pieces {
            var product = unit()
            while product > limit {
                count += 1
                product *= unit()
            }
        }
        return count
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var mixed = value
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
