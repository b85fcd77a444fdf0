internal import Foundation

// The text report: machine and method, one section per workload, the growth and the goals.
extension Report {
    /// Adds a row for each size and each case run at that size, in that order: the size, the case's name, then
    /// `cells` of its summary (given the size too), or `FAILED:` and why.
    private func addRows(
        _ cases: [(BenchCase, String)], sizes: [Int], to table: inout TextTable,
        cells: (CaseSummary, Int) -> [String]
    ) {
        for size in sizes {
            for (benchCase, name) in cases {
                guard let summary = summary(benchCase, size) else { continue }
                if let failure = summary.failure {
                    table.add([Format.count(size), name, "FAILED: \(failure)"])
                } else {
                    table.add([Format.count(size), name] + cells(summary, size))
                }
            }
        }
    }

    private func sizes(_ cases: [BenchCase]) -> [Int] {
        Set(summaries.filter { summary in cases.contains { $0.rawValue == summary.caseName } }.map(\.size)).sorted()
    }

    func table() -> String {
        var text = "WaveBench\(quick ? " --quick (small sizes: a smoke test, not the figures to quote)" : "")\n"
        text += "Machine: \(machine.processors) cores (\(machine.processorModel)), "
        text += "\(Format.bytes(Double(machine.memoryBytes))) memory, \(machine.kernel)\n"
        text += "Toolchain: \(machine.swiftVersion)\n"
        text += "Load average: \(machine.loadAverageAtStart) at start, \(machine.loadAverageAtEnd) at end "
        text += "(a shared machine: compare the ratios, trust the absolute times less). "
        text += "Total wall time \(Format.duration(wallSeconds)).\n"
        text += "Method: \(method)\n"
        if let idle = summary(.idle, 0) {
            text += "An idle child peaks at \(Format.bytes(idle.peakResidentBytes)).\n"
        }
        text += queueSection() + deliverySection() + syncSection() + replaySection() + localizationSection()
        text +=
            storeSection() + recurrenceSection() + pushSection() + desktopSection() + transportSection()
            + apiSection()
        text += latencySection() + apiLatencySection()
        text += growthSection() + goalsSection()
        let single = summaries.filter {
            $0.failure == nil && $0.samples.count == 1 && $0.warmUps > 0 && !quick && repetitionsOverride != 1
        }
        if !single.isEmpty {
            text += "\nMeasured once (the warm-up took over a minute): "
            text += single.map { "\($0.caseName) at \(Format.count($0.size))" }.joined(separator: ", ") + ".\n"
        }
        let failures = summaries.filter { $0.failure != nil }
        if !failures.isEmpty {
            text += "\nFAILED workloads:\n"
            for failure in failures {
                text += "  \(failure.caseName) at \(Format.count(failure.size)): \(failure.failure ?? "")\n"
            }
        }
        return text
    }

    private static let queueNames: [(BenchCase, String)] = [
        (.queueOurs, "LinuxNotificationManager"),
        (.queueOursBudget, "LinuxNotificationManager, budget 64"),
        (.queueOursBatch, "LinuxNotificationManager, batch calls"),
        (.queueOursRequests, "LinuxNotificationManager, request batches"),
        (.queueTask, "Task per notification"),
        (.queueDispatch, "DispatchSourceTimer per notification"),
    ]

    private func queueSection() -> String {
        let sizes = sizes(Self.queueNames.map(\.0))
        guard !sizes.isEmpty else { return "" }
        let planLive = sizes.map { size in
            "\(Format.bytes(summary(.queuePlan, size)?.median("liveBytesAtEnd"))) at \(Format.count(size))"
        }.joined(separator: ", ")
        var text =
            "\n1. Timer queue: schedule N notifications at random instants 1 h to 30 days ahead, reschedule 10%,\n"
        text += "   cancel half of the events (one call per event). Nothing fires. Operations = all manager calls.\n"
        text +=
            "   net/notif. = (peak − peak of the plan alone) / N. Live at end = resident memory after malloc_trim,\n"
        text += "   with the uncancelled half still pending (the plan alone: \(planLive)).\n"
        text +=
            "   CPU ns/op counts every thread (user + system): the baselines hand part of their work to other threads.\n"
        var table = TextTable([
            "N", "implementation", "time", "ops/s", "ns/op", "CPU ns/op", "peak RSS", "net/notif.", "live at end",
        ])
        var ratios: [String] = []
        for size in sizes {
            addRows(Self.queueNames, sizes: [size], to: &table) { summary, _ in
                [
                    Format.duration(summary.median("seconds")), Format.rate(summary.operationsPerSecond),
                    Format.significant(summary.nanosecondsPerOperation ?? .nan),
                    Format.significant(summary.cpuNanosecondsPerOperation ?? .nan),
                    Format.bytes(summary.peakResidentBytes),
                    netPerNotification(summary).map { Format.significant($0) + " B" } ?? "–",
                    Format.bytes(summary.median("liveBytesAtEnd")),
                ]
            }
            if let ours = summary(.queueOurs, size), ours.failure == nil {
                var parts: [String] = []
                for (benchCase, name) in [(BenchCase.queueTask, "Task"), (.queueDispatch, "Dispatch")] {
                    guard let other = summary(benchCase, size), other.failure == nil,
                        let speed = ratio(ours.operationsPerSecond, other.operationsPerSecond)
                    else { continue }
                    var part = "\(Format.ratio(speed)) the ops/s of \(name)"
                    if let ourCPU = ours.cpuNanosecondsPerOperation, let theirCPU = other.cpuNanosecondsPerOperation,
                        ourCPU > 0
                    {
                        part += " (\(Format.ratio(theirCPU / ourCPU)) less CPU per op)"
                    }
                    if let ourNet = netPerNotification(ours), let theirNet = netPerNotification(other), ourNet > 0 {
                        part += ", \(Format.ratio(theirNet / ourNet)) less memory per notification"
                    }
                    parts.append(part)
                }
                if !parts.isEmpty {
                    ratios.append("   N = \(Format.count(size)): ours does " + parts.joined(separator: "; "))
                }
            }
        }
        text += table.render()
        if !ratios.isEmpty {
            text += "  Ratios (LinuxNotificationManager, no budget):\n" + ratios.joined(separator: "\n") + "\n"
        }
        return text
    }

    private static let deliveryNames: [(BenchCase, String)] = [
        (.deliveryOurs, "LinuxNotificationManager + SystemAlarmClock"),
        (.deliveryTask, "Task per notification"),
        (.deliveryDispatch, "DispatchSourceTimer per notification"),
    ]

    private func deliverySection() -> String {
        let sizes = sizes(Self.deliveryNames.map(\.0))
        guard !sizes.isEmpty else { return "" }
        let due = quick ? "200 notifications due over 1 s" : "2,000 notifications due over 5 s"
        var text = "\n2. Delivery accuracy on the system clock: \(due) while N others are pending days ahead.\n"
        text +=
            "   Lateness = wall clock at the sink minus the intended instant, in ms (median of runs' p50/p99/max).\n"
        var table = TextTable(["pending", "implementation", "schedule/op", "p50 ms", "p99 ms", "max ms", "peak RSS"])
        addRows(Self.deliveryNames, sizes: sizes, to: &table) { summary, _ in
            [
                Format.duration(summary.nanosecondsPerOperation.map { $0 / 1e9 }),
                Format.milliseconds(summary.median("latenessP50Milliseconds")),
                Format.milliseconds(summary.median("latenessP99Milliseconds")),
                Format.milliseconds(summary.median("latenessMaxMilliseconds")),
                Format.bytes(summary.peakResidentBytes),
            ]
        }
        return text + table.render() + contendedDeliverySection()
    }

    private func contendedDeliverySection() -> String {
        let sizes = sizes([.deliveryContended])
        guard !sizes.isEmpty else { return "" }
        let due = quick ? "200 notifications due over 1 s" : "2,000 notifications due over 5 s"
        var text = "\n2b. Delivery accuracy under load: \(due) while \(ContendedDeliveryWorkload.callerCount) "
        text += "callers each add a request, list every pending one\n"
        text += "   (pendingRequests(), N + about 50) and remove it, in a loop until the window ends;"
        text += " N pending a day ahead.\n"
        var table = TextTable(["pending", "implementation", "caller rounds", "p50 ms", "p99 ms", "max ms", "peak RSS"])
        addRows([(.deliveryContended, "LinuxNotificationManager + SystemAlarmClock")], sizes: sizes, to: &table) {
            summary, _ in
            [
                Format.count(Int(summary.median("callerRounds") ?? 0)),
                Format.milliseconds(summary.median("latenessP50Milliseconds")),
                Format.milliseconds(summary.median("latenessP99Milliseconds")),
                Format.milliseconds(summary.median("latenessMaxMilliseconds")),
                Format.bytes(summary.peakResidentBytes),
            ]
        }
        return text + table.render()
    }

    private func syncSection() -> String {
        let names: [(BenchCase, String)] = [
            (.syncRecording, "RecordingNotificationManager"), (.syncLinux, "LinuxNotificationManager (budget 64)"),
            (.syncDiscarding, "none (calls discarded): the scheduler alone"),
            (.syncReconcileLinux, "LinuxNotificationManager, reconciling sync"),
        ]
        let sizes = sizes(names.map(\.0))
        guard !sizes.isEmpty else { return "" }
        let text =
            "\n3. Scheduler sync: syncNotifications for N favorite events (6N notifications), then again unchanged.\n"
        var table = TextTable([
            "events", "manager", "first sync", "calls", "second sync", "calls", "per event", "peak RSS",
        ])
        addRows(names, sizes: sizes, to: &table) { summary, size in
            let first = summary.median("firstSyncSeconds")
            return [
                Format.duration(first), Format.count(Int(summary.median("firstSyncCalls") ?? 0)),
                Format.duration(summary.median("secondSyncSeconds")),
                Format.count(Int(summary.median("secondSyncCalls") ?? 0)),
                Format.duration(first.map { $0 / Double(size) }), Format.bytes(summary.peakResidentBytes),
            ]
        }
        return text + table.render()
    }

    private func replaySection() -> String {
        let sizes = sizes([.replay])
        let goNowYears = summaries.filter { $0.caseName == BenchCase.replayGoNowYear.rawValue }
        guard
            !sizes.isEmpty || summary(.replayShadowYear, AppReplayWorkload.days) != nil || !goNowYears.isEmpty
                || !self.sizes(Self.yearsCases.map(\.0)).isEmpty || !self.sizes([.fleet]).isEmpty
        else { return "" }
        var text =
            "\n4. Replay: virtual clock, N favorite events (6 deliveries each), JSON Lines to /dev/null, end to end\n"
        text += "   (read + decode the scenario, scheduler sync, every delivery rendered and written).\n"
        var table = TextTable(
            ["events", "deliveries", "wall time", "deliveries/s", "CPU time", "decode", "peak RSS"], leftAligned: 1)
        for size in sizes {
            guard let summary = summary(.replay, size) else { continue }
            if let failure = summary.failure {
                table.add([Format.count(size), "FAILED: \(failure)"])
                continue
            }
            table.add([
                Format.count(size), Format.count(Int(summary.median("deliveries") ?? 0)),
                Format.duration(summary.median("seconds")), Format.rate(summary.operationsPerSecond),
                Format.duration(summary.median("cpuSeconds")), Format.duration(summary.median("parseSeconds")),
                Format.bytes(summary.peakResidentBytes),
            ])
        }
        if !sizes.isEmpty { text += table.render() }
        if let shadow = summary(.replayShadowYear, AppReplayWorkload.days) {
            text += "   A year of Shadow (every category on, default schedules, America/New_York, iOS budget 64), "
            text += "wavesim replay --format json, output captured in memory: "
            text += appYearFigures(shadow)
        }
        for goNow in goNowYears {
            text +=
                "   \(goNow.size == AppReplayWorkload.days ? "A year" : "\(Format.count(goNow.size)) days") of GoNow "
            text += "forecasts (every 8 hours, 4 modes, quiet hours, Asia/Jerusalem, iOS budget 64), the same way: "
            text += appYearFigures(goNow)
        }
        for (linux, ios) in platformPairs() {
            text +=
                "   \(Format.count(linux.size)) days of Shadow with a background refresh at 09:00 each day, on linux: "
            text += appYearFigures(linux)
            text += "   The same on ios (64 held, the app runs only at the refreshes): " + appYearFigures(ios)
            if let ratio = platformRatio(linux: linux, ios: ios) {
                text += "   ios / linux wall time: \(Format.significant(ratio))×.\n"
            }
        }
        for (linux, ios) in platformPairs(.replayWaveRefreshLinux, .replayWaveRefreshIOS) {
            text +=
                "   \(Format.count(linux.size)) days of WorldWideWaves, 20 favorite events a day, a background refresh "
            text += "every 6 hours, on linux: " + appYearFigures(linux)
            text +=
                "   The same on ios (64 held, the app hands over more only at the refreshes): " + appYearFigures(ios)
            if let ratio = platformRatio(linux: linux, ios: ios) {
                text += "   ios / linux wall time: \(Format.significant(ratio))×.\n"
            }
        }
        return text + fleetLines() + yearsTable()
    }

    /// The `fleet` case: user-days a second, CPU per user-day and peak memory.
    private func fleetLines() -> String {
        var text = ""
        for summary in summaries where summary.caseName == BenchCase.fleet.rawValue {
            if let failure = summary.failure {
                text += "   wavesim fleet, \(Format.count(summary.size)) users: FAILED: \(failure)\n"
                continue
            }
            let userDays = summary.median("operations") ?? .nan
            text +=
                "   wavesim fleet, \(Format.count(summary.size)) Hydracat users on Android × \(FleetWorkload.days) days "
            text +=
                "(\(Format.count(Int(userDays))) user-days, every core): \(Format.duration(summary.median("seconds"))), "
            text += "\(Format.rate(summary.operationsPerSecond)) user-days, CPU "
            text += "\(Format.duration(summary.median("cpuSeconds").map { $0 / userDays })) a user-day, "
            text += "peak \(Format.bytes(summary.peakResidentBytes)).\n"
        }
        return text
    }

    /// 4f: each app and platform at one span and four times it.
    private func yearsTable() -> String {
        let cases = Self.yearsCases
        let sizes = sizes(cases.map(\.0))
        guard !sizes.isEmpty else { return "" }
        var text = "   4f. The same app over one span and four (days): Shadow refreshed daily, Hydracat logged twice a "
        text += "day,\n   GrowBro's pushes, tasks, digests and inbox, lines to /dev/null, and the bytes of the state "
        text += "the app saves\n   between launches at the end.\n"
        var table = TextTable(
            ["days", "app, platform", "deliveries", "wall time", "CPU time", "peak RSS", "saved state"], leftAligned: 2)
        addRows(cases, sizes: sizes, to: &table) { summary, _ in
            [
                Format.count(Int(summary.median("deliveries") ?? 0)), Format.duration(summary.median("seconds")),
                Format.duration(summary.median("cpuSeconds")), Format.bytes(summary.peakResidentBytes),
                Format.bytes(summary.median("savedStateBytes")),
            ]
        }
        return text + table.render()
    }

    /// Deliveries, wall time, deliveries/s, CPU time and peak memory of a year of an app, or why it failed.
    private func appYearFigures(_ summary: CaseSummary) -> String {
        if let failure = summary.failure { return "FAILED: \(failure)\n" }
        var text = "\(Format.count(Int(summary.median("deliveries") ?? 0))) deliveries in "
        text += "\(Format.duration(summary.median("seconds"))) (\(Format.rate(summary.operationsPerSecond))), "
        text += "CPU \(Format.duration(summary.median("cpuSeconds"))), "
        text += "peak \(Format.bytes(summary.peakResidentBytes)).\n"
        return text
    }

    private func recurrenceSection() -> String {
        let rows: [(BenchCase, String)] = [
            (.recurrenceNext, "nextOccurrence(after:), N calls"), (.recurrenceYear, "occurrences over a year, N times"),
        ]
        let sizes = sizes(rows.map(\.0))
        guard !sizes.isEmpty else { return "" }
        var text = "\n8. Recurrence: an every-hour rule (00:00–23:00) in Europe/Berlin, 2026 (both DST changes);\n"
        text += "   a year holds each wall-clock hour once, counted independently with Foundation's calendar.\n"
        var table = TextTable(["N", "workload", "time", "per call", "peak RSS"])
        addRows(rows, sizes: sizes, to: &table) { summary, _ in
            [
                Format.duration(summary.median("seconds")),
                Format.duration(summary.nanosecondsPerOperation.map { $0 / 1e9 }),
                Format.bytes(summary.peakResidentBytes),
            ]
        }
        return text + table.render()
    }

    private func pushSection() -> String {
        let rows: [(BenchCase, String)] = [
            (.pushFanOut, "fan-out: N recipients, one commit each"),
            (.pushFanOutBatched, "fan-out: 1,000 recipients per commit"),
            (.pushFanOutPostgres, "fan-out: PostgreSQL, 1,000 per commit"),
            (.pushDispatch, "dispatch: one commit per outcome"),
            (.pushDispatchBatched, "dispatch: 500 outcomes per commit"),
            (.pushDispatchPostgres1, "dispatch: PostgreSQL, 1 sender"),
            (.pushDispatchPostgres2, "dispatch: PostgreSQL, 2 senders"),
            (.pushDispatchPostgres4, "dispatch: PostgreSQL, 4 senders"),
            (.pushBroadcast, "event to last accepted: SQLite, 1 sender"),
            (.pushBroadcastPostgres, "event to last accepted: PostgreSQL, 2"),
        ]
        let sizes = sizes(rows.map(\.0))
        guard !sizes.isEmpty else { return "" }
        var text =
            "\n9. GrowBro push server: a system message to N users of one installation each (half APNs, half FCM),\n"
        text += "   SQLite on a file (synchronous=FULL), a transport that accepts every request at once.\n"
        var table = TextTable(["N", "workload", "time", "per send", "sends/s", "commits", "peak RSS"])
        addRows(rows, sizes: sizes, to: &table) { summary, _ in
            [
                Format.duration(summary.median("seconds")),
                Format.duration(summary.nanosecondsPerOperation.map { $0 / 1e9 }),
                Format.rate(summary.operationsPerSecond), summary.median("commits").map { String(Int($0)) } ?? "–",
                Format.bytes(summary.peakResidentBytes),
            ]
        }
        return text + table.render()
    }

    private func transportSection() -> String {
        let rows: [(BenchCase, String)] = [
            (.pushStandInCeiling, "the stand-in's ceiling: h2load, 100 streams"),
            (.pushDispatchHTTP, "dispatch through libcurl, 100 in flight"),
            (.pushDispatchHTTP20, "the same, answers after 20 ms"),
            (.pushDispatchHTTP20Serial, "the same, 1 in flight"),
        ]
        let sizes = sizes(rows.map(\.0))
        guard !sizes.isEmpty else { return "" }
        var text =
            "\n11. Push transport: the dispatch of 9 through HTTP/2 over TLS (CurlPushTransport) to the loopback\n"
        text += "   stand-in (Python's h2), beside what the stand-in answers at most to an independent client.\n"
        var table = TextTable(["N", "workload", "time", "sends/s", "streams", "connections", "peak RSS"])
        addRows(rows, sizes: sizes, to: &table) { summary, _ in
            [
                Format.duration(summary.median("seconds")), Format.rate(summary.operationsPerSecond),
                summary.median("maxOpenStreams").map { String(Int($0)) } ?? "–",
                summary.median("connections").map { String(Int($0)) } ?? "–",
                Format.bytes(summary.peakResidentBytes),
            ]
        }
        return text + table.render()
    }

    private func apiSection() -> String {
        let rows: [(BenchCase, String)] = [
            (.apiSend, "POST /v1/events to one user, SQLite"), (.apiSendPostgres, "the same, PostgreSQL"),
            (.apiRegister, "POST /v1/tokens, a new installation, SQLite"),
            (.apiRegisterPostgres, "the same, PostgreSQL"),
        ]
        let sizes = sizes(rows.map(\.0))
        guard !sizes.isEmpty else { return "" }
        var text =
            "\n12. The HTTP API (wavepush serve: libmicrohttpd, 4 threads) over loopback, 8 keep-alive clients: N requests\n"
        text +=
            "   as fast as answered, then N/2 at half that rate, open loop, latency from each request's due instant.\n"
        var table = TextTable(["N", "workload", "requests/s", "paced at", "p50 ms", "p99 ms", "max ms", "peak RSS"])
        addRows(rows, sizes: sizes, to: &table) { summary, _ in
            [
                Format.rate(summary.operationsPerSecond),
                summary.median("pacedRequestsPerSecond").map { Format.rate($0) } ?? "–",
                Format.milliseconds(summary.median("p50Milliseconds")),
                Format.milliseconds(summary.median("p99Milliseconds")),
                Format.milliseconds(summary.median("maxMilliseconds")), Format.bytes(summary.peakResidentBytes),
            ]
        }
        return text + table.render()
    }

    private func latencySection() -> String {
        let rows: [(BenchCase, String)] = [
            (.pushLatencyIdle, "idle: SQLite, sendNow() in process"),
            (.pushLatencyIdlePostgres, "idle: PostgreSQL, NOTIFY from a backend"),
            (.pushLatencyBroadcast, "during a broadcast: SQLite"),
            (.pushLatencyBroadcastPostgres, "during a broadcast: PostgreSQL"),
        ]
        let sizes = sizes(rows.map(\.0))
        guard !sizes.isEmpty else { return "" }
        var text =
            "\n13. Push latency: a reply from its fan-out's commit to its request at the loopback stand-in, through a\n"
        text += "   running sender and libcurl; during a broadcast of 100,000 (10,000 in --quick) being sent.\n"
        var table = TextTable(["N", "workload", "replies", "p50", "p99", "max"])
        addRows(rows, sizes: sizes, to: &table) { summary, _ in
            [
                summary.median("operations").map { String(Int($0)) } ?? "–",
                Format.duration(summary.median("p50Milliseconds").map { $0 / 1e3 }),
                Format.duration(summary.median("p99Milliseconds").map { $0 / 1e3 }),
                Format.duration(summary.median("maxMilliseconds").map { $0 / 1e3 }),
            ]
        }
        return text + table.render()
    }

    private func apiLatencySection() -> String {
        let rows: [(BenchCase, String)] = [
            (.apiEventToProvider, "SQLite: the sender finds it at its idle check (1 s)"),
            (.apiEventToProviderPostgres, "PostgreSQL: the fan-out's NOTIFY wakes the sender"),
        ]
        let sizes = sizes(rows.map(\.0))
        guard !sizes.isEmpty else { return "" }
        var text =
            "\n14. Event to provider through the API: from a POST /v1/events's start to its push at the loopback\n"
        text += "   stand-in; the API (4 threads) and an idle sender each on its own store connection, one at a time.\n"
        var table = TextTable(["N", "workload", "events", "API answer p50", "p50", "p99", "max"])
        addRows(rows, sizes: sizes, to: &table) { summary, _ in
            [
                summary.median("operations").map { String(Int($0)) } ?? "–",
                Format.duration(summary.median("answerP50Milliseconds").map { $0 / 1e3 }),
                Format.duration(summary.median("p50Milliseconds").map { $0 / 1e3 }),
                Format.duration(summary.median("p99Milliseconds").map { $0 / 1e3 }),
                Format.duration(summary.median("maxMilliseconds").map { $0 / 1e3 }),
            ]
        }
        return text + table.render()
    }

    private func desktopSection() -> String {
        let rows: [(BenchCase, String)] = [
            (.desktopGdbus, "gdbus process per notification (before)"),
            (.desktopLibdbus, "DesktopSink on libdbus-1 (after)"),
        ]
        let sizes = sizes(rows.map(\.0))
        guard !sizes.isEmpty else { return "" }
        var text =
            "\n10. A desktop notification: N shows on dunst (private bus, Xvfb), each replacing the last, timed from\n"
        text += "   show to the bus handing Notify to the server (a dbus-monitor's stamp) and to the reply.\n"
        var table = TextTable([
            "N", "sink", "receipt p50 ms", "p99 ms", "max ms", "round trip p50 ms", "p99 ms", "CPU per show",
            "of it children",
        ])
        addRows(rows, sizes: sizes, to: &table) { summary, _ in
            let operations = summary.median("operations") ?? .nan
            return [
                Format.milliseconds(summary.median("receiptP50Milliseconds")),
                Format.milliseconds(summary.median("receiptP99Milliseconds")),
                Format.milliseconds(summary.median("receiptMaxMilliseconds")),
                Format.milliseconds(summary.median("roundTripP50Milliseconds")),
                Format.milliseconds(summary.median("roundTripP99Milliseconds")),
                Format.duration(summary.median("totalCPUSeconds").map { $0 / operations }),
                Format.duration(summary.median("childrenCPUSeconds").map { $0 / operations }),
            ]
        }
        return text + table.render()
    }

    private func storeSection() -> String {
        let writes: [(BenchCase, String)] = [
            (.storeBatch, "N upserts in one transaction"), (.storeSingle, "N upserts, one transaction each"),
        ]
        let reads: [(BenchCase, String)] = [
            (.inboxPage, "page of 50 (every page, walked by cursor)"), (.inboxUnread, "unread count (1,000 times)"),
        ]
        let sizes = sizes((writes + reads).map(\.0))
        guard !sizes.isEmpty else { return "" }
        var text = "\n7. SQLite store (WAL, synchronous=FULL, a file in the temporary directory: real fsyncs).\n"
        var table = TextTable(["N", "workload", "time", "per op", "ops/s", "peak RSS"])
        addRows(writes, sizes: sizes, to: &table) { summary, _ in
            [
                Format.duration(summary.median("seconds")),
                Format.duration(summary.nanosecondsPerOperation.map { $0 / 1e9 }),
                Format.rate(summary.operationsPerSecond), Format.bytes(summary.peakResidentBytes),
            ]
        }
        text += table.render()
        var latency = TextTable(["entries", "inbox query", "p50 ms", "p99 ms", "max ms"])
        addRows(reads, sizes: sizes, to: &latency) { summary, _ in
            [
                Format.milliseconds(summary.median("p50Milliseconds")),
                Format.milliseconds(summary.median("p99Milliseconds")),
                Format.milliseconds(summary.median("maxMilliseconds")),
            ]
        }
        return text + latency.render()
    }

    private func localizationSection() -> String {
        let rows: [(BenchCase, String)] = [
            (.localizationLoad, "load: LocalizedStringResolver, every key in every language"),
            (.localizationParse, "parse: StringsFileParser"),
            (.localizationParseFoundation, "parse: PropertyListSerialization (Foundation)"),
            (.localizationResolve, "resolve title + body: LocalizedStringResolver.render"),
            (.localizationResolveFoundation, "resolve title + body: dictionary + String(format:)"),
        ]
        let present = rows.filter { row in summaries.contains { $0.caseName == row.0.rawValue } }
        guard !present.isEmpty else { return "" }
        var text = "\n5. Localization: the 34 bundled tables; title and body pairs in English (7 kinds × 10 cities).\n"
        var table = TextTable(["work", "count", "time", "per item", "peak RSS"], leftAligned: 1)
        for (benchCase, name) in present {
            for summary in summaries where summary.caseName == benchCase.rawValue {
                if let failure = summary.failure {
                    table.add([name, Format.count(summary.size), "FAILED: \(failure)"])
                    continue
                }
                table.add([
                    name, Format.count(summary.size), Format.duration(summary.median("seconds")),
                    Format.duration(summary.nanosecondsPerOperation.map { $0 / 1e9 }),
                    Format.bytes(summary.peakResidentBytes),
                ])
            }
        }
        text += table.render()
        var ratios: [String] = []
        for (ours, theirs, what) in [
            (BenchCase.localizationParse, BenchCase.localizationParseFoundation, "parsing"),
            (.localizationResolve, .localizationResolveFoundation, "resolving"),
        ] {
            guard let size = summaries.first(where: { $0.caseName == ours.rawValue })?.size,
                let speed = ratio(summary(ours, size)?.operationsPerSecond, summary(theirs, size)?.operationsPerSecond)
            else { continue }
            ratios.append("   \(what): ours is \(Format.ratio(speed)) as fast as Foundation's")
        }
        if !ratios.isEmpty { text += "  Ratios:\n" + ratios.joined(separator: "\n") + "\n" }
        return text
    }

    private func growthSection() -> String {
        let rows: [(BenchCase, String, String)] = [
            (.queueOurs, "seconds", "1. queue: LinuxNotificationManager"),
            (.queueOursBudget, "seconds", "1. queue: LinuxNotificationManager, budget 64"),
            (.queueOursBatch, "seconds", "1. queue: LinuxNotificationManager, batch calls"),
            (.queueOursRequests, "seconds", "1. queue: LinuxNotificationManager, request batches"),
            (.queueTask, "seconds", "1. queue: Task per notification"),
            (.queueDispatch, "seconds", "1. queue: DispatchSourceTimer per notification"),
            (.deliveryOurs, "seconds", "2. delivery, scheduling: LinuxNotificationManager"),
            (.deliveryTask, "seconds", "2. delivery, scheduling: Task per notification"),
            (.deliveryDispatch, "seconds", "2. delivery, scheduling: DispatchSourceTimer"),
            (.syncRecording, "firstSyncSeconds", "3. first sync: RecordingNotificationManager"),
            (.syncRecording, "secondSyncSeconds", "3. second sync: RecordingNotificationManager"),
            (.syncLinux, "firstSyncSeconds", "3. first sync: LinuxNotificationManager"),
            (.syncLinux, "secondSyncSeconds", "3. second sync: LinuxNotificationManager"),
            (.syncDiscarding, "firstSyncSeconds", "3. sync: the scheduler alone"),
            (.syncReconcileLinux, "firstSyncSeconds", "3. reconciling sync, first (per request)"),
            (.syncReconcileLinux, "secondSyncSeconds", "3. reconciling sync, unchanged (per request)"),
            (.recurrenceNext, "seconds", "8. recurrence: nextOccurrence(after:)"),
            (.replay, "seconds", "4. replay (per delivery)"),
            (.replayYearsShadowLinux, "seconds", "4f. years of Shadow, linux (per delivery)"),
            (.replayYearsShadowIOS, "seconds", "4f. years of Shadow, ios (per delivery)"),
            (.replayYearsHydracatLinux, "seconds", "4f. years of Hydracat, linux (per delivery)"),
            (.replayYearsHydracatIOS, "seconds", "4f. years of Hydracat, ios (per delivery)"),
            (.replayYearsGoNowLinux, "seconds", "4f. years of GoNow, linux (per delivery)"),
            (.replayYearsGoNowIOS, "seconds", "4f. years of GoNow, ios (per delivery)"),
            (.replayYearsGrowBroLinux, "seconds", "4f. years of GrowBro, linux (per delivery)"),
            (.replayYearsGrowBroIOS, "seconds", "4f. years of GrowBro, ios (per delivery)"),
        ]
        var text = "\n6. Growth: time per operation at each size, and the exponent k in time ∝ size^k between sizes\n"
        text += "   (k ≈ 1 is linear; n log n shows as k slightly above 1; k ≈ 2 is quadratic). Operations: manager\n"
        text += "   calls (1-3) or deliveries (4).\n"
        var table = TextTable(["workload", "sizes", "ns per operation", "k"], leftAligned: 3)
        var any = false
        for (benchCase, metric, name) in rows {
            let measured = summaries.filter { $0.caseName == benchCase.rawValue && $0.failure == nil }
                .sorted { $0.size < $1.size }
            let points = measured.compactMap { summary -> (size: Int, seconds: Double, operations: Double)? in
                guard let seconds = summary.median(metric), let operations = summary.median("operations"),
                    seconds > 0, operations > 0
                else { return nil }
                return (summary.size, seconds, operations)
            }
            guard points.count >= 2 else { continue }
            any = true
            let exponents = zip(points, points.dropFirst()).map { smaller, larger in
                Format.fixed(log(larger.seconds / smaller.seconds) / log(larger.operations / smaller.operations), 2)
            }
            table.add([
                name, points.map { Format.count($0.size) }.joined(separator: " / "),
                points.map { Format.significant($0.seconds / $0.operations * 1e9) }.joined(separator: " / "),
                exponents.joined(separator: ", "),
            ])
        }
        return any ? text + table.render() : ""
    }
}
