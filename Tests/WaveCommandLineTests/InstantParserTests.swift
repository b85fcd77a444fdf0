import Foundation
import Testing

@testable import WaveCommandLine

struct InstantParserTests {
    @Test(arguments: [
        ("2026-06-21T16:00:00Z", 1_782_057_600.0),
        ("2026-06-21T18:00:00+02:00", 1_782_057_600.0),
        ("2026-06-21T12:00:00-04:00", 1_782_057_600.0),
        ("2026-06-21T21:30:00+0530", 1_782_057_600.0),
        ("2026-06-21T16:00:00.250Z", 1_782_057_600.25),
        ("2026-06-21t16:00:00z", 1_782_057_600.0),
        ("2026-06-21T16:00Z", 1_782_057_600.0),
        ("2024-02-29T00:00:00Z", 1_709_164_800.0),
        ("1970-01-01T00:00:00Z", 0.0),
        ("1969-12-31T23:59:59Z", -1.0),
    ])
    func parsesInstantsWithAZone(text: String, secondsSince1970: Double) throws {
        #expect(try InstantParser.parse(text).timeIntervalSince1970 == secondsSince1970)
    }

    @Test(arguments: [
        ("2026-06-01T10:00:00", "no time zone"),
        ("2026-06-01", "no time"),
        ("2026-02-29T10:00:00Z", "day 29 does not exist"),
        ("2026-13-01T10:00:00Z", "month 13"),
        ("2026-06-01T24:00:00Z", "not a valid time of day"),
        ("2026-06-01T10:00:00+25:00", "out of range"),
        ("2026-06-01T10:00:00Zjunk", "unexpected text after the time zone"),
        ("June 1st", "four-digit year"),
        ("2026-06-01T10:00:00.Z", "digits after the decimal point"),
        ("", "four-digit year"),
        ("9999-12-31T23:00:00-18:00", "year 9999 is not from 1000 to 9998"),
        ("0000-01-01T00:00:00+18:00", "year 0 is not from 1000 to 9998"),
    ])
    func rejectsAmbiguousOrInvalidTimes(text: String, message: String) {
        do {
            _ = try InstantParser.parse(text)
            Issue.record("expected \(text.debugDescription) to be rejected")
        } catch {
            #expect(error.description.contains(message), "\(error)")
        }
    }

    @Test(arguments: [
        "2026-06-21T16:00:00Z", "2026-06-21T16:00:00.250Z", "1999-12-31T23:59:59Z", "2024-02-29T12:34:56Z",
        "1969-07-20T20:17:40Z",
    ])
    func readsAsFoundationReadsIt(text: String) throws {
        let foundation = try Date(
            text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: text.contains(".")))
        #expect(try InstantParser.parse(text) == foundation)
    }
}
