import Foundation
import Testing
import WaveNotifications

/// The local times read through the zone's table of transitions are Foundation's own, instant by instant.
struct TimeZoneOffsetTableAgreementTests {
    @Test(arguments: [
        "Europe/Paris", "America/Santiago", "America/Sao_Paulo", "Australia/Lord_Howe", "Asia/Tehran", "UTC",
        "Pacific/Apia", "Asia/Tokyo",
    ])
    func localSecondsAndInstantsEqualFoundationsOverTwoYears(zoneName: String) throws {
        let zone = try #require(TimeZone(identifier: zoneName))
        // Every 47 minutes over 2025 and 2026, read backwards so that the table is built from its far end first.
        let start = 1_735_689_600
        let end = start + 2 * 365 * 86_400
        for utc in stride(from: end, to: start, by: -47 * 60) {
            let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(utc)))
            #expect(zone.localSeconds(for: Date(timeIntervalSince1970: Double(utc))) == utc + offset)
            // The wall time read back: Foundation's instant of the same naive seconds, by the rule's own search.
            let naive = utc + offset
            let before = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(naive - 86_400)))
            let after = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(naive + 86_400)))
            let candidates = Set([before, after]).map { naive - $0 }.filter {
                zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double($0))) == naive - $0
            }
            let expected = candidates.min() ?? naive - before
            #expect(Int(zone.instant(naiveSeconds: naive).timeIntervalSince1970) == expected, "\(zoneName) \(utc)")
        }
    }
}
