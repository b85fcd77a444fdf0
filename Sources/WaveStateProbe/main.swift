// A child process for the crash tests in WaveLinuxAdapterTests: it owns a state directory and schedules
// one more notification per durable save (one SQLite transaction), forever, until the test kills it with SIGKILL.
//
// Usage: WaveStateProbe <state directory> [--start-only]
// Prints `ready <n>` once it has started (importing a `state.json` if there is one) with n notifications pending,
// then `saved <n>` after each save that has returned (so is durable) with notifications probe-0 … probe-(n-1)
// pending. With `--start-only` it only starts, says `ready <n>` and waits to be killed.
import Foundation
import WaveLinuxAdapter
import WaveNotifications
import WaveNotificationsTesting
internal import WaveStrings

private struct DiscardingSink: NotificationSink {
    func deliver(_ delivery: NotificationDelivery) async throws {}
}

private struct KeyRenderer: NotificationTextRenderer {
    func render(_ content: NotificationContent) -> RenderedText {
        RenderedText(title: content.titleKey, body: content.bodyKey, locale: "en")
    }
}

private func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let startOnly = CommandLine.arguments.count == 3 && CommandLine.arguments[2] == "--start-only"
guard CommandLine.arguments.count == 2 || startOnly else {
    FileHandle.standardError.write(Data("usage: WaveStateProbe <state directory> [--start-only]\n".utf8))
    exit(64)
}
let directory = URL(fileURLWithPath: CommandLine.arguments[1], isDirectory: true)
// A fixed instant: nothing ever comes due, so the state only grows.
let clock = ManualWaveClock(now: Date(timeIntervalSince1970: 1_781_884_800))
let manager = try LinuxNotificationManager(
    configuration: .init(pendingLimit: PendingLimit.iOS, stateDirectory: directory), clock: clock,
    sink: DiscardingSink(), renderer: KeyRenderer())
try await manager.start()
var count = manager.pendingCount
say("ready \(count)")
while startOnly {
    try await Task.sleep(for: .seconds(3600))
}
// Long arguments make each save a few hundred kilobytes, so a kill usually lands inside a write.
let padding = String(repeating: "wave ", count: 200)
while true {
    try await manager.scheduleNotification(
        eventID: "probe-\(count)", trigger: .eventFinished, delay: .seconds(86_400 + count),
        content: NotificationContent(
            titleKey: "notification_wave_completed", bodyKey: "notification_event_finished",
            bodyArgs: ["Probe \(count) \(padding)"], deepLink: "worldwidewaves://event?id=probe-\(count)"))
    count += 1
    say("saved \(count)")
}
