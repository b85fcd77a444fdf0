internal import Foundation
internal import GrowBroServer
internal import GrowBroServerTesting
internal import WaveNotifications
internal import WaveNotificationsTesting
internal import WavePushPayloads

/// Workload 9: GrowBro's push server on a file in the temporary directory (real fsyncs): a system message fanned
/// out to N users of one installation each (half APNs, half FCM), one transaction per recipient; then the N
/// recorded sends dispatched to a transport that accepts everything, one committed outcome per send.
enum PushFanOutWorkload {
    enum Phase {
        /// Timed: the N fan-outs (inbox entry, badge, payload, send record; one commit each).
        case fanOut
        /// Timed: the N requests built, "sent" and their outcomes committed (the fan-out before is not timed).
        case dispatch
    }

    /// A provider that accepts every request at once.
    private struct AcceptingTransport: PushTransport {
        func send(_ request: ProviderRequest) async throws -> ProviderResponse {
            ProviderResponse(status: 200)
        }
    }

    static func run(count: Int, phase: Phase) async throws -> [String: Double] {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("wavebench-push-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try PushServer(path: directory.appendingPathComponent("server.sqlite").path)
        defer { server.close() }
        let start = Date(timeIntervalSince1970: 1_781_884_800)
        for index in 0..<count {
            let apns = index.isMultiple(of: 2)
            let hex = String(index, radix: 16)
            try server.register(
                TokenRegistration(
                    userID: "u\(index)", installationID: "i\(index)", platform: apns ? .apns : .fcm,
                    token: apns
                        ? String(repeating: "0", count: 64 - hex.count) + hex
                        : "bench:" + String(repeating: "0", count: 40 - hex.count) + hex,
                    environment: apns ? .production : nil, at: start))
        }
        let fanOutStarted = ContinuousClock.now
        var sends = 0
        for index in 0..<count {
            let result = try server.fanOut(
                CommunityEvent(
                    messageID: "m\(index)", recipientID: "u\(index)",
                    kind: .system(title: "GrowBro 3.0", text: "New grow journal templates are here."),
                    at: start.addingTimeInterval(60)))
            sends += result.sends.count
        }
        let fanOutSeconds = (ContinuousClock.now - fanOutStarted).seconds
        try WorkloadFailure.check(sends == count, "\(sends) sends recorded for \(count) installations")
        if phase == .fanOut {
            return ["seconds": fanOutSeconds, "operations": Double(count), "commits": Double(count)]
        }
        let dispatcher = PushDispatcher(
            server: server, transport: AcceptingTransport(), credentials: CountingCredentials(),
            clock: ManualWaveClock(now: start.addingTimeInterval(60)), random: SeededRandom(seed: 1))
        let dispatchStarted = ContinuousClock.now
        var accepted = 0
        while true {
            let decisions = try await dispatcher.dispatchDue(limit: 1_000)
            if decisions.isEmpty { break }
            accepted += decisions.count { $0.kind == .accepted }
        }
        let dispatchSeconds = (ContinuousClock.now - dispatchStarted).seconds
        try WorkloadFailure.check(accepted == count, "\(accepted) of \(count) sends accepted")
        return ["seconds": dispatchSeconds, "operations": Double(count), "commits": Double(count)]
    }
}
