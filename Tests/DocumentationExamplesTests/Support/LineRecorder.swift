import WaveNotifications

/// The lines a sink wrote.
final class LineRecorder: Sendable {
    private let lines = WaveLock<[String]>([])

    var all: [String] { lines.withLock { $0 } }

    @Sendable func append(_ line: String) { lines.withLock { $0.append(line) } }
}
