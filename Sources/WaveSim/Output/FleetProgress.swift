internal import WaveCommandLine
internal import WaveNotifications

/// A progress bar on standard error while a fleet runs, only on a terminal and without `--quiet`.
final class FleetProgress: Sendable {
    private let output: OutputChannel
    /// Whether it writes anything.
    let isEnabled: Bool
    private let total: Int
    /// The last whole percent drawn, so the bar is redrawn at most a hundred times.
    private let drawn = WaveLock(-1)

    /// A bar for `total` users.
    init(output: OutputChannel, enabled: Bool, total: Int) {
        self.output = output
        isEnabled = enabled && total > 0
        self.total = total
    }

    /// Redraws the bar when another whole percent of the users is done.
    ///
    /// - Parameter done: The users done so far.
    func update(done: Int) {
        guard isEnabled else { return }
        let percent = done * 100 / total
        let changed = drawn.withLock { drawn in
            defer { drawn = max(drawn, percent) }
            return percent > drawn
        }
        guard changed else { return }
        let width = 30
        let filled = percent * width / 100
        output.write(
            "\r\u{1B}[K[" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
                + "] \(percent)%  \(done) of \(total) users")
        output.flush()
    }

    /// Clears the bar.
    func finish() {
        guard isEnabled, drawn.withLock({ $0 }) >= 0 else { return }
        output.write("\r\u{1B}[K")
        output.flush()
    }
}
