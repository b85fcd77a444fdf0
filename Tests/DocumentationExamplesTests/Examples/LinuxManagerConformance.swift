// Shown in docs/conformers.md, "Checking your conformer": the check's call, here over the Linux manager; run by
// ConformersExampleTests.
// example-begin
import WaveLinuxAdapter
import WaveNotifications
import WaveNotificationsTesting

/// What is on screen, as a sink of the Linux manager sees it: what was delivered and not withdrawn since.
final class ScreenSink: NotificationSink {
    /// What is on screen, as delivered, in the order delivered (a delivery replaces one with its identifier).
    private let screen = WaveLock<[NotificationRequest]>([])

    var requests: [NotificationRequest] { screen.withLock { $0 } }

    func deliver(_ delivery: NotificationDelivery) async throws {
        screen.withLock { screen in
            screen.removeAll { $0.identifier == delivery.request.identifier }
            screen.append(delivery.request)
        }
    }

    func withdraw(identifiers: [String], threadID: String?, reason: NotificationReason) async throws {
        screen.withLock { screen in
            screen.removeAll { identifiers.contains($0.identifier) }
            if let threadID { screen.removeAll { $0.threadID == threadID } }
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
            onScreen: { sink.requests },  // what is on screen, as shown; nil when you cannot see it
            appRun: nil)  // begin/end of an app run, for a center that decides when a run ends
    }
}
// example-end
