internal import Foundation
internal import WaveNotifications

// The rules, one function each: the steps a rule takes and what it expects of the center.
extension NotificationCenterConformance {
    /// Runs one rule on a fresh subject.
    static func evaluate(
        _ rule: ConformanceRule, probe: ConformanceProbe, context: inout ConformanceContext
    ) async throws -> ConformanceOutcome {
        switch rule {
        case .replacesByIdentifier: try await replacesByIdentifier(probe)
        case .removesByIdentifier: try await removesByIdentifier(probe)
        case .removesByThread: try await removesByThread(probe)
        case .listsSoonestFirst: try await listsSoonestFirst(probe)
        case .listsByThread: try await listsByThread(probe)
        case .keepsEveryField: try await keepsEveryField(probe)
        case .treatsEquivalentIdentifiersAsOne: try await treatsEquivalentIdentifiersAsOne(probe)
        case .keepsTheSoonestWithinItsLimit: try await keepsTheSoonestWithinItsLimit(probe, context: &context)
        case .showLeavesPending: try await showLeavesPending(probe)
        case .showsNow: try await showsNow(probe)
        case .withdrawsShown: try await withdrawsShown(probe)
        case .changeCountsMoveAndNeverRepeat: try await changeCountsMoveAndNeverRepeat(probe)
        case .noLostUpdateUnderConcurrency: try await noLostUpdateUnderConcurrency(probe, context: context)
        case .dueRequestsLeavePending: try await dueRequests(probe, onScreen: false)
        case .showsWhenDue: try await dueRequests(probe, onScreen: true)
        case .showsWhatItLists: try await showsWhatItLists(probe, context: context)
        case .changeCountsMoveWhenDue: try await changeCountsMoveWhenDue(probe)
        }
    }

    /// How many requests a center with a known limit (declared, else detected) gets beyond it, to see what it drops.
    private static let beyondLimit = 3
    /// How many requests the limit rule adds to detect a limit that was not declared.
    private static let limitProbeCount = 100
    /// How many tasks call at once in the concurrency rule (fewer when the limit is smaller).
    private static let concurrentCallers = 50

    private static func replacesByIdentifier(_ probe: ConformanceProbe) async throws -> ConformanceOutcome {
        try await probe.add([probe.request("a", at: 100), probe.request("b", at: 200)])
        try await probe.add([probe.request("a", at: 300, version: "v2")])
        try await probe.add([probe.request("c", at: 50), probe.request("c", at: 60, version: "v2")])
        let listed = try await probe.pending()
        var findings = ConformanceFindings()
        for (identifier, replacement) in [
            ("a", probe.request("a", at: 300, version: "v2")), ("b", nil),
            ("c", probe.request("c", at: 60, version: "v2")),
        ] {
            let matches = listed.filter { $0.identifier == identifier }
            findings.expect(
                matches.count == 1, "lists \(matches.count) requests with identifier \(identifier), expected 1")
            guard let replacement else { continue }
            findings.expect(
                matches.allSatisfy { $0.title == replacement.title && $0.fireAt == replacement.fireAt },
                "lists \(identifier) as \(matches.map(version).joined(separator: ", ")), expected the replacement "
                    + version(of: replacement))
        }
        return ConformanceOutcome(findings)
    }

    private static func removesByIdentifier(_ probe: ConformanceProbe) async throws -> ConformanceOutcome {
        try await probe.remove(["unknown"])
        try await probe.add([probe.request("a", at: 100), probe.request("b", at: 200), probe.request("c", at: 300)])
        try await probe.remove(["b", "unknown"])
        var findings = ConformanceFindings()
        let afterOne = try await probe.pendingIdentifiers()
        findings.expect(
            afterOne.sorted() == ["a", "c"],
            "after removing [b, unknown] from [a, b, c], lists [\(ConformanceProbe.list(afterOne))], expected [a, c]")
        try await probe.remove([])
        try await probe.remove(["a", "c"])
        let afterAll = try await probe.pendingIdentifiers()
        findings.expect(
            afterAll.isEmpty, "after removing [a, c], lists [\(ConformanceProbe.list(afterAll))], expected nothing")
        return ConformanceOutcome(findings)
    }

    private static func removesByThread(_ probe: ConformanceProbe) async throws -> ConformanceOutcome {
        try await probe.add([
            probe.request("a1", thread: "t1", at: 100), probe.request("a2", thread: "t1", at: 200),
            probe.request("b1", thread: "t2", at: 300),
        ])
        var findings = ConformanceFindings()
        try await probe.removeThread("t1")
        let afterThread = try await probe.pendingIdentifiers()
        findings.expect(
            afterThread == ["b1"],
            "after removing thread t1 (a1, a2), lists [\(ConformanceProbe.list(afterThread))], expected [b1]")
        try await probe.removeThread("unknown-thread")
        let afterUnknown = try await probe.pendingIdentifiers()
        findings.expect(
            afterUnknown == ["b1"],
            "after removing an unknown thread, lists [\(ConformanceProbe.list(afterUnknown))], expected [b1]")
        return ConformanceOutcome(findings)
    }

    private static func listsSoonestFirst(_ probe: ConformanceProbe) async throws -> ConformanceOutcome {
        try await probe.add([probe.request("d", at: 400), probe.request("a", at: 100), probe.request("c", at: 300)])
        try await probe.add([probe.request("b", at: 300)])
        let listed = try await probe.pendingIdentifiers()
        var findings = ConformanceFindings()
        findings.expect(
            listed == ["a", "c", "b", "d"],
            "lists [\(ConformanceProbe.list(listed))], expected [a, c, b, d] (soonest first; c and b fire at once, "
                + "c was added first)")
        return ConformanceOutcome(findings)
    }

    private static func listsByThread(_ probe: ConformanceProbe) async throws -> ConformanceOutcome {
        try await probe.add([
            probe.request("x1", thread: "t1", at: 300), probe.request("y1", thread: "t2", at: 100),
            probe.request("x2", thread: "t1", at: 200), probe.request("y2", thread: "t2", at: 400),
        ])
        let all = try await probe.pending()
        let asked = ["t2", "unknown-thread", "t1", "t2"]
        let groups = try await probe.step("pendingRequests(threadIDs: [\(asked.joined(separator: ", "))])") {
            try await $0.pendingRequests(threadIDs: asked)
        }
        let expected = asked.map { thread in all.filter { $0.threadID == thread }.map(\.identifier) }
        let answered = groups.map { $0.map(\.identifier) }
        var findings = ConformanceFindings()
        findings.expect(
            answered == expected,
            "answers \(describe(answered)) for threads [\(asked.joined(separator: ", "))], expected \(describe(expected)) "
                + "(pendingRequests() grouped)")
        return ConformanceOutcome(findings)
    }

    private static func keepsEveryField(_ probe: ConformanceProbe) async throws -> ConformanceOutcome {
        let rich = NotificationRequest(
            identifier: "rich", threadID: "thread-rich",
            channel: NotificationChannel(
                id: "rich-channel", importance: .high, categoryID: "RICH", interruptionLevel: .timeSensitive,
                name: LocalizedText(table: "Conformance", key: "rich_channel", arguments: ["x"]),
                channelDescription: LocalizedText(table: "Conformance", key: "rich_channel_description")),
            fireAt: probe.at(3_600.25),
            title: LocalizedText(table: "Conformance", key: "rich_title", arguments: ["Zo\u{EB}", "42", ""]),
            body: LocalizedText(table: "Other", key: "rich_body", arguments: ["%@", "caf\u{E9}"]),
            deepLink: "conformance://rich?pet=1&name=Zo%C3%AB",
            actions: [
                NotificationAction(
                    id: "reply", title: LocalizedText(table: "Conformance", key: "reply"), isTextInput: true),
                NotificationAction(
                    id: "snooze", title: LocalizedText(table: "Conformance", key: "snooze", arguments: ["10"])),
            ],
            expiresAfter: .seconds(900), collapseID: "rich-collapse", interruptionLevel: .passive,
            metadata: ["eventID": "e1", "trigger": "1h", "\u{FC}": "\u{F1}"])
        let plain = probe.request("plain", at: 7_200)
        try await probe.add([rich, plain])
        let listed = try await probe.pending()
        var findings = ConformanceFindings()
        for added in [rich, plain] {
            guard let match = listed.first(where: { $0.identifier == added.identifier }) else {
                findings.expect(false, "does not list \(added.identifier)")
                continue
            }
            let lost = fieldDifferences(match, added)
            findings.expect(
                lost.isEmpty, "lists \(added.identifier) with other \(lost.joined(separator: ", ")) than added")
        }
        return ConformanceOutcome(findings)
    }

    private static func treatsEquivalentIdentifiersAsOne(_ probe: ConformanceProbe) async throws -> ConformanceOutcome {
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        let composedThread = "fil-\u{E9}"
        let decomposedThread = "fil-e\u{301}"
        var findings = ConformanceFindings()
        try await probe.add([
            probe.request(composed, thread: "other", at: 100), probe.request("other-1", thread: "other", at: 200),
        ])
        try await probe.remove([decomposed])
        let afterRemoval = try await probe.pending().map(\.identifier)
        findings.expect(
            afterRemoval == ["other-1"],
            "after adding \(ConformanceProbe.list([composed])) and removing \(ConformanceProbe.list([decomposed])), lists "
                + "[\(ConformanceProbe.list(afterRemoval))], expected [other-1]")
        try await probe.add([
            probe.request("t-1", thread: composedThread, at: 300),
            probe.request("t-2", thread: composedThread, at: 400),
        ])
        let grouped = try await probe.step("pendingRequests(threadIDs: [\(ConformanceProbe.list([decomposedThread]))])")
        {
            try await $0.pendingRequests(threadIDs: [decomposedThread])
        }
        findings.expect(
            grouped.first?.map(\.identifier) == ["t-1", "t-2"],
            "lists \(describe(grouped.map { $0.map(\.identifier) })) for thread \(ConformanceProbe.list([decomposedThread])), "
                + "expected [[t-1, t-2]] (added to thread \(ConformanceProbe.list([composedThread])))")
        try await probe.removeThread(decomposedThread)
        let afterThread = try await probe.pending().map(\.identifier)
        findings.expect(
            afterThread == ["other-1"],
            "after removing thread \(ConformanceProbe.list([decomposedThread])), lists [\(ConformanceProbe.list(afterThread))], "
                + "expected [other-1] (t-1 and t-2 were added to thread \(ConformanceProbe.list([composedThread])))")
        return ConformanceOutcome(findings)
    }

    private static func keepsTheSoonestWithinItsLimit(
        _ probe: ConformanceProbe, context: inout ConformanceContext
    ) async throws -> ConformanceOutcome {
        let declared = probe.subject.limit
        let count = declared.map { $0 + beyondLimit } ?? limitProbeCount
        let requests = (0..<count).map { probe.request("limit-\($0)", at: 1_000 + 10 * Double($0)) }
        // The later half first: a center must make room for sooner requests, not keep what came first.
        try await probe.add(Array(requests[(count / 2)...]))
        try await probe.add(Array(requests[..<(count / 2)]))
        let listed = try await probe.pendingIdentifiers()
        let kept = declared ?? min(listed.count, count)
        let expected = requests.prefix(kept).map(\.identifier)
        var findings = ConformanceFindings()
        let extra = Set(listed).subtracting(expected)
        let missing = Set(expected).subtracting(listed)
        let what = declared.map { "with a limit of \($0)" } ?? (listed.count < count ? "with a detected limit" : "")
        findings.expect(
            listed.count == kept && extra.isEmpty && missing.isEmpty && kept > 0,
            "handed \(count) requests \(what), lists \(listed.count)"
                + (extra.isEmpty
                    ? "" : "; lists beyond the soonest \(kept): [\(ConformanceProbe.list(extra.sorted()))]")
                + (missing.isEmpty
                    ? "" : "; misses of the soonest \(kept): [\(ConformanceProbe.list(missing.sorted()))]"))
        if declared == nil, listed.count < count, listed.count > 0 {
            context.detectedLimit = listed.count
        }
        return ConformanceOutcome(findings)
    }

    private static func showLeavesPending(_ probe: ConformanceProbe) async throws -> ConformanceOutcome {
        try await probe.add([probe.request("a", at: 100), probe.request("b", at: 200)])
        let before = try await probe.pending()
        try await probe.show(probe.request("shown-now", at: 0))
        try await probe.show(probe.request("a", at: 100, version: "shown"))
        let after = try await probe.pending()
        var findings = ConformanceFindings()
        findings.expect(
            after == before,
            "after showing shown-now and a (pending), lists [\(ConformanceProbe.list(after.map(\.identifier)))], expected "
                + "[\(ConformanceProbe.list(before.map(\.identifier)))] as before, unchanged")
        return ConformanceOutcome(findings)
    }

    private static func showsNow(_ probe: ConformanceProbe) async throws -> ConformanceOutcome {
        var findings = ConformanceFindings()
        let before = try await probe.screen()
        findings.expect(!before.contains("shown-now"), "shows shown-now before it was shown")
        // Its instant is an hour away: show(_:) ignores it.
        try await probe.show(probe.request("shown-now", at: 3_600))
        let after = try await probe.screen()
        findings.expect(
            after.contains("shown-now"),
            "after show(shown-now), the screen has [\(ConformanceProbe.list(after.sorted()))], expected shown-now")
        return ConformanceOutcome(findings)
    }

    private static func withdrawsShown(_ probe: ConformanceProbe) async throws -> ConformanceOutcome {
        try await probe.withdraw(["unknown"])
        try await probe.add([probe.request("p", at: 3_600)])
        try await probe.show(probe.request("x", at: 0))
        try await probe.show(probe.request("y", at: 0))
        try await probe.withdraw(["x", "unknown"])
        var findings = ConformanceFindings()
        let screen = try await probe.screen()
        findings.expect(
            !screen.contains("x") && screen.contains("y"),
            "after showing x and y and withdrawing [x, unknown], the screen has [\(ConformanceProbe.list(screen.sorted()))], "
                + "expected y and not x")
        let pending = try await probe.pendingIdentifiers()
        findings.expect(
            pending == ["p"], "after withdrawing, lists [\(ConformanceProbe.list(pending))], expected [p] untouched")
        return ConformanceOutcome(findings)
    }

    private static func changeCountsMoveAndNeverRepeat(_ probe: ConformanceProbe) async throws -> ConformanceOutcome {
        let threads = ["t1", "t2"]
        var last = try await probe.counts(threadIDs: threads)
        guard last.center != nil || last.threads != nil else { return .skipped("the center keeps no change counts") }
        var findings = ConformanceFindings()
        var seenCenter: Set<UInt64> = []
        var seenThreads: [Set<UInt64>] = [[], []]
        func remember(_ counts: (center: UInt64?, threads: [UInt64]?)) {
            if let center = counts.center { seenCenter.insert(center) }
            for (index, count) in (counts.threads ?? []).enumerated() where index < threads.count {
                seenThreads[index].insert(count)
            }
        }
        remember(last)
        let steps: [(name: String, threads: [Int], call: @Sendable (ConformanceProbe) async throws -> Void)] = [
            ("adding a to t1", [0], { try await $0.add([$0.request("a", thread: "t1", at: 100)]) }),
            ("replacing a", [0], { try await $0.add([$0.request("a", thread: "t1", at: 200, version: "v2")]) }),
            ("adding b to t2", [1], { try await $0.add([$0.request("b", thread: "t2", at: 300)]) }),
            ("removing b", [1], { try await $0.remove(["b"]) }),
            ("removing thread t1", [0], { try await $0.removeThread("t1") }),
            ("adding a to t1 again", [0], { try await $0.add([$0.request("a", thread: "t1", at: 100)]) }),
            ("moving a to t2", [0, 1], { try await $0.add([$0.request("a", thread: "t2", at: 100)]) }),
        ]
        for step in steps {
            try await step.call(probe)
            let counts = try await probe.counts(threadIDs: threads)
            if let center = counts.center {
                findings.expect(
                    !seenCenter.contains(center),
                    "after \(step.name), the center's count is \(center), a value it had before (was \(describe(last.center)))"
                )
            }
            if let threadCounts = counts.threads {
                findings.expect(
                    threadCounts.count == threads.count,
                    "answers \(threadCounts.count) counts for \(threads.count) threads")
                for index in step.threads where index < threadCounts.count {
                    findings.expect(
                        !seenThreads[index].contains(threadCounts[index]),
                        "after \(step.name), thread \(threads[index])'s count is \(threadCounts[index]), a value it had "
                            + "before (was \(describe(last.threads.flatMap { index < $0.count ? $0[index] : nil })))")
                }
            }
            remember(counts)
            last = counts
        }
        return ConformanceOutcome(findings)
    }

    private static func noLostUpdateUnderConcurrency(
        _ probe: ConformanceProbe, context: ConformanceContext
    ) async throws -> ConformanceOutcome {
        // One request of each task pending at a time: a center with a limit at least this large keeps them all.
        let callers = min(concurrentCallers, probe.subject.limit ?? context.detectedLimit ?? concurrentCallers)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for caller in 0..<callers {
                group.addTask {
                    let thread = "task-\(caller)"
                    try await probe.add([probe.request("\(thread)-a", thread: thread, at: 1_000 + Double(caller))])
                    try await probe.remove(["\(thread)-a"])
                    try await probe.add([probe.request("\(thread)-b", thread: thread, at: 2_000 + Double(caller))])
                }
            }
            try await group.waitForAll()
        }
        let listed = try await probe.pendingIdentifiers()
        let expected = (0..<callers).map { "task-\($0)-b" }
        let missing = Set(expected).subtracting(listed)
        let extra = Set(listed).subtracting(expected)
        var findings = ConformanceFindings()
        findings.expect(
            listed.count == expected.count && missing.isEmpty && extra.isEmpty,
            "after \(callers) tasks each added a request, removed it and added another, lists \(listed.count) of "
                + "\(expected.count)"
                + (missing.isEmpty ? "" : "; lost: [\(ConformanceProbe.list(missing.sorted()))]")
                + (extra.isEmpty ? "" : "; left over: [\(ConformanceProbe.list(extra.sorted()))]"))
        return ConformanceOutcome(findings)
    }

    /// ``ConformanceRule/dueRequestsLeavePending`` (pending side) or ``ConformanceRule/showsWhenDue`` (screen side).
    private static func dueRequests(_ probe: ConformanceProbe, onScreen: Bool) async throws -> ConformanceOutcome {
        var findings = ConformanceFindings()
        try await probe.add([probe.request("due", at: 60), probe.request("later", at: 120)])
        try await probe.advance(to: probe.at(60))
        if onScreen {
            let screen = try await probe.screen()
            findings.expect(
                screen.contains("due") && !screen.contains("later"),
                "at due's instant, the screen has [\(ConformanceProbe.list(screen.sorted()))], expected due and not later"
            )
        } else {
            let pending = try await probe.pendingIdentifiers()
            findings.expect(
                pending == ["later"],
                "at due's instant, lists [\(ConformanceProbe.list(pending))], expected [later]")
        }
        // Already past when added: taken at once, before any time passes.
        try await probe.add([probe.request("past", at: 30)])
        try await probe.advance(to: probe.at(60))
        if onScreen {
            let screen = try await probe.screen()
            findings.expect(
                screen.contains("past"),
                "after adding past (its instant 30 s before now), the screen has [\(ConformanceProbe.list(screen.sorted()))], "
                    + "expected past at once")
        } else {
            let pending = try await probe.pendingIdentifiers()
            findings.expect(
                pending == ["later"],
                "after adding past (its instant 30 s before now), lists [\(ConformanceProbe.list(pending))], expected [later]"
            )
        }
        return ConformanceOutcome(findings)
    }

    private static func showsWhatItLists(
        _ probe: ConformanceProbe, context: ConformanceContext
    ) async throws -> ConformanceOutcome {
        let count = (probe.subject.limit ?? context.detectedLimit).map { $0 + beyondLimit } ?? 6
        let requests = (0..<count).map { probe.request("listed-\($0)", at: 1_000 + 10 * Double($0)) }
        try await probe.add(Array(requests[(count / 2)...]))
        try await probe.add(Array(requests[..<(count / 2)]))
        let listed = Set(try await probe.pendingIdentifiers())
        try await probe.advance(to: probe.at(1_000 + 10 * Double(count)))
        let screen = try await probe.screen()
        let unlisted = screen.subtracting(listed)
        let unshown = listed.subtracting(screen)
        var findings = ConformanceFindings()
        findings.expect(
            unlisted.isEmpty && unshown.isEmpty,
            "handed \(count) requests, listed \(listed.count), showed \(screen.count) once all were due"
                + (unlisted.isEmpty ? "" : "; shown but never listed: [\(ConformanceProbe.list(unlisted.sorted()))]")
                + (unshown.isEmpty ? "" : "; listed but never shown: [\(ConformanceProbe.list(unshown.sorted()))]"))
        let left = try await probe.pendingIdentifiers()
        findings.expect(
            left.isEmpty, "once all were due, still lists [\(ConformanceProbe.list(left))] as pending")
        return ConformanceOutcome(findings)
    }

    private static func changeCountsMoveWhenDue(_ probe: ConformanceProbe) async throws -> ConformanceOutcome {
        let threads = ["t1", "t2"]
        let fresh = try await probe.counts(threadIDs: threads)
        guard fresh.center != nil || fresh.threads != nil else { return .skipped("the center keeps no change counts") }
        try await probe.add([probe.request("due", thread: "t1", at: 60), probe.request("later", thread: "t2", at: 120)])
        let before = try await probe.counts(threadIDs: threads)
        try await probe.advance(to: probe.at(60))
        let after = try await probe.counts(threadIDs: threads)
        var findings = ConformanceFindings()
        if let center = after.center {
            findings.expect(
                center != before.center,
                "when due (in t1) came due, the center's count stayed \(center)")
        }
        if let counts = after.threads, let earlier = before.threads, counts.count == 2, earlier.count == 2 {
            findings.expect(counts[0] != earlier[0], "when due came due, thread t1's count stayed \(counts[0])")
        }
        return ConformanceOutcome(findings)
    }

    // MARK: - Describing

    /// The version (title key) and instant of a request, for a message.
    private static func version(of request: NotificationRequest) -> String {
        "\(request.title.key) at \(request.fireAt.timeIntervalSince(NotificationCenterConformance.start)) s"
    }

    private static func describe(_ groups: [[String]]) -> String {
        "[" + groups.map { "[" + ConformanceProbe.list($0) + "]" }.joined(separator: ", ") + "]"
    }

    private static func describe(_ count: UInt64?) -> String {
        count.map(String.init) ?? "none"
    }

    /// The names of the fields in which `listed` differs from `added`.
    private static func fieldDifferences(_ listed: NotificationRequest, _ added: NotificationRequest) -> [String] {
        var names: [String] = []
        func compare<Value: Equatable>(_ name: String, _ field: (NotificationRequest) -> Value) {
            if field(listed) != field(added) { names.append(name) }
        }
        compare("identifier", \.identifier)
        compare("threadID", \.threadID)
        compare("channel", \.channel)
        compare("fireAt", \.fireAt)
        compare("title", \.title)
        compare("body", \.body)
        compare("deepLink", \.deepLink)
        compare("actions (ids and titles)", { $0.actions.map { [$0.id, $0.title.description] } })
        compare("actions' isTextInput", { $0.actions.map(\.isTextInput) })
        compare("expiresAfter", \.expiresAfter)
        compare("collapseID", \.collapseID)
        compare("interruptionLevel", \.interruptionLevel)
        compare("metadata", \.metadata)
        if names.isEmpty && listed != added { names.append("fields") }
        return names
    }
}
