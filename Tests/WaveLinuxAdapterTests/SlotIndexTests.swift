import TestSupport
import Testing

@testable import WaveLinuxAdapter

/// The queue's hash index against a dictionary, under random inserts and removals with hashes chosen to collide,
/// run long and wrap around the end of the table, so backward-shift deletion is exercised.
struct SlotIndexTests {
    @Test(arguments: [3, 40, 1 << 40])
    func findsExactlyWhatADictionaryHolds(hashSpread: Int) {
        var random = SplitMix64(seed: UInt64(hashSpread))
        var index = SlotIndex()
        var model: [Int: Int] = [:]  // value -> hash
        var free = Array(0..<600)
        for step in 0..<20_000 {
            if !free.isEmpty && (model.isEmpty || random.next() % 3 != 0) {
                let value = free.remove(at: Int(random.next() % UInt64(free.count)))
                // Hashes near the top of the table too, so runs wrap past the last bucket.
                let hash = Int(random.next() % UInt64(hashSpread)) &- 2
                index.insert(value, hash: hash)
                model[value] = hash
            } else {
                let value = Array(model.keys)[Int(random.next() % UInt64(model.count))]
                index.remove(value)
                model[value] = nil
                free.append(value)
            }
            #expect(index.count == model.count)
            if step % 97 == 0 {
                for value in 0..<600 {
                    let hash = model[value] ?? (Int(random.next() % UInt64(hashSpread)) &- 2)
                    let found = index.find(hash: hash) { $0 == value }
                    #expect(found == model[value].map { _ in value }, "step \(step), value \(value)")
                }
            }
        }
    }
}
