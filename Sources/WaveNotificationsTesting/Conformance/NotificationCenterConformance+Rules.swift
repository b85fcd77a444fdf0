internal import Foundation
internal import WaveNotifications

// The rules that need neither time nor a screen, one function each: the steps a rule takes and what it expects.
// Each keeps `done`, the calls made so far, so every problem says what led to it.
extension NotificationCenterConformance {
    /// Runs one rule on a fresh subject, noting what differed in `findings`.
    static func evaluate(
        _ rule: ConformanceRule, probe: ConformanceProbe, context: inout ConformanceContext,
        findings: inout ConformanceFindings
    ) async throws -> ConformanceOutcome {
        switch rule {
        case .replacesByIdentifier: try await replacesByIdentifier(probe, &findings)
        case .removesByIdentifier: try await removesByIdentifier(probe, &findings)
        case .removesByThread: try await removesByThread(probe, context, &findings)
        case .listsSoonestFirst: try await listsSoonestFirst(probe, &findings)
        case .listsByThread: try await listsByThread(probe, &findings)
        case .keepsEveryField: try await keepsEveryField(probe, &findings)
        case .comparesIdentifiersLiterally: try await comparesIdentifiersLiterally(probe, &findings)
        case .keepsTheSoonestWithinItsLimit: try await keepsTheSoonestWithinItsLimit(probe, &context, &findings)
        case .showLeavesPending: try await showLeavesPending(probe, &findings)
        case .showsNow: try await showsNow(probe, &findings)
        case .withdrawsShown: try await withdrawsShown(probe, &findings)
        case .changeCountsMoveAndNeverRepeat: try await changeCountsMoveAndNeverRepeat(probe, context, &findings)
        case .noLostUpdateUnderConcurrency: try await noLostUpdateUnderConcurrency(probe, context, &findings)
        case .dueRequestsLeavePending: try await dueRequestsLeavePending(probe, context, &findings)
        case .showsWhenDue: try await showsWhenDue(probe, &findings)
        case .showsWhatItLists: try await showsWhatItLists(probe, context, &findings)
        case .withdrawsWhatCameDue: try await withdrawsWhatCameDue(probe, &findings)
        case .changeCountsMoveWhenDue: try await changeCountsMoveWhenDue(probe, &findings)
        }
    }

    /// How many requests a center with a known limit (declared, else detected) gets beyond it, to see what it drops.
    static let beyondLimit = 3
    /// How many requests the limit rule adds to detect a limit that was not declared.
    static let limitProbeCount = 100
    /// How many tasks call at once in the concurrency rule (fewer when the limit is smaller).
    private static let concurrentCallers = 50
    /// How many tasks add one same identifier at once in the concurrency rule.
    private static let sameIdentifierCallers = 10

    private static func replacesByIdentifier(
        _ probe: ConformanceProbe, _ findings: inout ConformanceFindings
    ) async throws -> ConformanceOutcome {
        let first = [probe.richRequest("a", thread: "a", at: 100, version: "v1"), probe.request("b", at: 200)]
        // Every field changes, the thread included: a center that merges the new request into the old one shows.
        let replacement = probe.richRequest("a", thread: "moved", at: 300, version: "v2")
        let twice = [probe.request("c", at: 50), probe.request("c", at: 60, version: "v2")]
        try await probe.add(first)
        try await probe.add([replacement])
        try await probe.add(twice)
        var done = Done(ConformanceProbe.added(first))
        done.append(ConformanceProbe.added([replacement]) + " (a again, every field changed)")
        done.append(ConformanceProbe.added(twice) + " (c twice in one call, the later at 60 as v2)")
        let listed = try await probe.pending()
        for (expected, old) in [(replacement, first[0]), (first[1], nil), (twice[1], twice[0])] {
            let matches = listed.filter { sameScalars($0.identifier, expected.identifier) }
            findings.expect(
                matches.count == 1, done: done.text,
                found:
                    "lists \(matches.count) requests with identifier \(expected.identifier): \(probe.describe(matches))",
                expected: "one, \(probe.describe(expected))")
            guard matches.count == 1, let match = matches.first, let old else { continue }
            // Fields the replacement changed and the listing still has as they were: judged against the old version,
            // so a center that loses a field on every add is not blamed here (keeps-every-field is its rule).
            let stale = staleFields(match, old: old, new: expected)
            findings.expect(
                stale.isEmpty, done: done.text,
                found:
                    "lists \(probe.describe(match)) with the \(stale.joined(separator: ", ")) of the version it replaced",
                expected: "the last request added with that identifier, whole (\(probe.describe(expected)))")
        }
        try await probe.add([])
        let afterEmpty = try await probe.pending()
        findings.expect(
            afterEmpty == listed, done: done.then("add([])").text, found: "lists \(probe.describe(afterEmpty))",
            expected: "\(probe.describe(listed)), unchanged")
        done.append("add([])")
        try await replacesWithFewerFields(probe, &done, &findings)
        try await replacesAmongMany(probe, &findings)
        return .checked
    }

    /// A replacement with fewer fields than the version it replaces (no actions, no expiry or collapse id, other
    /// metadata) is listed as added: judged against the same request added under an identifier of its own, so a
    /// center that loses a field on every add is not blamed here (keeps-every-field is its rule).
    private static func replacesWithFewerFields(
        _ probe: ConformanceProbe, _ done: inout Done, _ findings: inout ConformanceFindings
    ) async throws {
        let plain = probe.request("a", thread: "moved", at: 400, version: "v3", metadata: ["eventID": "e-v3"])
        var control = plain
        control.identifier = "a-control"
        try await probe.add([plain])
        try await probe.add([control])
        done.append(
            ConformanceProbe.added([plain])
                + " (a again as v3: no actions, expiry or collapse id, metadata [eventID: e-v3] only)")
        done.append(ConformanceProbe.added([control]) + " (the same request under an identifier of its own)")
        let listed = try await probe.pending()
        guard let replaced = listed.first(where: { sameScalars($0.identifier, "a") }),
            var twin = listed.first(where: { sameScalars($0.identifier, "a-control") })
        else {
            findings.expect(
                false, done: done.text, found: "lists \(probe.describe(listed))", expected: "a and a-control listed")
            return
        }
        twin.identifier = replaced.identifier
        let differences = fieldDifferences(replaced, twin, comparingInstants: true)
        findings.expect(
            differences.isEmpty, done: done.text,
            found: "lists a with other \(differences.joined(separator: ", ")) than a-control, the same request added "
                + "fresh: the replacement kept part of the version it replaced",
            expected: "a as added, whole, as a-control is listed")
    }

    private static func removesByIdentifier(
        _ probe: ConformanceProbe, _ findings: inout ConformanceFindings
    ) async throws -> ConformanceOutcome {
        // On a fresh center: nothing to remove, nothing to throw about.
        try await probe.remove(["unknown"])
        let requests = [
            probe.request("a", at: 100), probe.request("b", at: 200), probe.request("c", at: 300),
            probe.request("d", at: 400),
        ]
        try await probe.add(requests)
        var done = Done(ConformanceProbe.removed(["unknown"]) + " on a fresh center")
        done.append(ConformanceProbe.added(requests))
        let steps: [(identifiers: [String], left: [String], why: String)] = [
            ([], ["a", "b", "c", "d"], "an empty list removes nothing"),
            (["unknown", "b"], ["a", "c", "d"], "an unknown identifier first is skipped"),
            (["a", "a"], ["c", "d"], "an identifier twice removes it once"),
            (["c", "unknown", "d"], [], "an unknown identifier between two is skipped"),
        ]
        for step in steps {
            try await probe.remove(step.identifiers)
            done.append(ConformanceProbe.removed(step.identifiers))
            let listed = try await probe.pendingIdentifiers()
            findings.expect(
                listed.sorted() == step.left, done: done.text, found: "lists [\(ConformanceProbe.list(listed))]",
                expected: "[\(ConformanceProbe.list(step.left))] (\(step.why))")
        }
        try await removesALongList(probe, &findings)
        return .checked
    }

    private static func removesByThread(
        _ probe: ConformanceProbe, _ context: ConformanceContext, _ findings: inout ConformanceFindings
    ) async throws -> ConformanceOutcome {
        let requests = [
            probe.request("a1", thread: "t1", at: 100), probe.request("a2", thread: "t1", at: 200),
            probe.request("b1", thread: "t10", at: 300), probe.request("c1", thread: "t2", at: 400),
        ]
        let moved = probe.request("c1", thread: "t3", at: 400, version: "v2")
        try await probe.add(requests)
        var done = Done(ConformanceProbe.added(requests) + " (a1, a2 in t1, b1 in t10, c1 in t2)")
        let steps:
            [(call: String, run: @Sendable (ConformanceProbe) async throws -> Void, left: [String], why: String)] =
                [
                    (
                        ConformanceProbe.removedThread("t1"), { try await $0.removeThread("t1") }, ["b1", "c1"],
                        "t1 only, not t10, whose id it prefixes"
                    ),
                    (
                        ConformanceProbe.removedThread("unknown-thread"),
                        { try await $0.removeThread("unknown-thread") },
                        ["b1", "c1"], "an unknown thread is ignored"
                    ),
                    (
                        ConformanceProbe.added([moved]) + " (c1 moved to t3)", { try await $0.add([moved]) },
                        ["b1", "c1"], "c1 replaced"
                    ),
                    (
                        ConformanceProbe.removedThread("t2"), { try await $0.removeThread("t2") }, ["b1", "c1"],
                        "c1 is in t3 now, t2 is empty"
                    ),
                    (
                        ConformanceProbe.removedThread("t3"), { try await $0.removeThread("t3") }, ["b1"],
                        "c1 is in t3 now"
                    ),
                ]
        for step in steps {
            try await step.run(probe)
            done.append(step.call)
            let listed = try await probe.pendingIdentifiers()
            findings.expect(
                listed.sorted() == step.left, done: done.text, found: "lists [\(ConformanceProbe.list(listed))]",
                expected: "[\(ConformanceProbe.list(step.left))] (\(step.why))")
        }
        try await removesAThreadAmongPrefixes(probe, context, &done, &findings)
        return .checked
    }

    /// A thread of 40 requests (fewer when the center's limit is lower) beside threads whose ids it prefixes, or that
    /// prefix it, is removed whole, alone.
    private static func removesAThreadAmongPrefixes(
        _ probe: ConformanceProbe, _ context: ConformanceContext, _ done: inout Done,
        _ findings: inout ConformanceFindings
    ) async throws {
        try await probe.remove(["b1"])
        done.append(ConformanceProbe.removed(["b1"]))
        let neighbours = ["g", "g-10", "g-1 ", "G-1"]
        let size = (probe.subject.limit ?? context.detectedLimit).map { max(1, min(40, $0 - neighbours.count)) } ?? 40
        let big = (0..<size).map { probe.request("g-1-\($0)", thread: "g-1", at: 1_000 + Double($0)) }
        let others = neighbours.enumerated().map { index, thread in
            probe.request("n-\(index)", thread: thread, at: 2_000 + Double(index))
        }
        try await probe.add(big + others)
        done.append(
            "add of \(size) requests in thread g-1 and one in each of g, g-10, \"g-1 \" and G-1 (n-0 … n-3)")
        try await probe.removeThread("g-1")
        done.append(ConformanceProbe.removedThread("g-1"))
        let listed = try await probe.pendingIdentifiers()
        let expected = others.map(\.identifier)
        findings.expect(
            listed.sorted() == expected.sorted(), done: done.text, found: "lists [\(ConformanceProbe.list(listed))]",
            expected: "[\(ConformanceProbe.list(expected))]: all \(size) of g-1 removed, no request of another thread")
    }

    private static func listsSoonestFirst(
        _ probe: ConformanceProbe, _ findings: inout ConformanceFindings
    ) async throws -> ConformanceOutcome {
        // Three stages, each judged on its own requests only (the others are removed between stages, so at most
        // four are pending, but a broken removal does not blur the order).
        let stages: [(batches: [[NotificationRequest]], expected: [String], why: String)] = [
            (
                [
                    [probe.request("d", at: 400), probe.request("a", at: 100), probe.request("c", at: 300)],
                    [probe.request("b", at: 300)],
                ], ["a", "c", "b", "d"], "soonest first; c and b fire at once, c was added first"
            ),
            (
                [[probe.request("x", at: 100.75), probe.request("y", at: 100.5)], [probe.request("z", at: 100.25)]],
                ["z", "y", "x"], "to the fraction of a second: z at 100.25, y at 100.5, x at 100.75"
            ),
            (
                [
                    [probe.request("p", at: 100), probe.request("q", at: 200), probe.request("r", at: 300)],
                    [probe.request("p", at: 300, version: "v2")],
                ], ["q", "r", "p"], "p replaced moves to 300, after r, which was added before the replacement"
            ),
            (
                [[probe.request("u", at: 100.000_8), probe.request("w", at: 100.000_4)]], ["w", "u"],
                "less than a millisecond apart: w at 100.0004 before u at 100.0008, though u was added first"
            ),
        ]
        var done = Done()
        for stage in stages {
            for batch in stage.batches {
                try await probe.add(batch)
                done.append(
                    ConformanceProbe.added(batch) + " ("
                        + batch.map { "\($0.identifier)@\(probe.seconds($0.fireAt))" }.joined(separator: ", ") + ")")
            }
            let listed = try await probe.pendingIdentifiers().filter { stage.expected.contains($0) }
            findings.expect(
                listed == stage.expected, done: done.text, found: "lists them as [\(ConformanceProbe.list(listed))]",
                expected: "[\(ConformanceProbe.list(stage.expected))] (\(stage.why))")
            try await probe.remove(Array(Set(stage.expected)).sorted())
            done.append(ConformanceProbe.removed(Array(Set(stage.expected)).sorted()))
        }
        // Removed and added again among equal instants: it is added anew, after the others.
        let tied = [probe.request("e", at: 100), probe.request("f", at: 100), probe.request("g", at: 100)]
        let again = probe.request("e", at: 100, version: "v2")
        try await probe.add(tied)
        try await probe.remove(["e"])
        try await probe.add([again])
        done.append(ConformanceProbe.added(tied) + " (all at 100)")
        done.append(ConformanceProbe.removed(["e"]) + ", " + ConformanceProbe.added([again]) + " (e again, at 100)")
        let reAdded = try await probe.pendingIdentifiers().filter { ["e", "f", "g"].contains($0) }
        findings.expect(
            reAdded == ["f", "g", "e"], done: done.text, found: "lists them as [\(ConformanceProbe.list(reAdded))]",
            expected: "[f, g, e]: e, removed and added again, comes after f and g, added before it")
        try await probe.remove(["e", "f", "g"])
        done.append(ConformanceProbe.removed(["e", "f", "g"]))
        try await listsManySoonestFirst(probe, &done, &findings)
        return .checked
    }

    private static func listsByThread(
        _ probe: ConformanceProbe, _ findings: inout ConformanceFindings
    ) async throws -> ConformanceOutcome {
        let requests = [
            probe.request("x1", thread: "t1", at: 300), probe.request("y1", thread: "t2", at: 100),
            probe.request("x2", thread: "t1", at: 200), probe.request("y2", thread: "t2", at: 400),
        ]
        let moved = probe.request("x1", thread: "t2", at: 300, version: "v2")
        let prefixed = [
            probe.request("p1", thread: "t1", at: 100), probe.request("p2", thread: "t10", at: 200),
            probe.request("p3", thread: "t1-b", at: 300), probe.request("p4", thread: "t", at: 400),
        ]
        try await probe.add(requests)
        var done = Done(ConformanceProbe.added(requests) + " (x1, x2 in t1; y1, y2 in t2)")
        for (asked, change) in [
            (["t2", "unknown-thread", "t1", "t2"], nil), ([], nil), (["t1", "t2"], moved), (["t1", "t", "t1-"], nil),
        ] as [([String], NotificationRequest?)] {
            if asked == ["t1", "t", "t1-"] {
                // Threads whose ids share a prefix: each asked is its own, matched whole.
                let identifiers = requests.map(\.identifier)
                try await probe.remove(identifiers)
                try await probe.add(prefixed)
                done.append(ConformanceProbe.removed(identifiers))
                done.append(ConformanceProbe.added(prefixed) + " (p1 in t1, p2 in t10, p3 in t1-b, p4 in t)")
            }
            if let change {
                try await probe.add([change])
                done.append(ConformanceProbe.added([change]) + " (x1 moved to t2)")
            }
            let all = try await probe.pending()
            let groups = try await probe.pending(threadIDs: asked)
            let expected = asked.map { thread in
                all.filter { sameScalars($0.threadID, thread) }.map(\.identifier)
            }
            let answered = groups.map { $0.map(\.identifier) }
            findings.expect(
                answered == expected,
                done: done.then("pendingRequests(threadIDs: [\(asked.joined(separator: ", "))])").text,
                found: "answers \(describe(answered))",
                expected: "\(describe(expected)) (pendingRequests() grouped by the threads asked, one list per thread "
                    + "asked)")
        }
        return .checked
    }

    private static func keepsEveryField(
        _ probe: ConformanceProbe, _ findings: inout ConformanceFindings
    ) async throws -> ConformanceOutcome {
        let rich = probe.richRequest("rich", thread: "thread-rich", at: 3_600.25, version: "rich_title")
        let plain = probe.request("plain", at: 7_200)
        // 0.4 ms past a second: a center that keeps instants in milliseconds loses it.
        let precise = probe.request("precise", at: 5_400.000_4)
        try await probe.add([rich, plain, precise])
        let done = Done(ConformanceProbe.added([rich, plain, precise]) + " (rich with every field set)")
        let listed = try await probe.pending()
        for added in [rich, plain, precise] {
            guard let match = listed.first(where: { sameScalars($0.identifier, added.identifier) }) else {
                findings.expect(
                    false, done: done.text, found: "does not list \(added.identifier)", expected: "it listed")
                continue
            }
            let lost = fieldDifferences(match, added, comparingInstants: true)
            findings.expect(
                lost.isEmpty, done: done.text,
                found: "lists \(added.identifier) with other \(lost.joined(separator: ", ")) than added",
                expected: "every field as added")
        }
        return .checked
    }

    private static func comparesIdentifiersLiterally(
        _ probe: ConformanceProbe, _ findings: inout ConformanceFindings
    ) async throws -> ConformanceOutcome {
        var done = Done()
        // Pairs every platform keeps apart: each added, then each removed, alone.
        let pairs: [(first: String, second: String, what: String)] = [
            ("Reminder-A", "reminder-a", "case"), ("\u{FF21}1", "A1", "width"),
            ("\u{FB01}le", "file", "a compatibility form"), ("b ", "b", "a trailing space"),
        ]
        for pair in pairs {
            let first = probe.request(pair.first, at: 100)
            let second = probe.request(pair.second, at: 200, version: "v2")
            try await probe.add([first])
            try await probe.add([second])
            done.append("\(ConformanceProbe.added([first])), \(ConformanceProbe.added([second]))")
            let both = try await probe.pending()
            let expectedBoth = [first, second]
            findings.expect(
                matches(both, expectedBoth), done: done.text, found: "lists \(probe.describe(both))",
                expected: "\(probe.describe(expectedBoth)): two requests, their identifiers differ in \(pair.what)")
            try await probe.remove([pair.second])
            done.append(ConformanceProbe.removed([pair.second]))
            let left = try await probe.pending()
            findings.expect(
                matches(left, [first]), done: done.text, found: "lists \(probe.describe(left))",
                expected: "\(probe.describe([first])) (removing one spelling leaves the other)")
            try await probe.remove([pair.first])
            done.append(ConformanceProbe.removed([pair.first]))
        }
        // Threads that differ in case.
        let inThreads = [
            probe.request("r1", thread: "Thread-T", at: 100), probe.request("r2", thread: "thread-t", at: 200),
        ]
        try await probe.add(inThreads)
        done.append(ConformanceProbe.added(inThreads) + " (r1 in Thread-T, r2 in thread-t)")
        let grouped = try await probe.pending(threadIDs: ["Thread-T"])
        findings.expect(
            grouped.map { $0.map(\.identifier) } == [["r1"]],
            done: done.then("pendingRequests(threadIDs: [Thread-T])").text,
            found: "answers \(describe(grouped.map { $0.map(\.identifier) }))", expected: "[[r1]]")
        try await probe.removeThread("thread-t")
        done.append(ConformanceProbe.removedThread("thread-t"))
        let afterThread = try await probe.pendingIdentifiers()
        findings.expect(
            afterThread == ["r1"], done: done.text, found: "lists [\(ConformanceProbe.list(afterThread))]",
            expected: "[r1] (Thread-T is another thread)")
        try await probe.remove(["r1"])
        done.append(ConformanceProbe.removed(["r1"]))
        try await canonicalSpellings(probe, &done, &findings)
        return .checked
    }

    /// The two spellings of "é": listed as added, and one or two requests (or threads) as long as every call agrees.
    private static func canonicalSpellings(
        _ probe: ConformanceProbe, _ done: inout Done, _ findings: inout ConformanceFindings
    ) async throws {
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        let composedThread = "fil-\u{E9}"
        let decomposedThread = "fil-e\u{301}"
        // Listed under the very scalars added, removed by them.
        let spelled = probe.request(decomposed, thread: decomposedThread, at: 100)
        try await probe.add([spelled])
        done.append(ConformanceProbe.added([spelled]) + " (in thread \(ConformanceProbe.list([decomposedThread])))")
        let listed = try await probe.pending()
        findings.expect(
            listed.count == 1 && listed.allSatisfy { sameScalars($0.identifier, decomposed) }
                && listed.allSatisfy { sameScalars($0.threadID, decomposedThread) },
            done: done.text,
            found: "lists "
                + listed.map {
                    "\(ConformanceProbe.describe(identifier: $0.identifier)) in thread "
                        + ConformanceProbe.describe(identifier: $0.threadID)
                }.joined(separator: ", "),
            expected: "\(ConformanceProbe.list([decomposed])) in thread \(ConformanceProbe.list([decomposedThread])), "
                + "the scalars added")
        try await probe.remove([decomposed])
        done.append(ConformanceProbe.removed([decomposed]))
        let afterRemoval = try await probe.pendingIdentifiers()
        findings.expect(
            afterRemoval.isEmpty, done: done.text, found: "lists [\(ConformanceProbe.list(afterRemoval))]",
            expected: "nothing")
        // Both spellings: one request (replaced) or two, and removal agrees with what was listed.
        let first = probe.request(composed, at: 100)
        let second = probe.request(decomposed, at: 200, version: "v2")
        try await probe.add([first])
        try await probe.add([second])
        done.append("\(ConformanceProbe.added([first])), \(ConformanceProbe.added([second]))")
        let spellings = try await probe.pending()
        if spellings.count == 1 {
            findings.expect(
                matches(spellings, [second]), done: done.text, found: "lists \(probe.describe(spellings))",
                expected: "\(probe.describe([second])) (one request: the later replaced the earlier, as added) or "
                    + "\(probe.describe([first, second])) (two)")
            try await probe.remove([composed])
            done.append(ConformanceProbe.removed([composed]) + " (the other spelling of the one request listed)")
            let left = try await probe.pendingIdentifiers()
            findings.expect(
                left.isEmpty, done: done.text, found: "lists [\(ConformanceProbe.list(left))]",
                expected: "nothing: it listed the two spellings as one request, so either removes it")
        } else {
            findings.expect(
                matches(spellings, [first, second]), done: done.text, found: "lists \(probe.describe(spellings))",
                expected: "\(probe.describe([second])) (one request) or \(probe.describe([first, second])) (two)")
            try await probe.remove([decomposed])
            done.append(ConformanceProbe.removed([decomposed]))
            let left = try await probe.pending()
            findings.expect(
                matches(left, [first]), done: done.text, found: "lists \(probe.describe(left))",
                expected: "\(probe.describe([first])): it listed the two spellings as two requests, so removing one "
                    + "leaves the other")
            try await probe.remove([composed])
            done.append(ConformanceProbe.removed([composed]))
        }
        // Threads: what is listed for a spelling is what removing that spelling takes.
        let threaded = [
            probe.request("t-1", thread: composedThread, at: 300),
            probe.request("t-2", thread: decomposedThread, at: 400),
        ]
        try await probe.add(threaded)
        done.append(
            ConformanceProbe.added(threaded) + " (t-1 in thread \(ConformanceProbe.list([composedThread])), t-2 in "
                + "\(ConformanceProbe.list([decomposedThread])))")
        let group = Set(try await probe.pending(threadIDs: [decomposedThread]).first?.map(\.identifier) ?? [])
        let before = Set(try await probe.pendingIdentifiers())
        try await probe.removeThread(decomposedThread)
        let removed = before.subtracting(try await probe.pendingIdentifiers())
        done.append(
            "pendingRequests(threadIDs: [\(ConformanceProbe.list([decomposedThread]))]), "
                + ConformanceProbe.removedThread(decomposedThread))
        findings.expect(
            group == removed && (group == ["t-2"] || group == ["t-1", "t-2"]), done: done.text,
            found: "lists [\(ConformanceProbe.list(group.sorted()))] for the thread, removing it takes "
                + "[\(ConformanceProbe.list(removed.sorted()))]",
            expected: "both [t-2] (two threads) or both [t-1, t-2] (one)")
    }

    private static func keepsTheSoonestWithinItsLimit(
        _ probe: ConformanceProbe, _ context: inout ConformanceContext, _ findings: inout ConformanceFindings
    ) async throws -> ConformanceOutcome {
        let declared = probe.subject.limit
        let count = declared.map { $0 + beyondLimit } ?? limitProbeCount
        let requests = limitRequests(probe, count: count)
        // The later half first: a center must make room for sooner requests, not keep what came first.
        try await probe.add(Array(requests[(count / 2)...]))
        try await probe.add(Array(requests[..<(count / 2)]))
        var done = Done(
            "add of the later \(count - count / 2) of \(count) requests (limit-\(count / 2) … limit-\(count - 1)), then "
                + "of the sooner \(count / 2) (limit-0 …)")
        let listed = try await probe.pendingIdentifiers()
        let kept = declared ?? min(listed.count, count)
        let expected = requests.prefix(kept).map(\.identifier)
        let extra = Set(listed).subtracting(expected)
        let missing = Set(expected).subtracting(listed)
        let what = declared.map { "with a limit of \($0)" } ?? (listed.count < count ? "with a detected limit" : "")
        let firstStageHeld = listed.count == kept && extra.isEmpty && missing.isEmpty && kept > 0
        findings.expect(
            firstStageHeld, done: done.text,
            found: "lists \(listed.count)"
                + (extra.isEmpty ? "" : "; beyond the soonest \(kept): [\(ConformanceProbe.list(extra.sorted()))]")
                + (missing.isEmpty
                    ? "" : "; misses of the soonest \(kept): [\(ConformanceProbe.list(missing.sorted()))]"),
            expected: "the soonest \(kept) \(what)")
        if declared == nil, listed.count < count, listed.count > 0 {
            context.detectedLimit = listed.count
        }
        guard firstStageHeld, kept >= 4 else { return .checked }
        // Removing makes room: two removed, two sooner added, all held.
        let removed = [expected[0], expected[1]]
        let room = [probe.request("room-0", at: 500), probe.request("room-1", at: 510)]
        try await probe.remove(removed)
        try await probe.add(room)
        done.append(ConformanceProbe.removed(removed))
        done.append(ConformanceProbe.added(room) + " (sooner than all)")
        let held = room.map(\.identifier) + expected.dropFirst(2)
        let afterRoom = try await probe.pendingIdentifiers()
        findings.expect(
            Set(afterRoom) == Set(held) && afterRoom.count == held.count, done: done.text,
            found: "lists \(afterRoom.count): [\(ConformanceProbe.list(afterRoom))]",
            expected: "[\(ConformanceProbe.list(held))]: removing two made room for two")
        // Replacing takes no room.
        let replacement = probe.request(expected[2], at: 1_000 + 20, version: "v2")
        try await probe.add([replacement])
        done.append(ConformanceProbe.added([replacement]) + " (again, at its instant, as v2)")
        let afterReplace = try await probe.pendingIdentifiers()
        findings.expect(
            Set(afterReplace) == Set(held) && afterReplace.count == held.count, done: done.text,
            found: "lists \(afterReplace.count): [\(ConformanceProbe.list(afterReplace))]",
            expected: "[\(ConformanceProbe.list(held))]: a replacement takes no room")
        // Only at a limit does a removal's room show.
        guard kept >= 5, declared != nil || listed.count < count else { return .checked }
        // Removing by thread makes room too: the threads of two (each request's own), two sooner added, all held.
        let threads = [expected[3], expected[4]]
        let sooner = [probe.request("room-2", at: 520), probe.request("room-3", at: 530)]
        for thread in threads { try await probe.removeThread(thread) }
        try await probe.add(sooner)
        done.append(threads.map(ConformanceProbe.removedThread).joined(separator: ", "))
        done.append(ConformanceProbe.added(sooner) + " (sooner than all)")
        let heldAfterThreads = held.filter { !threads.contains($0) } + sooner.map(\.identifier)
        let afterThreads = try await probe.pendingIdentifiers()
        findings.expect(
            Set(afterThreads) == Set(heldAfterThreads) && afterThreads.count == heldAfterThreads.count,
            done: done.text, found: "lists \(afterThreads.count): [\(ConformanceProbe.list(afterThreads))]",
            expected: "[\(ConformanceProbe.list(heldAfterThreads))]: removing two threads made room for two")
        return .checked
    }

    /// `count` requests 10 s apart from 1000 s, `limit-0` first.
    private static func limitRequests(_ probe: ConformanceProbe, count: Int) -> [NotificationRequest] {
        (0..<count).map { probe.request("limit-\($0)", at: 1_000 + 10 * Double($0)) }
    }

    /// Adds ``limitProbeCount`` requests, later half first, and returns how many are listed when fewer are.
    static func detectLimit(_ probe: ConformanceProbe) async throws -> Int? {
        let requests = limitRequests(probe, count: limitProbeCount)
        try await probe.add(Array(requests[(limitProbeCount / 2)...]))
        try await probe.add(Array(requests[..<(limitProbeCount / 2)]))
        let listed = try await probe.pendingIdentifiers().count
        return listed < limitProbeCount && listed > 0 ? listed : nil
    }

    private static func showLeavesPending(
        _ probe: ConformanceProbe, _ findings: inout ConformanceFindings
    ) async throws -> ConformanceOutcome {
        let pending = [probe.request("a", thread: "tp", at: 100), probe.request("b", thread: "tp", at: 200)]
        let shownNow = probe.request("shown-now", thread: "tp", at: 0)
        let shownPending = probe.request("a", thread: "tp", at: 100, version: "shown")
        try await probe.add(pending)
        let before = try await probe.pending()
        try await probe.show(shownNow)
        try await probe.show(shownPending)
        let after = try await probe.pending()
        var done = Done(ConformanceProbe.added(pending) + " (in thread tp)")
        done.append(ConformanceProbe.shown(shownNow) + " (in tp)")
        done.append(ConformanceProbe.shown(shownPending) + " (pending)")
        findings.expect(
            after == before, done: done.text, found: "lists \(probe.describe(after))",
            expected: "\(probe.describe(before)) as before, unchanged")
        return .checked
    }

    private static func showsNow(
        _ probe: ConformanceProbe, _ findings: inout ConformanceFindings
    ) async throws -> ConformanceOutcome {
        var done = Done()
        let before = try await probe.screen()
        findings.expect(
            !before.contains { $0.identifier == "shown-now" }, done: "nothing",
            found: "shows \(probe.describe(before))", expected: "no shown-now")
        // Its instant is an hour away: show(_:) ignores it.
        let first = probe.richRequest("shown-now", thread: "shown-thread", at: 3_600, version: "v1")
        let second = probe.request("shown-now", thread: "shown-thread", at: 3_600, version: "v2")
        for shown in [first, second] {
            try await probe.show(shown)
            done.append(ConformanceProbe.shown(shown) + " (\(shown.title.key), its instant an hour away)")
            let screen = try await probe.screen().filter { sameScalars($0.identifier, shown.identifier) }
            findings.expect(
                !screen.isEmpty, done: done.text, found: "the screen has no shown-now",
                expected: "shown-now on screen at once")
            for entry in screen {
                let differences = fieldDifferences(entry, shown, comparingInstants: false)
                findings.expect(
                    differences.isEmpty, done: done.text,
                    found: "the screen has shown-now as \(entry.title.key), with other "
                        + "\(differences.joined(separator: ", ")) than shown last",
                    expected: "only \(shown.title.key), as given to show(_:)")
            }
        }
        return .checked
    }

    private static func withdrawsShown(
        _ probe: ConformanceProbe, _ findings: inout ConformanceFindings
    ) async throws -> ConformanceOutcome {
        try await probe.withdraw(["unknown"])
        try await probe.withdraw([])
        let pending = [probe.request("p", at: 3_600), probe.request("x", at: 7_200)]
        let shown = [
            probe.request("x", thread: "tw", at: 0, version: "shown"), probe.request("y", thread: "tw", at: 0),
            probe.request("z", at: 0),
        ]
        try await probe.add(pending)
        for request in shown { try await probe.show(request) }
        var done = Done(
            "\(ConformanceProbe.withdrawn(["unknown"])), \(ConformanceProbe.withdrawn([])) on a fresh center")
        done.append(ConformanceProbe.added(pending) + " (pending)")
        done.append(shown.map(ConformanceProbe.shown).joined(separator: ", ") + " (x and y in thread tw)")
        let steps: [(identifiers: [String], onScreen: Set<String>, why: String)] = [
            ([], ["x", "y", "z"], "an empty list withdraws nothing"),
            (["unknown", "x"], ["y", "z"], "x only, the unknown identifier before it skipped, y of its thread kept"),
            (["z", "unknown-2"], ["y"], "z only"),
        ]
        for step in steps {
            try await probe.withdraw(step.identifiers)
            done.append(ConformanceProbe.withdrawn(step.identifiers))
            let screen = try await probe.screenIdentifiers().intersection(["x", "y", "z"])
            findings.expect(
                screen == step.onScreen, done: done.text,
                found: "the screen has [\(ConformanceProbe.list(screen.sorted()))] of x, y, z",
                expected: "[\(ConformanceProbe.list(step.onScreen.sorted()))] (\(step.why))")
        }
        let left = try await probe.pendingIdentifiers()
        findings.expect(
            left == ["p", "x"], done: done.text, found: "lists [\(ConformanceProbe.list(left))]",
            expected: "[p, x]: withdrawing leaves pending requests alone, x included")
        return .checked
    }

    private static func changeCountsMoveAndNeverRepeat(
        _ probe: ConformanceProbe, _ context: ConformanceContext, _ findings: inout ConformanceFindings
    ) async throws -> ConformanceOutcome {
        let threads = ["t1", "t2"]
        var last = try await probe.counts(threadIDs: threads)
        guard last.center != nil || last.threads != nil else { return .skipped("the center keeps no change counts") }
        var seenCenter: Set<UInt64> = []
        var seenThreads: [Set<UInt64>] = [[], []]
        func remember(_ counts: (center: UInt64?, threads: [UInt64]?)) {
            if let center = counts.center { seenCenter.insert(center) }
            for (index, count) in (counts.threads ?? []).enumerated() where index < threads.count {
                seenThreads[index].insert(count)
            }
        }
        remember(last)
        var done = Done()
        let steps: [(name: String, threads: [Int], call: @Sendable (ConformanceProbe) async throws -> Void)] = [
            ("add([a]) (a in t1)", [0], { try await $0.add([$0.request("a", thread: "t1", at: 100)]) }),
            (
                "add([a]) (a replaced)", [0],
                { try await $0.add([$0.request("a", thread: "t1", at: 200, version: "v2")]) }
            ),
            ("add([b]) (b in t2)", [1], { try await $0.add([$0.request("b", thread: "t2", at: 300)]) }),
            ("removePending(identifiers: [b])", [1], { try await $0.remove(["b"]) }),
            ("removePending(threadID: t1)", [0], { try await $0.removeThread("t1") }),
            ("add([a]) (a in t1 again)", [0], { try await $0.add([$0.request("a", thread: "t1", at: 100)]) }),
            ("add([a]) (a moved to t2)", [0, 1], { try await $0.add([$0.request("a", thread: "t2", at: 100)]) }),
            (
                "add([c, d]) (c in t1, d in t2, one call)", [0, 1],
                {
                    try await $0.add([$0.request("c", thread: "t1", at: 400), $0.request("d", thread: "t2", at: 500)])
                }
            ),
            ("removePending(identifiers: [c, d]) (one call)", [0, 1], { try await $0.remove(["c", "d"]) }),
        ]
        for step in steps {
            try await step.call(probe)
            done.append(step.name)
            let counts = try await probe.counts(threadIDs: threads)
            if let center = counts.center {
                findings.expect(
                    !seenCenter.contains(center), done: done.then("changeCount()").text,
                    found: "the center's count is \(center), a value it had before (it was \(describe(last.center)))",
                    expected: "a value it never had")
            }
            if let threadCounts = counts.threads {
                findings.expect(
                    threadCounts.count == threads.count, done: done.then("changeCounts(threadIDs: [t1, t2])").text,
                    found: "answers \(threadCounts.count) counts", expected: "\(threads.count), one per thread asked")
                for index in step.threads where index < threadCounts.count {
                    findings.expect(
                        !seenThreads[index].contains(threadCounts[index]),
                        done: done.then("changeCounts(threadIDs: [t1, t2])").text,
                        found: "\(threads[index])'s count is \(threadCounts[index]), a value it had before (it was "
                            + "\(describe(last.threads.flatMap { index < $0.count ? $0[index] : nil })))",
                        expected: "a value it never had")
                }
            }
            remember(counts)
            last = counts
        }
        // A thread asked twice is answered twice, at its positions.
        let asked = ["t2", "t1", "t2", "unknown-thread"]
        let repeated = try await probe.counts(threadIDs: asked).threads
        let expectedRepeated = last.threads.map { [$0[1], $0[0], $0[1]] }
        findings.expect(
            repeated?.count == asked.count && Array(repeated?.prefix(3) ?? []) == expectedRepeated,
            done: done.then("changeCounts(threadIDs: [t2, t1, t2, unknown-thread])").text,
            found: "answers \(repeated.map { "\($0)" } ?? "nil")",
            expected:
                "4 counts, t2's at 0 and 2 and t1's at 1: \(expectedRepeated.map { "\($0)" } ?? "nil") and one more")
        if last.center != nil {
            try await countsUnderConcurrency(probe, context, &findings)
        }
        return .checked
    }

    private static func noLostUpdateUnderConcurrency(
        _ probe: ConformanceProbe, _ context: ConformanceContext, _ findings: inout ConformanceFindings
    ) async throws -> ConformanceOutcome {
        // One request of each task pending at a time, and the shared one, below the limit: a center with a limit
        // keeps them all and is never full here (what it does when full is the limit rule's to check).
        let limit = probe.subject.limit ?? context.detectedLimit ?? (concurrentCallers + 2)
        let callers = max(1, min(concurrentCallers, limit - 2))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for caller in 0..<callers {
                group.addTask {
                    let thread = "task-\(caller)"
                    try await probe.add([probe.request("\(thread)-a", thread: thread, at: 1_000 + Double(caller))])
                    if caller.isMultiple(of: 2) {
                        try await probe.remove(["\(thread)-a"])
                    } else {
                        try await probe.removeThread(thread)
                    }
                    try await probe.add([probe.request("\(thread)-b", thread: thread, at: 2_000 + Double(caller))])
                }
            }
            for copy in 0..<sameIdentifierCallers {
                group.addTask { try await probe.add([probe.request("shared", at: 3_000, version: "v\(copy)")]) }
            }
            try await group.waitForAll()
        }
        let listed = try await probe.pendingIdentifiers()
        let expected = (0..<callers).map { "task-\($0)-b" } + ["shared"]
        let missing = Set(expected).subtracting(listed)
        let extra = Set(listed).subtracting(expected)
        let shared = listed.count { $0 == "shared" }
        findings.expect(
            listed.count == expected.count && missing.isEmpty && extra.isEmpty && shared == 1,
            done:
                "\(callers) tasks at once, each add([task-i-a]), then removePending(identifiers: [task-i-a]) (even i) "
                + "or removePending(threadID: task-i) (odd i), then add([task-i-b]); meanwhile "
                + "\(sameIdentifierCallers) tasks each add([shared])",
            found: "lists \(listed.count)"
                + (missing.isEmpty ? "" : "; lost: [\(ConformanceProbe.list(missing.sorted()))]")
                + (extra.isEmpty ? "" : "; left over: [\(ConformanceProbe.list(extra.sorted()))]")
                + (shared > 1 ? "; shared \(shared) times" : ""),
            expected: "\(expected.count): every task-i-b and shared once")
        return .checked
    }

    // MARK: - Describing

    static func describe(_ groups: [[String]]) -> String {
        "[" + groups.map { "[" + ConformanceProbe.list($0) + "]" }.joined(separator: ", ") + "]"
    }

    static func describe(_ count: UInt64?) -> String {
        count.map(String.init) ?? "none"
    }

    /// Whether two texts are the same Unicode scalars (`==` on `String` also equates canonically equivalent ones).
    static func sameScalars(_ lhs: String, _ rhs: String) -> Bool {
        lhs.unicodeScalars.elementsEqual(rhs.unicodeScalars)
    }

    /// Whether `listed` holds exactly the versions `expected`, in any order: each with its identifier's very scalars,
    /// its title key (the version) and its instant.
    static func matches(_ listed: [NotificationRequest], _ expected: [NotificationRequest]) -> Bool {
        listed.count == expected.count
            && expected.allSatisfy { request in listed.contains { isVersion($0, of: request, comparingInstants: true) }
            }
    }

    /// Whether `shown` is `request`'s version: the identifier's very scalars and the title key (and the instant).
    static func isVersion(
        _ shown: NotificationRequest, of request: NotificationRequest, comparingInstants: Bool
    )
        -> Bool
    {
        sameScalars(shown.identifier, request.identifier) && shown.title.key == request.title.key
            && (!comparingInstants || shown.fireAt == request.fireAt)
    }

    /// The fields `new` changed from `old` that `listed` has as `old` had them.
    static func staleFields(
        _ listed: NotificationRequest, old: NotificationRequest, new: NotificationRequest
    )
        -> [String]
    {
        let changed = Set(fieldDifferences(new, old, comparingInstants: true))
        return fieldDifferences(listed, new, comparingInstants: true).filter { name in
            changed.contains(name) && !fieldDifferences(listed, old, comparingInstants: true).contains(name)
        }
    }

    /// The names of the fields in which `listed` differs from `added` (identifier and thread scalar for scalar).
    static func fieldDifferences(
        _ listed: NotificationRequest, _ added: NotificationRequest, comparingInstants: Bool
    ) -> [String] {
        var names: [String] = []
        func compare<Value: Equatable>(_ name: String, _ field: (NotificationRequest) -> Value) {
            if field(listed) != field(added) { names.append(name) }
        }
        if !sameScalars(listed.identifier, added.identifier) { names.append("identifier") }
        if !sameScalars(listed.threadID, added.threadID) { names.append("threadID") }
        compare("channel", \.channel)
        if comparingInstants { compare("fireAt", \.fireAt) }
        compare("title", \.title)
        compare("body", \.body)
        compare("deepLink", \.deepLink)
        compare("actions (ids, titles, order)", { $0.actions.map { [$0.id, $0.title.description] } })
        compare("actions' isTextInput", { $0.actions.map(\.isTextInput) })
        compare("expiresAfter", \.expiresAfter)
        compare("collapseID", \.collapseID)
        compare("interruptionLevel", \.interruptionLevel)
        compare("metadata", \.metadata)
        if names.isEmpty {
            var same = listed
            same.identifier = added.identifier
            same.threadID = added.threadID
            same.fireAt = added.fireAt
            if same != added { names.append("fields") }
        }
        return names
    }
}

/// The calls a rule has made so far, for its messages.
struct Done {
    private var calls: [String] = []

    init(_ calls: String...) {
        self.calls = calls
    }

    mutating func append(_ call: String) {
        calls.append(call)
    }

    /// These calls and one more.
    func then(_ call: String) -> Done {
        var copy = self
        copy.append(call)
        return copy
    }

    /// The calls in order, or "nothing".
    var text: String { calls.isEmpty ? "nothing" : calls.joined(separator: ", then ") }
}
