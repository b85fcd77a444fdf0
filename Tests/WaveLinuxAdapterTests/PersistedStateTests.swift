import Foundation
import Testing
import WaveLinuxAdapter
import WaveNotifications

/// The state file format: header, checksum, canonical body.
struct PersistedStateTests {
    @Test func theGoldenFileReEncodesToTheSameBytes() throws {
        let golden = try Data(contentsOf: Fixtures.directory.appendingPathComponent("State/state-v1.json"))
        let state = try PersistedState.decode(golden)
        #expect(try state.encoded() == golden)
        #expect(try state.pendingNotifications().count == 3)
    }

    @Test func encodingRoundTripsExactly() throws {
        let pending = [
            PendingNotification(
                identifier: Fixtures.identifier("a", .eventStarting(.milliseconds(1500))),
                content: Fixtures.content("a", args: ["\u{0}\n\"\\ é 🌊"]),
                fireDate: Date(timeIntervalSinceReferenceDate: 803_736_000.123_456_789), sequence: 4),
            PendingNotification(
                identifier: Fixtures.identifier("b", .waveHit), content: Fixtures.content("b"),
                fireDate: Date(timeIntervalSinceReferenceDate: 1e-9), sequence: 7),
        ]
        let state = PersistedState(nextSequence: 8, pending: pending)
        let decoded = try PersistedState.decode(try state.encoded())
        #expect(decoded == state)
        #expect(try decoded.pendingNotifications() == pending)
    }

    @Test func theChecksumCoversEveryBodyByte() throws {
        let encoded = try PersistedState(nextSequence: 0, pending: []).encoded()
        let headerLength = encoded.firstIndex(of: UInt8(ascii: "\n"))! + 1
        for index in headerLength..<encoded.count {
            var damaged = encoded
            damaged[index] ^= 0x20
            #expect(throws: StateFileDamage.self) { try PersistedState.decode(damaged) }
        }
    }

    @Test func duplicateIdentifiersAreInvalidContent() throws {
        let notification = PendingNotification(
            identifier: Fixtures.identifier("a", .waveHit), content: Fixtures.content("a"), fireDate: Fixtures.start,
            sequence: 0)
        let state = PersistedState(nextSequence: 2, pending: [notification, notification])
        #expect(throws: StateFileDamage.self) { try state.pendingNotifications() }
    }
}
