import Foundation
import TestSupport
import Testing
import WaveLinuxAdapter
import WaveNotifications
import WaveNotificationsTesting

/// The conformance check over `LinuxNotificationManager`: on the check's manual clock, what its sink has on screen
/// is the screen, and it keeps every request (its budget arms the soonest), so no limit is declared.
struct LinuxNotificationManagerConformanceTests {
    /// A desktop as the check sees it: what was delivered and not withdrawn since.
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

    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        /// In memory, arming 64 at most.
        case inMemory
        /// In memory, arming one at a time: everything else waits in the backlog.
        case armingOne
        /// Every change committed to `notifications.sqlite` in a fresh state directory.
        case persisted
        /// In memory, arming 64 at most, with an observer hearing every change (so the queue builds its reports,
        /// which it skips for an observer that ignores them).
        case observed

        var testDescription: String { rawValue }
    }

    @Test(arguments: Kind.allCases)
    func followsEveryRule(kind: Kind) async throws {
        let directories = WaveLock<[TemporaryDirectory]>([])
        defer { directories.withLock { $0.forEach { $0.remove() } } }
        let report = await NotificationCenterConformance.check { clock in
            var configuration = LinuxNotificationManager.Configuration(pendingLimit: kind == .armingOne ? 1 : 64)
            if kind == .persisted {
                let directory = try TemporaryDirectory("conformance")
                directories.withLock { $0.append(directory) }
                configuration.stateDirectory = directory.url
            }
            let sink = ScreenSink()
            let manager = try LinuxNotificationManager(
                configuration: configuration, clock: clock, sink: sink, renderer: FakeRenderer(),
                observer: kind == .observed ? EventLog() : IgnoringManagerObserver())
            return ConformanceSubject(center: manager, time: .sharedClock, onScreen: { sink.requests })
        }
        #expect(report.failures.isEmpty, "\(report)")
        #expect(report.skipped.isEmpty, "\(report)")
        #expect(report.passed == ConformanceRule.allCases)
    }
}
