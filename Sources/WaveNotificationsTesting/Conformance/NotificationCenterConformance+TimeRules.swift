internal import Foundation
internal import WaveNotifications

// The rules that let time pass, one function each. Instants have fractions of a second, and a later request is
// handed over before a sooner one, so a center that rounds instants or arms its timer once shows it.
extension NotificationCenterConformance {
    /// Three days: long after every instant the time rules hand over.
    private static let longAfter: Double = 3 * 24 * 3_600

    static func dueRequestsLeavePending(
        _ probe: ConformanceProbe, _ context: ConformanceContext, _ findings: inout ConformanceFindings
    ) async throws -> ConformanceOutcome {
        var done = Done()
        func expectPending(_ expected: [String], _ why: String, _ findings: inout ConformanceFindings) async throws {
            let listed = try await probe.pendingIdentifiers()
            findings.expect(
                listed.sorted() == expected.sorted(), done: done.text,
                found: "lists [\(ConformanceProbe.list(listed))]",
                expected: "[\(ConformanceProbe.list(expected))] (\(why))")
        }
        let later = probe.request("later", at: 120)
        let sooner = [probe.request("due", thread: "tq", at: 60.5), probe.request("moved", at: 60.5)]
        let moved = probe.request("moved", at: 180, version: "v2")
        try await probe.add([later])
        try await probe.add(sooner)
        try await probe.add([moved])
        done.append(ConformanceProbe.added([later]) + " (at 120)")
        done.append(ConformanceProbe.added(sooner) + " (at 60.5, due in thread tq)")
        done.append(ConformanceProbe.added([moved]) + " (moved to 180)")
        try await probe.advance(to: 60.25)
        done.append("time to 60.25")
        try await expectPending(["due", "later", "moved"], "nothing is due a moment before 60.5", &findings)
        try await probe.advance(to: 60.5)
        done.append("time to 60.5")
        try await expectPending(["later", "moved"], "due came due; moved waits for 180", &findings)
        let thread = try await probe.pending(threadIDs: ["tq"]).map { $0.map(\.identifier) }
        findings.expect(
            thread == [[]], done: done.then("pendingRequests(threadIDs: [tq])").text,
            found: "answers \(describe(thread))", expected: "[[]]: due, tq's only request, came due")
        // Not in the future when added: exactly now, and already past; taken before any time passes.
        for (request, what) in [
            (probe.request("now", at: 60.5), "exactly now"), (probe.request("past", at: 30), "past"),
        ] {
            try await probe.add([request])
            try await probe.advance(to: 60.5)
            done.append(ConformanceProbe.added([request]) + " (its instant \(what)), time still 60.5")
            try await expectPending(["later", "moved"], "\(request.identifier) is taken at once", &findings)
        }
        // Several at once, long after their instants.
        let late = [probe.request("late-1", at: 3_600), probe.request("late-2", at: 3_600.5)]
        try await probe.add(late)
        try await probe.advance(to: longAfter)
        done.append(ConformanceProbe.added(late) + " (at 3600 and 3600.5), time to three days")
        try await expectPending([], "every instant passed long ago", &findings)
        try await deliveriesFreeTheirRoom(probe, context, &done, &findings)
        try await leavesPendingMonthsAhead(probe, &done, &findings)
        return .checked
    }

    /// Cycles of as many requests as the center holds (its limit, or 8), each cycle's instants passed before the
    /// next: every cycle is held whole, so a request that came due frees its room.
    private static func deliveriesFreeTheirRoom(
        _ probe: ConformanceProbe, _ context: ConformanceContext, _ done: inout Done,
        _ findings: inout ConformanceFindings
    ) async throws {
        let room = min(probe.subject.limit ?? context.detectedLimit ?? 8, 64)
        for cycle in 0..<4 {
            let base = longAfter + 1_000 * Double(cycle + 1)
            let batch = (0..<room).map { probe.request("cycle-\(cycle)-\($0)", at: base + Double($0)) }
            try await probe.add(batch)
            done.append(ConformanceProbe.added(batch) + " (cycle \(cycle + 1) of 4, \(room) requests)")
            let listed = try await probe.pendingIdentifiers()
            findings.expect(
                listed.sorted() == batch.map(\.identifier).sorted(), done: done.text,
                found: "lists \(listed.count): [\(ConformanceProbe.list(listed))]",
                expected: "the \(room) of this cycle: those of the cycles before came due and left their room")
            try await probe.advance(to: base + Double(room))
            done.append("time past them")
        }
    }

    /// Requests 40 and 100 days ahead (past 24.8 days, the most a delay in 32-bit milliseconds holds) wait for
    /// their instants.
    private static func leavesPendingMonthsAhead(
        _ probe: ConformanceProbe, _ done: inout Done, _ findings: inout ConformanceFindings
    ) async throws {
        let base = longAfter + 10_000
        let day = 24 * 3_600.0
        let far = [probe.request("month", at: base + 40 * day), probe.request("quarter", at: base + 100 * day)]
        try await probe.advance(to: base)
        try await probe.add(far)
        try await probe.advance(to: base + 60)
        done.append(ConformanceProbe.added(far) + " (40 and 100 days ahead), time a minute on")
        let soon = try await probe.pendingIdentifiers()
        findings.expect(
            soon.sorted() == ["month", "quarter"], done: done.text, found: "lists [\(ConformanceProbe.list(soon))]",
            expected: "[month, quarter]: months ahead, neither is due")
        try await probe.advance(to: base + 40 * day)
        done.append("time to 40 days")
        let afterMonth = try await probe.pendingIdentifiers()
        findings.expect(
            afterMonth == ["quarter"], done: done.text, found: "lists [\(ConformanceProbe.list(afterMonth))]",
            expected: "[quarter]: month came due, quarter is 60 days away")
        try await probe.advance(to: base + 100 * day)
        done.append("time to 100 days")
        let afterQuarter = try await probe.pendingIdentifiers()
        findings.expect(
            afterQuarter.isEmpty, done: done.text, found: "lists [\(ConformanceProbe.list(afterQuarter))]",
            expected: "nothing: quarter came due")
    }

    static func showsWhenDue(
        _ probe: ConformanceProbe, _ findings: inout ConformanceFindings
    ) async throws -> ConformanceOutcome {
        var done = Done()
        let later = probe.request("later", at: 120)
        let due = probe.request("due", thread: "tq", at: 60.5)
        let dueReplacement = probe.richRequest("due", thread: "tq", at: 60.5, version: "v2")
        let moved = [
            probe.request("moved", at: 60.5),
            probe.request("moved", at: 180, version: "v2", metadata: ["eventID": "m"]),
        ]
        let shownBefore = probe.request("sh", at: 90)
        let shownCopy = probe.request("sh", at: 90, version: "shown")
        try await probe.add([later])
        try await probe.add([due])
        try await probe.add([dueReplacement])
        try await probe.add([moved[0]])
        try await probe.add([moved[1]])
        try await probe.add([shownBefore])
        try await probe.show(shownCopy)
        done.append(ConformanceProbe.added([later]) + " (at 120)")
        done.append(ConformanceProbe.added([due]) + " (at 60.5, v1), again as v2 at 60.5 with every field changed")
        done.append(ConformanceProbe.added([moved[0]]) + " (at 60.5), again as v2 at 180")
        done.append(ConformanceProbe.added([shownBefore]) + " (at 90), " + ConformanceProbe.shown(shownCopy))
        // What the center lists is the version it must show, every field but the instant.
        let listed = try await probe.pending()
        try await probe.advance(to: 60.25)
        done.append("time to 60.25")
        let early = try await probe.screenIdentifiers().intersection(["due", "moved", "later"])
        findings.expect(
            early.isEmpty, done: done.text, found: "the screen has [\(ConformanceProbe.list(early.sorted()))]",
            expected: "none of due, moved, later: nothing is due a moment before 60.5")
        try await probe.advance(to: 60.5)
        done.append("time to 60.5")
        try await expectShown(dueReplacement, "its last version, as replaced", probe, done, &findings, listed: listed)
        let notYet = try await probe.screenIdentifiers().intersection(["moved", "later"])
        findings.expect(
            notYet.isEmpty, done: done.text, found: "the screen has [\(ConformanceProbe.list(notYet.sorted()))]",
            expected: "neither moved (moved to 180) nor later (120)")
        try await probe.advance(to: 90)
        done.append("time to 90")
        let sh = try await probe.screen().filter { sameScalars($0.identifier, "sh") }
        findings.expect(
            sh.contains { isVersion($0, of: shownBefore, comparingInstants: false) }, done: done.text,
            found: "the screen has sh as [\(sh.map(\.title.key).joined(separator: ", "))]",
            expected: "sh v1, the pending request, shown at its instant though show(_:) showed sh before")
        try await probe.advance(to: 180)
        done.append("time to 180")
        try await expectShown(moved[1], "its version moved to 180", probe, done, &findings, listed: listed)
        // Several in one thread, shown long after their instants: time jumps there, so a timer sleeping on the
        // center's clock wakes three days late.
        let thread = [
            probe.richRequest("g1", thread: "tg", at: 3_600, version: "v1", expiring: false),
            probe.richRequest("g2", thread: "tg", at: 3_600.5, version: "v2", expiring: false),
            probe.request("g3", thread: "tg", at: 3_601),
        ]
        try await probe.add(thread)
        let listedThread = try await probe.pending()
        try await probe.jump(to: longAfter)
        done.append(
            ConformanceProbe.added(thread) + " (in thread tg, at 3600 to 3601), time jumps to three days (a sleeper "
                + "wakes late)")
        let threadShown = try await probe.screenIdentifiers().intersection(["g1", "g2", "g3"])
        findings.expect(
            threadShown == ["g1", "g2", "g3"], done: done.text,
            found: "the screen has [\(ConformanceProbe.list(threadShown.sorted()))] of g1, g2, g3",
            expected: "all three: each request of a thread is shown, however late")
        for request in thread where threadShown.contains(request.identifier) {
            try await expectShown(request, "as listed", probe, done, &findings, listed: listedThread)
        }
        // Not in the future when added: shown at once.
        for (request, what) in [
            (probe.request("now", at: longAfter), "exactly now"), (probe.request("past", at: longAfter - 30), "past"),
        ] {
            try await probe.add([request])
            try await probe.advance(to: longAfter)
            done.append(ConformanceProbe.added([request]) + " (its instant \(what)), time still three days")
            try await expectShown(request, "at once", probe, done, &findings)
        }
        // Months ahead: not shown before its instant, shown at it.
        let day = 24 * 3_600.0
        let month = probe.request("month", at: longAfter + 40 * day)
        try await probe.add([month])
        try await probe.jump(to: longAfter + 60)
        done.append(ConformanceProbe.added([month]) + " (40 days ahead), time jumps a minute on")
        let tooSoon = try await probe.screenIdentifiers().intersection(["month"])
        findings.expect(
            tooSoon.isEmpty, done: done.text, found: "the screen has month",
            expected:
                "no month yet: it is 40 days ahead (past 24.8 days, the most a delay in 32-bit milliseconds holds)")
        try await probe.jump(to: longAfter + 40 * day)
        done.append("time jumps to 40 days")
        try await expectShown(month, "at its instant, 40 days on", probe, done, &findings)
        return .checked
    }

    /// Notes a problem unless `request` is on screen and every entry under its identifier is its version: as the
    /// center listed it (every field but the instant) when `listed` has it, else by its title key.
    private static func expectShown(
        _ request: NotificationRequest, _ why: String, _ probe: ConformanceProbe, _ done: Done,
        _ findings: inout ConformanceFindings, listed: [NotificationRequest] = []
    ) async throws {
        let entries = try await probe.screen().filter { sameScalars($0.identifier, request.identifier) }
        let stale = entries.filter { !isVersion($0, of: request, comparingInstants: false) }
        findings.expect(
            !entries.isEmpty && stale.isEmpty, done: done.text,
            found: entries.isEmpty
                ? "the screen has no \(request.identifier)"
                : "the screen has \(request.identifier) as [\(entries.map(\.title.key).joined(separator: ", "))]",
            expected: "\(request.identifier) as \(request.title.key) only (\(why))")
        guard stale.isEmpty,
            let version = listed.first(where: {
                sameScalars($0.identifier, request.identifier) && $0.title.key == request.title.key
            })
        else { return }
        for entry in entries {
            let differences = fieldDifferences(entry, version, comparingInstants: false)
            findings.expect(
                differences.isEmpty, done: done.text,
                found: "the screen has \(request.identifier) with other \(differences.joined(separator: ", ")) than "
                    + "listed",
                expected: "\(request.identifier) shown as listed, every field but its instant")
        }
    }

    static func showsWhatItLists(
        _ probe: ConformanceProbe, _ context: ConformanceContext, _ findings: inout ConformanceFindings
    ) async throws -> ConformanceOutcome {
        let count = (probe.subject.limit ?? context.detectedLimit).map { $0 + beyondLimit } ?? 6
        let end = 1_000 + 10 * Double(count)
        // Every field set, so a field lost on the way to the screen shows; each its own collapse id, so none replaces
        // another on screen.
        let requests = (0..<count).map { index in
            var request = probe.richRequest(
                "listed-\(index)", thread: "listed-\(index)", at: 1_000 + 10 * Double(index), version: "v1",
                expiring: false)
            request.collapseID = "collapse-\(index)"
            return request
        }
        try await probe.add(Array(requests[(count / 2)...]))
        try await probe.add(Array(requests[..<(count / 2)]))
        var done = Done(
            "add of the later \(count - count / 2) of \(count) requests 10 s apart from 1000 (listed-\(count / 2) …), "
                + "then of the sooner \(count / 2) (listed-0 …)")
        // Replaced (moved later, moved sooner), removed, and a thread added and removed, all before any instant.
        let movedLater = probe.request("listed-0", at: end + 5, version: "v2")
        let movedSooner = probe.request("listed-\(count - 1)", at: 995, version: "v2")
        let thread = [
            probe.request("gone-a", thread: "gone", at: 1_003), probe.request("gone-b", thread: "gone", at: 1_004),
        ]
        try await probe.add([movedLater])
        try await probe.add([movedSooner])
        try await probe.remove(["listed-1"])
        try await probe.add(thread)
        try await probe.removeThread("gone")
        done.append(ConformanceProbe.added([movedLater]) + " (moved to \(probe.seconds(movedLater.fireAt)) as v2)")
        done.append(ConformanceProbe.added([movedSooner]) + " (moved to 995 as v2)")
        done.append(ConformanceProbe.removed(["listed-1"]))
        done.append(ConformanceProbe.added(thread) + " (in thread gone), " + ConformanceProbe.removedThread("gone"))
        let listed = try await probe.pending()
        try await probe.advance(to: 1_000 + 10 * Double(count / 2))
        try await probe.jump(to: end + 10)
        done.append(
            "pendingRequests(), time to \(1_000 + 10 * (count / 2)), then a jump to \(Int(end) + 10) (a sleeper wakes "
                + "late)")
        let screen = try await probe.screen()
        let shownIdentifiers = Set(screen.map(\.identifier))
        let listedIdentifiers = Set(listed.map(\.identifier))
        let unlisted = shownIdentifiers.subtracting(listedIdentifiers)
        let unshown = listedIdentifiers.subtracting(shownIdentifiers)
        let otherVersions = screen.filter { entry in
            listed.first { sameScalars($0.identifier, entry.identifier) }.map {
                !fieldDifferences(entry, $0, comparingInstants: false).isEmpty
            } ?? false
        }
        findings.expect(
            unlisted.isEmpty && unshown.isEmpty && otherVersions.isEmpty, done: done.text,
            found: "listed \(listed.count), showed \(screen.count)"
                + (unlisted.isEmpty ? "" : "; shown but not listed: [\(ConformanceProbe.list(unlisted.sorted()))]")
                + (unshown.isEmpty ? "" : "; listed but not shown: [\(ConformanceProbe.list(unshown.sorted()))]")
                + (otherVersions.isEmpty
                    ? "" : "; shown in another version than listed: \(probe.describe(otherVersions))"),
            expected: "exactly what was listed, each in the version listed")
        let left = try await probe.pendingIdentifiers()
        findings.expect(
            left.isEmpty, done: done.text, found: "still lists [\(ConformanceProbe.list(left))]",
            expected: "nothing pending once every instant passed")
        return .checked
    }

    static func withdrawsWhatCameDue(
        _ probe: ConformanceProbe, _ findings: inout ConformanceFindings
    ) async throws -> ConformanceOutcome {
        let later = probe.request("k", at: 120)
        let due = [probe.request("d1", at: 60), probe.request("d2", at: 60)]
        let again = probe.request("d1", at: 120, version: "v2")
        try await probe.add([later])
        try await probe.add(due)
        try await probe.advance(to: 60)
        var done = Done(ConformanceProbe.added([later]) + " (at 120)", ConformanceProbe.added(due) + " (at 60)")
        done.append("time to 60")
        let shown = try await probe.screenIdentifiers().intersection(["d1", "d2"])
        findings.expect(
            shown == ["d1", "d2"], done: done.text, found: "the screen has [\(ConformanceProbe.list(shown.sorted()))]",
            expected: "d1 and d2, which came due")
        try await probe.withdraw(["d1"])
        done.append(ConformanceProbe.withdrawn(["d1"]))
        let afterWithdrawal = try await probe.screenIdentifiers().intersection(["d1", "d2"])
        findings.expect(
            afterWithdrawal == ["d2"], done: done.text,
            found: "the screen has [\(ConformanceProbe.list(afterWithdrawal.sorted()))]",
            expected: "d2 only: d1, shown when due, is withdrawn like one show(_:) showed")
        try await probe.add([again])
        try await probe.advance(to: 120)
        done.append(ConformanceProbe.added([again]) + " (d1 again, at 120, v2), time to 120")
        try await expectShown(
            again, "added again after its withdrawal, shown at its new instant", probe, done, &findings)
        return .checked
    }

    static func changeCountsMoveWhenDue(
        _ probe: ConformanceProbe, _ findings: inout ConformanceFindings
    ) async throws -> ConformanceOutcome {
        let threads = ["t1", "t2", "t3", "t4"]
        let fresh = try await probe.counts(threadIDs: threads)
        guard fresh.center != nil || fresh.threads != nil else { return .skipped("the center keeps no change counts") }
        func expectMoved(
            _ before: (center: UInt64?, threads: [UInt64]?), _ after: (center: UInt64?, threads: [UInt64]?),
            _ moved: [Int], _ done: Done, _ findings: inout ConformanceFindings
        ) {
            if let center = after.center {
                findings.expect(
                    center != before.center, done: done.text, found: "the center's count stayed \(center)",
                    expected: "it moves when a request comes due")
            }
            guard let counts = after.threads, let earlier = before.threads, counts.count == 4, earlier.count == 4
            else { return }
            for index in moved {
                findings.expect(
                    counts[index] != earlier[index], done: done.text,
                    found: "\(threads[index])'s count stayed \(counts[index])",
                    expected: "it moves when a request of \(threads[index]) comes due")
            }
        }
        let first = [probe.request("due", thread: "t1", at: 60), probe.request("later", thread: "t2", at: 120)]
        try await probe.add(first)
        let before = try await probe.counts(threadIDs: threads)
        try await probe.advance(to: 60)
        var done = Done(ConformanceProbe.added(first) + " (due in t1 at 60, later in t2 at 120)", "time to 60")
        expectMoved(before, try await probe.counts(threadIDs: threads), [0], done, &findings)
        let second = [probe.request("m3", thread: "t3", at: 200), probe.request("m4", thread: "t4", at: 201)]
        try await probe.add(second)
        let beforeLate = try await probe.counts(threadIDs: threads)
        try await probe.advance(to: longAfter)
        done.append(ConformanceProbe.added(second) + " (m3 in t3 at 200, m4 in t4 at 201), time to three days")
        expectMoved(beforeLate, try await probe.counts(threadIDs: threads), [1, 2, 3], done, &findings)
        return .checked
    }
}
