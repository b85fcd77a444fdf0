/// A running simulation of event time, as the app's simulation mode has it.
public struct Simulation: Hashable, Sendable {
    /// How many simulated seconds pass per real second: 1 is realistic, 0 is paused, above 1 is accelerated.
    public var speed: Int

    /// Creates a simulation.
    ///
    /// - Parameter speed: Simulated seconds per real second.
    public init(speed: Int) {
        self.speed = speed
    }
}

/// Tells whether a simulation is running, and at what speed.
///
/// Notifications are scheduled only without a simulation or at speed 1: at any other speed they would
/// fire late or out of order.
public protocol SimulationSettings: Sendable {
    /// The running simulation, or `nil` when none runs.
    ///
    /// - Returns: The current simulation.
    func currentSimulation() async -> Simulation?
}

/// A thread-safe, settable ``SimulationSettings``.
public final class SimulationSettingsStore: SimulationSettings {
    private let simulation: WaveLock<Simulation?>

    /// Creates settings.
    ///
    /// - Parameter simulation: The running simulation; `nil` (the default) for none.
    public init(simulation: Simulation? = nil) {
        self.simulation = WaveLock(simulation)
    }

    public func currentSimulation() async -> Simulation? {
        simulation.withLock { $0 }
    }

    /// Starts, changes or stops (`nil`) the simulation.
    ///
    /// - Parameter simulation: The new simulation.
    public func setSimulation(_ simulation: Simulation?) {
        self.simulation.withLock { $0 = simulation }
    }
}
