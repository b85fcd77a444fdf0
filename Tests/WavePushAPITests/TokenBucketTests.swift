import Foundation
import Testing
import WavePushAPI

/// The rate limit's rule on given instants.
struct TokenBucketTests {
    private let start = Date(timeIntervalSince1970: 1_790_000_000)

    @Test func aFullBucketLetsTheBurstThroughThenRefillsAtTheRate() {
        var bucket = TokenBucket(capacity: 3, rate: 2, now: start)
        for _ in 1...3 { #expect(bucket.take(at: start) == nil) }
        #expect(bucket.take(at: start) == 0.5)
        #expect(bucket.take(at: start.addingTimeInterval(0.25)) == 0.25)
        #expect(bucket.take(at: start.addingTimeInterval(0.5)) == nil)
        // Never more than the capacity, however long it rested.
        let later = start.addingTimeInterval(3600)
        for _ in 1...3 { #expect(bucket.take(at: later) == nil) }
        #expect(bucket.take(at: later) != nil)
    }

    @Test func anEarlierInstantRefillsNothing() {
        var bucket = TokenBucket(capacity: 1, rate: 1, now: start)
        #expect(bucket.take(at: start) == nil)
        #expect(bucket.take(at: start.addingTimeInterval(-10)) == 1)
    }
}
