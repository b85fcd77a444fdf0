import Testing
import WaveNotifications

/// `Duration.wholeMilliseconds`, the one conversion to whole milliseconds: the part below a millisecond is dropped.
struct DurationMillisecondsTests {
    @Test(arguments: [
        (Duration.zero, Int64(0)), (.seconds(2), 2000), (.milliseconds(1500), 1500), (.microseconds(1999), 1),
        (.nanoseconds(999_999), 0), (.seconds(86_400 * 365), 31_536_000_000), (.milliseconds(300_000), 300_000),
    ])
    func dropsWhatIsBelowAMillisecond(duration: Duration, milliseconds: Int64) {
        #expect(duration.wholeMilliseconds == milliseconds)
    }

    @Test func agreesWithTheSecondsItIsMadeOf() {
        let duration = Duration.seconds(12) + .milliseconds(345) + .nanoseconds(678_901)
        #expect(duration.wholeMilliseconds == 12_345)
        #expect(Int64((duration.timeInterval * 1000).rounded(.down)) == duration.wholeMilliseconds)
    }
}
