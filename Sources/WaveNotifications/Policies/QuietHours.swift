/// Quiet hours: requests whose local fire time falls in a daily window are suppressed or deferred to its end.
///
/// Inside means the local time of day of the fire instant, in the context's zone, is in ``window`` (`[start, end)`,
/// wrapping midnight when `end` ≤ `start`, empty when they are equal). ``Behaviour/suppress`` drops the request
/// with `quiet_hours`; ``Behaviour/deferToEnd`` moves it to the first instant at or after its fire instant whose
/// local time is the window's end, with the DST rules of ``LocalTimeWindow/nextEnd(atOrAfter:in:)``.
public struct QuietHours: PerRequestPolicy, Hashable {
    /// What happens to a request inside the window.
    public enum Behaviour: String, Hashable, Sendable, Codable, CaseIterable {
        /// Dropped with `quiet_hours`.
        case suppress
        /// Moved to the window's end.
        case deferToEnd
    }

    /// The quiet window.
    public var window: LocalTimeWindow
    /// What happens to a request inside it.
    public var behaviour: Behaviour

    /// Creates quiet hours.
    ///
    /// - Parameters:
    ///   - window: The quiet window, `[start, end)` in local time.
    ///   - behaviour: Suppress or defer to the end.
    public init(window: LocalTimeWindow, behaviour: Behaviour) {
        self.window = window
        self.behaviour = behaviour
    }

    /// Creates quiet hours from a start and an end.
    ///
    /// - Parameters:
    ///   - start: The first quiet local time.
    ///   - end: The first local time after the quiet hours.
    ///   - behaviour: Suppress or defer to the end.
    public init(start: LocalTime, end: LocalTime, behaviour: Behaviour) {
        self.init(window: LocalTimeWindow(start: start, end: end), behaviour: behaviour)
    }

    /// Kept when outside the window; inside, dropped (`quiet_hours`) or moved to the window's end.
    ///
    /// - Parameters:
    ///   - proposed: The request.
    ///   - context: Supplies the zone.
    /// - Returns: The decision.
    public func decision(for proposed: ProposedRequest, in context: PolicyContext) -> PolicyDecision {
        guard window.contains(proposed.fireAt, in: context.timeZone) else { return .kept }
        switch behaviour {
        case .suppress: return .dropped(.quietHours)
        case .deferToEnd: return .moved(to: window.nextEnd(atOrAfter: proposed.fireAt, in: context.timeZone))
        }
    }
}
