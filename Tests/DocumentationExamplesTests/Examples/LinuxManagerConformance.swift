// Shown in docs/conformers.md, "Checking your conformer": the check's call, here over the Linux manager; run by
// ConformersExampleTests.
// example-begin
import WaveLinuxAdapter
import WaveNotifications
import WaveNotificationsTesting

/// What is on screen, as a sink of the Linux manager sees it: what was delivered and not withdrawn since.
final class ScreenSink: NotificationSink {
    /// Each identifier on screen, and its thread.
    private let screen = WaveLock<[String: String]>([:])

    var identifiers: [String] { screen.withLock { Array($0.keys) } }

    func deliver(_ delivery: NotificationDelivery) async throws {
        screen.withLock { $0[delivery.request.identifier] = delivery.request.threadID }
    }

    func withdraw(identifiers: [String], threadID: String?, reason: NotificationReason) async throws {
        screen.withLock { screen in
            for identifier in identifiers { screen[identifier] = nil }
            if let threadID { screen = screen.filter { $0.value != threadID } }
        }
    }
}

/// Every rule of the contract, each on a fresh center from the factory.
func checkLinuxManager(renderer: any NotificationTextRenderer) async -> ConformanceReport {
    await NotificationCenterConformance.check { clock in
        let sink = ScreenSink()  // yours: what is on screen
        let center = try LinuxNotificationManager(clock: clock, sink: sink, renderer: renderer)
        return ConformanceSubject(
            center: center,
            limit: nil,  // or the limit of a center that keeps only the soonest (64 on iOS)
            time: .sharedClock,  // the center reads `clock`; `.advance { instant in … }`; `.unavailable`
            onScreen: { sink.identifiers },  // the identifiers on screen; nil when you cannot see them
            appRun: nil)  // begin/end of an app run, for a center that decides when a run ends
    }
}
// example-end
