internal import Foundation
internal import TestSupport
internal import WaveLinuxAdapter
internal import WaveNotifications
internal import WaveStrings

/// Workload 10: what one desktop notification costs, from `show` to the notification server's receipt, on the
/// private desktop the tests use (dbus-daemon, Xvfb, dunst 1.9), through the sink on libdbus-1 and through the
/// `gdbus` process per notification it replaced (``GdbusNotifySink``).
///
/// N notifications of one identifier are shown one after the other, each replacing the last (so dunst holds one
/// notification throughout, whatever N), each awaited before the next. A `dbus-monitor --profile` on the bus stamps
/// every `Notify` as the bus hands it over (the monitor and dunst receive it in the same dispatch); the receipt
/// latency of a show is that stamp minus the realtime clock read just before the call. The round trip ends when the
/// call returns with the server's id. The connection, the capabilities and three warm-up shows come before the
/// timed ones, on both sides (for `gdbus`, the capabilities only: every show is a new process anyway).
enum DesktopNotifyWorkload {
    /// The sink measured.
    enum Side {
        /// `DesktopSink` on its libdbus-1 connection.
        case libdbus
        /// One `gdbus call` per notification, as before.
        case gdbus
    }

    static let warmUps = 3

    /// Whether the tools are here: the private desktop's, and `gdbus` for the old side.
    static func missingTools(for side: Side) -> [String] {
        var missing = DesktopEnvironment.missingTools
        if side == .gdbus && DesktopEnvironment.find("gdbus") == nil {
            missing.append("gdbus (libglib2.0-bin)")
        }
        return missing
    }

    static func run(count: Int, side: Side) async throws -> [String: Double] {
        let missing = missingTools(for: side)
        try WorkloadFailure.check(missing.isEmpty, "missing \(missing.joined(separator: ", "))")
        let desktop = try await DesktopEnvironment.start()
        defer { desktop.stop() }
        let stamps = desktop.directory.appending("notify-stamps.txt")
        _ = FileManager.default.createFile(atPath: stamps.path, contents: nil)
        let monitor = Process()
        monitor.executableURL = DesktopEnvironment.find("dbus-monitor")
        monitor.arguments = [
            "--address", desktop.busAddress, "--profile",
            "type='method_call',interface='org.freedesktop.Notifications',member='Notify'",
        ]
        monitor.standardOutput = try FileHandle(forWritingTo: stamps)
        monitor.standardError = FileHandle.nullDevice
        try monitor.run()
        defer {
            if monitor.isRunning { monitor.terminate() }
        }
        // It prints NameLost once it is a monitor; from then on no Notify is missed.
        for _ in 0..<400 where !((try? String(contentsOf: stamps, encoding: .utf8))?.contains("NameLost") ?? false) {
            try await Task.sleep(for: .milliseconds(25))
        }

        let show: @Sendable (NotificationDelivery) async throws -> UInt32
        switch side {
        case .libdbus:
            let sink = DesktopSink(environment: desktop.variables)
            _ = try await sink.checkServer()
            show = { delivery in
                try await sink.deliver(delivery)
                return await sink.shownNotifications[delivery.identifier] ?? 0
            }
        case .gdbus:
            let sink = GdbusNotifySink(gdbus: DesktopEnvironment.find("gdbus")!, environment: desktop.variables)
            _ = try await sink.loadCapabilities()
            show = { try await sink.deliver($0) }
        }
        var ids = Set<UInt32>()
        for index in 0..<warmUps {
            ids.insert(try await show(delivery(index)))
        }
        var shownAt: [Double] = []
        var roundTrips: [Double] = []
        let startCPU = ProcessCPU.seconds()
        let startChildrenCPU = ProcessCPU.childrenSeconds()
        let started = ContinuousClock.now
        for index in 0..<count {
            let deliveryNumber = delivery(warmUps + index)
            let before = ContinuousClock.now
            shownAt.append(realTime())
            ids.insert(try await show(deliveryNumber))
            roundTrips.append((ContinuousClock.now - before).seconds * 1000)
        }
        let seconds = (ContinuousClock.now - started).seconds
        let cpuSeconds = ProcessCPU.seconds() - startCPU
        let childrenCPUSeconds = ProcessCPU.childrenSeconds() - startChildrenCPU
        try WorkloadFailure.check(ids.count == 1 && !ids.contains(0), "server ids \(ids.sorted()): not one replaced")

        // The monitor's stamps of every Notify, in order: the warm-ups', then the timed ones'.
        var received: [Double] = []
        for _ in 0..<400 {
            received = try receiptStamps(in: stamps)
            if received.count >= warmUps + count { break }
            try await Task.sleep(for: .milliseconds(25))
        }
        try WorkloadFailure.check(
            received.count == warmUps + count, "the bus carried \(received.count) Notify, expected \(warmUps + count)")
        let receipts = zip(received.dropFirst(warmUps), shownAt).map { ($0 - $1) * 1000 }
        try WorkloadFailure.check(receipts.allSatisfy { $0 >= 0 }, "a Notify stamped before its show")
        let sortedReceipts = receipts.sorted()
        let sortedRoundTrips = roundTrips.sorted()
        return [
            "seconds": seconds, "operations": Double(count), "cpuSeconds": cpuSeconds,
            "childrenCPUSeconds": childrenCPUSeconds, "totalCPUSeconds": cpuSeconds + childrenCPUSeconds,
            "receiptP50Milliseconds": Statistics.percentile(50, ofSorted: sortedReceipts),
            "receiptP99Milliseconds": Statistics.percentile(99, ofSorted: sortedReceipts),
            "receiptMaxMilliseconds": sortedReceipts.last ?? .nan,
            "roundTripP50Milliseconds": Statistics.percentile(50, ofSorted: sortedRoundTrips),
            "roundTripP99Milliseconds": Statistics.percentile(99, ofSorted: sortedRoundTrips),
        ]
    }

    /// The `n`th show: a Hydracat-like reminder with two actions, always the same identifier.
    private static func delivery(_ number: Int) -> NotificationDelivery {
        let text = LocalizedText(table: "Hydracat", key: "channel_reminders")
        let channel = NotificationChannel(
            id: "treatment_reminders", importance: .high, categoryID: "TREATMENT_REMINDER",
            interruptionLevel: .timeSensitive, name: text, channelDescription: text)
        let at = Date(timeIntervalSince1970: 1_781_884_800 + Double(number) * 60)
        let request = NotificationRequest(
            identifier: "reminder", threadID: "reminders", channel: channel, fireAt: at,
            title: LocalizedText(table: "Hydracat", key: "reminder_title"),
            body: LocalizedText(table: "Hydracat", key: "reminder_body"), deepLink: "hydracat://log",
            actions: [
                NotificationAction(id: "log", title: LocalizedText(table: "Hydracat", key: "action_done")),
                NotificationAction(id: "snooze", title: LocalizedText(table: "Hydracat", key: "action_snooze")),
            ])
        return NotificationDelivery(
            request: request,
            text: RenderedText(
                title: "Time for Luna's morning treatment", body: "Reminder \(number): fluids <at> 08:00 & log it",
                locale: "en", actionTitles: ["Log", "Snooze"]),
            scheduledFor: at, deliveredAt: at)
    }

    /// The realtime clock in seconds, the clock `dbus-monitor` stamps with.
    private static func realTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The stamps (seconds) of the `Notify` lines of `dbus-monitor --profile` (`mc<TAB>1795885668.280311<TAB>…`).
    private static func receiptStamps(in file: URL) throws -> [Double] {
        try String(contentsOf: file, encoding: .utf8).split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t")
            guard fields.count >= 8, fields[0] == "mc", fields.last == "Notify" else { return nil }
            return Double(fields[1])
        }
    }
}
