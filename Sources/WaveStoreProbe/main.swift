// A child process for the store's crash test in WaveLinuxAdapterTests: it owns a state directory and commits
// one more pending request per transaction, forever, until the test kills it with SIGKILL.
//
// Usage: WaveStoreProbe <state directory>
// Prints `ready <n>` once it has opened a store of n pending requests, then `saved probe-<i>` after each
// upsert that has returned (so is committed and durable), for i = n, n + 1, …
import Foundation
import WaveLinuxAdapter
import WaveNotifications

private func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: WaveStoreProbe <state directory>\n".utf8))
    exit(64)
}
let directory = URL(fileURLWithPath: CommandLine.arguments[1], isDirectory: true)
let store = try NotificationStore(directory: directory)
var count = try store.pendingCount()
say("ready \(count)")
let text = LocalizedText(table: "Probe", key: "probe_name")
let channel = NotificationChannel(id: "probe", categoryID: "PROBE", name: text, channelDescription: text)
// A long argument makes each commit a few pages, so a kill often lands inside a write.
let padding = String(repeating: "wave ", count: 1_000)
while true {
    let request = NotificationRequest(
        identifier: "probe-\(count)", threadID: "thread-\(count % 7)", channel: channel,
        fireAt: Date(timeIntervalSince1970: 1_781_884_800 + Double(count)), title: text,
        body: LocalizedText(table: "Probe", key: "probe_body", arguments: ["Probe \(count) \(padding)"]),
        deepLink: "probe://\(count)")
    try store.upsert(request)
    say("saved probe-\(count)")
    count += 1
}
