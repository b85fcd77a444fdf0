import Foundation
import Testing
import WaveLinuxAdapter

struct UTCDatePartsTests {
    @Test(arguments: [
        (0.0, "1970-01-01T00:00:00Z"),
        (1_782_057_600.0, "2026-06-21T16:00:00Z"),
        (1_782_057_600.25, "2026-06-21T16:00:00.250Z"),
        (1_782_057_600.0004, "2026-06-21T16:00:00Z"),
        (1_782_057_599.9996, "2026-06-21T16:00:00Z"),
        (951_782_400.0, "2000-02-29T00:00:00Z"),
        (-1.5, "1969-12-31T23:59:58.500Z"),
        (4_102_444_800.0, "2100-01-01T00:00:00Z"),
    ])
    func formatsUTCWithMillisecondsOnlyWhenNeeded(seconds: Double, expected: String) {
        #expect(UTCDateParts(Date(timeIntervalSince1970: seconds)).iso8601 == expected)
    }
}
