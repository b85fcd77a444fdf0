import Testing
import WaveNotifications

struct SimulationSettingsStoreTests {
    @Test func noSimulationRunsByDefault() async {
        #expect(await SimulationSettingsStore().currentSimulation() == nil)
    }

    @Test func reportsTheSimulationItWasGiven() async {
        #expect(await SimulationSettingsStore(simulation: Simulation(speed: 10)).currentSimulation()?.speed == 10)
    }

    @Test func setSimulationStartsChangesAndStops() async {
        let store = SimulationSettingsStore()
        store.setSimulation(Simulation(speed: 0))
        #expect(await store.currentSimulation() == Simulation(speed: 0))
        store.setSimulation(Simulation(speed: 1))
        #expect(await store.currentSimulation() == Simulation(speed: 1))
        store.setSimulation(nil)
        #expect(await store.currentSimulation() == nil)
    }
}
