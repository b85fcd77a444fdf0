internal import WaveNotifications

/// Holds the first call that passes through it until the test lets it go, so that a test can make another call
/// arrive while the first waits on the platform, without waiting for time.
///
/// A test double (a manager or a center) calls ``passThrough()`` at the start of the call it wants to hold: the first
/// such call waits there, the later ones go straight on. The test awaits ``firstHeld()``, makes its other calls, then
/// calls ``release()``.
public final class FirstCallHold: Sendable {
    private let isHolding = WaveLock(false)
    private let arrivals = AsyncStream<Void>.makeStream()
    private let releases = AsyncStream<Void>.makeStream()

    /// Creates a hold that has held nothing yet.
    public init() {}

    /// Waits until the first call is held. Call it from one task only.
    public func firstHeld() async {
        for await _ in arrivals.stream { return }
    }

    /// Lets the held call go on (before or after it arrives).
    public func release() {
        releases.continuation.yield()
    }

    /// Where a call passes: the first waits until ``release()``, the others return at once.
    public func passThrough() async {
        let holds = isHolding.withLock { isHolding in
            defer { isHolding = true }
            return !isHolding
        }
        guard holds else { return }
        arrivals.continuation.yield()
        for await _ in releases.stream { break }
    }
}
