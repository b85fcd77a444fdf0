import Foundation
import Testing
import WaveNotifications
import WaveNotificationsTesting

/// The loop's rules of `docs/scenario-format.md`, Device conditions round two, on the library's phones with an app
/// side that records what it is told: pushes under Focus, Doze's release at a user's action before the app's code,
/// `forceStop` on both phones, and background pushes.
struct DeviceRunLoopTests {
    private static let start = Date(timeIntervalSince1970: 1_790_000_000)  // 2026-09-21T14:13:20Z
    private static let utc = TimeZone(identifier: "UTC")!
    private static let channel = NotificationChannel(
        id: "c", importance: .default, categoryID: "C", interruptionLevel: .active,
        name: LocalizedText(table: "T", key: "n"), channelDescription: LocalizedText(table: "T", key: "d"))

    private static func at(_ minutes: Double) -> Date { start.addingTimeInterval(minutes * 60) }

    private static func request(_ id: String, minutes: Double) -> NotificationRequest {
        NotificationRequest(
            identifier: id, threadID: "t", channel: channel, fireAt: at(minutes),
            title: LocalizedText(table: "T", key: "title"), body: LocalizedText(table: "T", key: "body"),
            deepLink: "app://x")
    }

    /// The window around the start, every day: `from`…`to` minutes from the start, read in UTC.
    private static func window(from: Double, to: Double) throws -> LocalTimeWindow {
        func local(_ minutes: Double) throws -> LocalTime {
            let seconds = Int(at(minutes).timeIntervalSince1970) % 86_400
            return try LocalTime(minutesSinceMidnight: seconds / 60)
        }
        return LocalTimeWindow(start: try local(from), end: try local(to))
    }

    /// An app that hands the phone its requests at every run and records what it is told, in order.
    final class RecordingApp: DeviceRunApp, Sendable {
        enum Action: Sendable {
            case push(id: String, highPriority: Bool, background: Bool)
            case user
        }

        let device: any SimulatedDevice
        let wanted: [NotificationRequest]
        let log = WaveLock<[String]>([])

        init(device: any SimulatedDevice, wanted: [NotificationRequest]) {
            self.device = device
            self.wanted = wanted
        }

        var entries: [String] { log.withLock { $0 } }

        private func note(_ text: String, _ state: DeviceState) {
            let minutes = Int(state.now.timeIntervalSince(DeviceRunLoopTests.start) / 60)
            log.withLock { $0.append("\(minutes) \(text)") }
        }

        func nextOwnMoment(after instant: Date, in zone: TimeZone) async -> Date? { nil }
        func nextExpiry() async -> Date? { nil }
        func reconcile(_ cause: ReconcileCause, device state: DeviceState) async throws {
            let pending = Set(try await device.pendingRequests().map(\.identifier))
            try await device.add(wanted.filter { $0.fireAt > state.now && !pending.contains($0.identifier) })
            note("reconcile", state)
        }
        func shown(_ request: NotificationRequest, delay: DeliveryDelay?, device state: DeviceState) async throws {
            note("shown \(request.identifier)" + (delay.map { " \($0.cause.rawValue)" } ?? ""), state)
        }
        func shownWhileClosed(_ request: NotificationRequest, shownAt: Date, device state: DeviceState) async throws {}
        func withdrawExpired(device state: DeviceState) async throws {}
        func desiredRequests(device state: DeviceState) async throws -> [NotificationRequest] {
            wanted.filter { $0.fireAt > state.now }
        }
        func traits(of action: Action) -> DeviceRunActionTraits {
            switch action {
            case .push(let id, let high, let background):
                DeviceRunActionTraits(
                    name: "push", isSystemEvent: true, pushIsHighPriority: high, pushIdentifier: id,
                    isBackgroundPush: background)
            case .user: DeviceRunActionTraits(name: "user")
            }
        }
        func perform(_ action: Action, delay: DeliveryDelay?, device state: DeviceState) async throws {
            try await perform(action, presentation: DevicePresentation(delay: delay), device: state)
        }
        func perform(_ action: Action, presentation: DevicePresentation, device state: DeviceState) async throws {
            switch action {
            case .push(let id, _, true): note("background push \(id)", state)
            case .push(let id, _, false):
                note(
                    "push \(id)" + (presentation.quiet(at: .active).map { " quiet \($0.reason.rawValue)" } ?? ""), state
                )
            case .user: note("user", state)
            }
        }
        func respond(to identifier: String, actionID: String, device state: DeviceState) async throws {}
        func deviceReported(_ fact: DeviceRunFact, device state: DeviceState) async {
            switch fact {
            case .run(let cause, _): note("run \(cause)", state)
            case .skipped(let cause): note("skipped \(cause)", state)
            case .skippedPush(let cause, let identifier): note("skipped \(cause) \(identifier)", state)
            case .forceStopped(let cancelled, let withdrawn):
                note(
                    "force stopped " + cancelled.map(\.identifier).joined(separator: ",") + " / "
                        + withdrawn.map(\.identifier).joined(separator: ","), state)
            case .lost(let request, let reason): note("lost \(request.identifier) \(reason.rawValue)", state)
            case .shownByTheSystem(let request, let quiet):
                note(
                    "system showed \(request.identifier)" + (quiet.map { " quiet \($0.reason.rawValue)" } ?? ""), state)
            default: break
            }
        }
    }

    private static func run(
        _ device: any SimulatedDevice, wanted: [NotificationRequest],
        actions: [DeviceRunAction<RecordingApp.Action>], until minutes: Double
    ) async throws -> [String] {
        let app = RecordingApp(device: device, wanted: wanted)
        var loop = DeviceRunLoop(
            device: device, app: app, start: DeviceState(now: start, timeZone: utc), actions: actions,
            until: at(minutes))
        try await loop.run()
        return app.entries
    }

    @Test func androidForceStopRemovesEverythingAndNothingReachesTheAppUntilItsLaunch() async throws {
        let phone = SimulatedAndroidCenter(clock: ManualWaveClock(now: Self.start))
        let entries = try await Self.run(
            phone,
            wanted: [Self.request("a", minutes: 5), Self.request("b", minutes: 30), Self.request("c", minutes: 90)],
            actions: [
                DeviceRunAction(at: Self.at(10), kind: .forceStop),
                DeviceRunAction(at: Self.at(20), kind: .app(.push(id: "msg_p", highPriority: true, background: false))),
                DeviceRunAction(at: Self.at(25), kind: .app(.push(id: "msg_r", highPriority: false, background: true))),
                DeviceRunAction(at: Self.at(26), kind: .backgroundRefresh),
                DeviceRunAction(at: Self.at(28), kind: .reboot),
                DeviceRunAction(at: Self.at(60), kind: .launch),
                DeviceRunAction(at: Self.at(70), kind: .app(.push(id: "msg_q", highPriority: true, background: false))),
            ], until: 120)
        #expect(
            entries == [
                "0 reconcile", "0 run start", "5 shown a", "10 force stopped b,c / a", "20 skipped force_stopped msg_p",
                "25 skipped force_stopped msg_r", "26 skipped force_stopped", "30 lost b force_stop", "60 reconcile",
                "60 run action", "70 push msg_q", "90 shown c",
            ])
    }

    @Test func iOSForceQuitKeepsWhatTheCenterHoldsAndSkipsOnlyTheAppsCode() async throws {
        let phone = SimulatedIOSCenter(clock: ManualWaveClock(now: Self.start))
        let entries = try await Self.run(
            phone, wanted: [Self.request("a", minutes: 30)],
            actions: [
                DeviceRunAction(at: Self.at(10), kind: .forceStop),
                DeviceRunAction(at: Self.at(20), kind: .app(.push(id: "msg_p", highPriority: true, background: false))),
                DeviceRunAction(at: Self.at(25), kind: .app(.push(id: "msg_r", highPriority: false, background: true))),
                DeviceRunAction(at: Self.at(26), kind: .backgroundRefresh),
                DeviceRunAction(at: Self.at(60), kind: .launch),
                DeviceRunAction(at: Self.at(70), kind: .app(.push(id: "msg_s", highPriority: false, background: true))),
            ], until: 120)
        #expect(
            entries == [
                "0 reconcile", "0 run start", "20 push msg_p", "25 skipped force_quit msg_r", "26 skipped force_quit",
                "30 system showed a", "60 reconcile", "60 run action", "70 background push msg_s",
                "70 run backgroundPush",
            ])
    }

    @Test func aFocusHoldsAPushAndLowPowerModeSkipsABackgroundPushOnIOS() async throws {
        let window = try Self.window(from: 0, to: 60)
        let phone = SimulatedIOSCenter(
            conditions: DeviceConditions(ios: .init(focus: [.init(window)], lowPower: [window])),
            clock: ManualWaveClock(now: Self.start))
        let entries = try await Self.run(
            phone, wanted: [],
            actions: [
                DeviceRunAction(at: Self.at(10), kind: .app(.push(id: "msg_p", highPriority: true, background: false))),
                DeviceRunAction(at: Self.at(20), kind: .app(.push(id: "msg_r", highPriority: false, background: true))),
            ], until: 120)
        #expect(entries == ["0 reconcile", "0 run start", "10 push msg_p quiet focus", "20 skipped low_power msg_r"])
    }

    @Test func aUserActionInDeepDozeShowsWhatDozeHeldBeforeTheAppsCode() async throws {
        // Idle from the start for six hours: deep Doze from 64.5 min, its first maintenance window at 124.5 min.
        var conditions = DeviceConditions(idle: [.init(try Self.window(from: 0, to: 360))])
        conditions.android.scheduleMode = .work
        let phone = SimulatedAndroidCenter(conditions: conditions, clock: ManualWaveClock(now: Self.start))
        let entries = try await Self.run(
            phone, wanted: [Self.request("a", minutes: 80)],
            actions: [
                DeviceRunAction(
                    at: Self.at(85), kind: .app(.push(id: "msg_l", highPriority: false, background: false))),
                DeviceRunAction(at: Self.at(90), kind: .app(.user)),
            ], until: 200)
        #expect(
            entries == [
                "0 reconcile", "0 run start", "90 shown a doze", "90 push msg_l", "90 user", "90 run action",
            ])
    }

    @Test func aDeepDozeHoldsABackgroundPushUntilItsMaintenanceWindow() async throws {
        let phone = SimulatedAndroidCenter(
            conditions: DeviceConditions(idle: [.init(try Self.window(from: 0, to: 360))]),
            clock: ManualWaveClock(now: Self.start))
        let entries = try await Self.run(
            phone, wanted: [],
            actions: [
                DeviceRunAction(at: Self.at(85), kind: .app(.push(id: "msg_r", highPriority: false, background: true)))
            ], until: 200)
        #expect(
            entries == ["0 reconcile", "0 run start", "124 background push msg_r", "124 run backgroundPush"])
    }

    @Test func androidsCapDropsANotificationTheAppShowsItself() async throws {
        let phone = SimulatedAndroidCenter(conditions: DeviceConditions(), clock: ManualWaveClock(now: Self.start))
        for index in 1...50 { try await phone.show(Self.request("r\(index)", minutes: 0)) }
        await #expect(throws: NotificationNotShown(reason: .androidNotificationCap)) {
            try await phone.show(Self.request("r51", minutes: 0))
        }
        // One already on screen is replaced, not dropped.
        try await phone.show(Self.request("r1", minutes: 0))
        let ideal = SimulatedAndroidCenter(clock: ManualWaveClock(now: Self.start))
        for index in 1...51 { try await ideal.show(Self.request("r\(index)", minutes: 0)) }
        #expect(await ideal.onScreen.count == 51)
    }
}
