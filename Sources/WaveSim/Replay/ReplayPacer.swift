internal import Foundation
internal import WaveLinuxAdapter
internal import WaveNotifications

/// Paces a replay by the wall clock (`--clock wall`): simulated time runs `speed` times real time from the replay's
/// start, and the engine waits for each instant; it also collects the actions the user picks on the desktop, each at
/// the simulated instant it was picked.
///
/// A pick wakes the waiting engine at once, so the replay answers it without the clock moving on: on a clock that
/// only moves when told (a test's ``ManualWaveClock``), a pick is answered at the instant it was made, whatever the
/// machine's load.
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

    /// What the pacer holds between the engine and the desktop's listener.
    private struct State {
        /// The actions picked and not yet taken, in the order they were picked.
        var picked: [PickedAction] = []
        /// The engine waiting for its deadline or a pick, resumed by whichever comes first.
        var waiting: CheckedContinuation<Void, Never>?
    }

    /// The wall clock, in simulated time.
    let clock: any AlarmClock
    private let state = WaveLock(State())
    private let alarm = AlarmID()

    /// Creates a pacer on the system clock.
    ///
    /// - Parameters:
    ///   - origin: The simulated instant that is now; `nil` for the current instant (`--start now`).
    ///   - speed: How many times faster than real time simulated time runs.
    convenience init(origin: Date?, speed: Int) {
        self.init(clock: SystemAlarmClock(origin: origin, speed: Double(speed)))
    }

    /// Creates a pacer on any clock in simulated time.
    ///
    /// - Parameter clock: The clock the replay waits on, and reads the instant of each pick from.
    init(clock: any AlarmClock) {
        self.clock = clock
    }

    func handle(_ action: DesktopAction) async {
        let at = clock.now
        let waiting = state.withLock { state in
            state.picked.append(PickedAction(identifier: action.identifier, actionID: action.actionID, at: at))
            return state.waiting.take()
        }
        waiting?.resume()
    }

    /// Waits until the simulated clock reaches `deadline`, or until the user picks an action before it.
    ///
    /// - Parameter deadline: The next instant the replay has something to do.
    /// - Returns: The first action picked before `deadline`, taken; `nil` when the clock reached `deadline`.
    func waitForPick(until deadline: Date) async -> PickedAction? {
        while true {
            if let action = takePick(before: deadline) { return action }
            guard clock.now < deadline else { return nil }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let pickedMeanwhile = state.withLock { state in
                    guard state.picked.isEmpty else { return true }
                    state.waiting = continuation
                    return false
                }
                if pickedMeanwhile {
                    continuation.resume()
                    return
                }
                clock.setAlarm(alarm, at: deadline) { [state] in
                    state.withLock { $0.waiting.take() }?.resume()
                }
                // A clock may have passed the deadline before the alarm was set (a manual clock moved meanwhile), and
                // then never wakes it.
                if clock.now >= deadline {
                    state.withLock { $0.waiting.take() }?.resume()
                }
            }
            clock.setAlarm(alarm, at: nil) {}
        }
    }

    /// Takes the first picked action when it was picked before `deadline`.
    private func takePick(before deadline: Date) -> PickedAction? {
        state.withLock { state in
            guard let first = state.picked.first, first.at < deadline else { return nil }
            return state.picked.removeFirst()
        }
    }
}
