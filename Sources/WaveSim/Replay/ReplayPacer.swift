internal import Foundation
internal import WaveLinuxAdapter
internal import WaveNotifications

/// Paces a replay by the wall clock (`--clock wall`): simulated time runs `speed` times real time from the replay's
/// start, and the engine waits for each instant; it also collects the actions the user picks on the desktop, each at
/// the simulated instant it was picked.
final class ReplayPacer: DesktopActionHandler {
    /// An action the user picked on a notification shown on the desktop.
    struct PickedAction: Sendable {
        /// The notification's identifier.
        var identifier: String
        /// The action's id (`default` for a click).
        var actionID: String
        /// The simulated instant it was picked.
        var at: Date
    }

    /// The wall clock, in simulated time.
    let clock: SystemAlarmClock
    private let picked = WaveLock<[PickedAction]>([])
    /// How long, in real time, the engine waits before looking for a picked action again.
    private static let slice = 0.05

    /// Creates a pacer.
    ///
    /// - Parameters:
    ///   - origin: The simulated instant that is now; `nil` for the current instant (`--start now`).
    ///   - speed: How many times faster than real time simulated time runs.
    init(origin: Date?, speed: Int) {
        clock = SystemAlarmClock(origin: origin, speed: Double(speed))
    }

    func handle(_ action: DesktopAction) async {
        let at = clock.now
        picked.withLock { $0.append(PickedAction(identifier: action.identifier, actionID: action.actionID, at: at)) }
    }

    /// Waits until the simulated clock reaches `deadline`, or until the user picks an action before it.
    ///
    /// - Parameter deadline: The next instant the replay has something to do.
    /// - Returns: The first action picked before `deadline`, taken; `nil` when the clock reached `deadline`.
    func waitForPick(until deadline: Date) async -> PickedAction? {
        let waiter = AlarmWaiter(clock: clock)
        while true {
            if let action = takePick(before: deadline) { return action }
            let now = clock.now
            guard now < deadline else { return nil }
            await waiter.wait(until: min(deadline, now.addingTimeInterval(Self.slice * clock.speed)))
        }
    }

    /// Takes the first picked action when it was picked before `deadline`.
    private func takePick(before deadline: Date) -> PickedAction? {
        picked.withLock { picked in
            guard let first = picked.first, first.at < deadline else { return nil }
            return picked.removeFirst()
        }
    }
}
