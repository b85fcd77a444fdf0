/// Lets an actor's calls run one at a time, in the order they arrived, across their suspension points.
///
/// An actor runs one piece of code at a time, but a call that awaits (the platform, another actor) lets the next
/// call in: a sync that found an event to be a favorite could schedule its reminders just after a later call
/// cancelled them. An app service keeps one gate and wraps each of its calls in ``run(isolation:_:)``: a call that
/// arrives while another is inside waits, first come first served, and a call never overtakes one that arrived
/// before it. Nothing waits on a clock.
///
/// The gate belongs to its actor: it is used only from that actor's isolation (the `isolation` parameter, the
/// caller's by default), which guards its state. A call inside must not call another gated call of the same actor
/// (it would wait for itself); share the ungated work instead.
package final class CallGate {
    /// Whether a call is inside.
    private var isBusy = false
    /// The calls waiting, first arrived first.
    private var waiting: [CheckedContinuation<Void, Never>] = []
    /// The index of the first waiting call still in ``waiting``.
    private var head = 0

    /// How many calls are waiting to get in (for tests).
    package var waitingCount: Int { waiting.count - head }

    /// Creates an open gate.
    package init() {}

    /// Runs `body` once every call that arrived before has left.
    ///
    /// - Parameters:
    ///   - isolation: The actor the gate belongs to (the caller's).
    ///   - body: The call's work.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; the gate is left either way.
    package func run<Result>(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Result
    ) async rethrows -> Result {
        await enter(isolation: isolation)
        defer { leave() }
        return try await body()
    }

    private func enter(isolation: isolated (any Actor)?) async {
        guard isBusy else {
            isBusy = true
            return
        }
        // The gate stays busy: the call leaving hands it to the first waiting.
        await withCheckedContinuation(isolation: isolation) { waiting.append($0) }
    }

    private func leave() {
        guard head < waiting.count else {
            isBusy = false
            waiting.removeAll(keepingCapacity: true)
            head = 0
            return
        }
        let next = waiting[head]
        head += 1
        next.resume()
    }
}
