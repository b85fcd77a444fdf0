internal import Foundation
internal import WaveCommandLine
internal import WaveLinuxAdapter
internal import WaveNotifications

/// A progress line on standard error while a long replay runs, only when standard error is a terminal.
final class ReplayProgress: Sendable {
    private let output: OutputChannel
    /// Whether it writes anything (on a terminal).
    let isEnabled: Bool
    private let totalEvents: Int
    private let count = WaveLock(0)

    /// How many deliveries between two updates of the line.
    private static let interval = 20_000

    init(output: OutputChannel, enabled: Bool, totalEvents: Int) {
        self.output = output
        self.isEnabled = enabled
        self.totalEvents = totalEvents
    }

    func delivered(at instant: Date) {
        guard isEnabled else { return }
        let delivered = count.withLock { count in
            count += 1
            return count
        }
        guard delivered % Self.interval == 0 else { return }
        output.write(
            "\r\u{1B}[Kreplaying \(totalEvents) events: \(delivered) delivered, at \(UTCDateParts(instant).iso8601)"
        )
        output.flush()
    }

    func finish() {
        guard isEnabled, count.withLock({ $0 }) >= Self.interval else { return }
        output.write("\r\u{1B}[K")
        output.flush()
    }
}
