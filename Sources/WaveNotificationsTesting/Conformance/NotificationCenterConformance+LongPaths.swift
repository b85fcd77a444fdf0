internal import Foundation
internal import WaveNotifications

// The long paths of the rules that need no time: many identifiers at once (past 16, 50, 64 and 1,000), long lists,
// change counts read while tasks add. Each is part of one rule, whose summary names it, and notes what differed in
// that rule's findings. An adapter that works on four requests, one call at a time, can still fail here: a lookup
// that scans a fixed window, a removal done in one chunk, a count read and written back around an await.
extension NotificationCenterConformance {
    /// How many requests the paths of many identifiers add.
    static let manyRequestCount = 1_000

    /// `count` requests 10 s apart from 10,000 s (`many-0` first), each in its own thread.
    private static func manyRequests(_ probe: ConformanceProbe, count: Int) -> [NotificationRequest] {
        (0..<count).map { probe.request("many-\($0)", at: 10_000 + 10 * Double($0)) }
    }

    /// Adds ``manyRequestCount`` requests, the later half first, and returns what the center lists of them: all of
    /// them, or the soonest it keeps when it has a limit (what it keeps is the limit rule's to judge).
    private static func addMany(_ probe: ConformanceProbe, _ done: inout Done) async throws -> [NotificationRequest] {
        let requests = manyRequests(probe, count: manyRequestCount)
        try await probe.add(Array(requests[(manyRequestCount / 2)...]))
        try await probe.add(Array(requests[..<(manyRequestCount / 2)]))
        done.append(
            "add of the later \(manyRequestCount / 2) of \(manyRequestCount) requests 10 s apart from 10000 "
                + "(many-\(manyRequestCount / 2) …), then of the sooner \(manyRequestCount / 2) (many-0 …)")
        return try await probe.pending().filter { $0.identifier.hasPrefix("many-") }
    }

    /// With 1,000 identifiers handed over, replacing the 1st, 17th, 51st, 65th, middle and last listed (one alone,
    /// the rest in one call, each at its instant) still replaces: one request each, in its new version.
    static func replacesAmongMany(_ probe: ConformanceProbe, _ findings: inout ConformanceFindings) async throws {
        var done = Done()
        let earlier = try await probe.pendingIdentifiers()
        try await probe.remove(earlier)
        done.append(ConformanceProbe.removed(earlier) + " (everything listed)")
        let listed = try await addMany(probe, &done)
        guard listed.count >= 4 else { return }
        let positions = Set([0, 16, 50, 64, listed.count / 2, listed.count - 1].filter { $0 < listed.count }).sorted()
        let replacements = positions.map { position in
            probe.request(
                listed[position].identifier, at: listed[position].fireAt.timeIntervalSince(probe.start), version: "v2")
        }
        try await probe.add([replacements[0]])
        try await probe.add(Array(replacements.dropFirst()))
        done.append(
            ConformanceProbe.added([replacements[0]]) + ", then "
                + ConformanceProbe.added(Array(replacements.dropFirst()))
                + " (again as v2, each at its instant, among the \(listed.count) listed)")
        let after = try await probe.pending().filter { $0.identifier.hasPrefix("many-") }
        findings.expect(
            after.count == listed.count, done: done.text, found: "lists \(after.count) of the many-… requests",
            expected: "\(listed.count), as before: a replacement adds no request")
        for replacement in replacements {
            let matches = after.filter { sameScalars($0.identifier, replacement.identifier) }
            findings.expect(
                matches.count == 1 && matches.first?.title.key == "v2", done: done.text,
                found: "lists \(matches.count) requests with identifier \(replacement.identifier): "
                    + probe.describe(matches),
                expected: "one, \(probe.describe(replacement))")
        }
    }

    /// One removal of 1,000 unknown identifiers followed by every one listed of 1,000, each behind an unknown one,
    /// removes them all: a removal that stops after so many identifiers, or handles one chunk of the list, leaves
    /// some.
    static func removesALongList(_ probe: ConformanceProbe, _ findings: inout ConformanceFindings) async throws {
        var done = Done()
        let listed = try await addMany(probe, &done).map(\.identifier)
        var identifiers = (0..<manyRequestCount).map { "unknown-\($0)" }
        for identifier in listed.reversed() {
            identifiers.append("unknown-\(identifiers.count)")
            identifiers.append(identifier)
        }
        try await probe.remove(identifiers)
        done.append(
            "removePending(identifiers:) of \(identifiers.count): \(manyRequestCount) unknown ones, then the "
                + "\(listed.count) listed, last first, each behind another unknown one")
        let left = try await probe.pendingIdentifiers().filter { $0.hasPrefix("many-") }
        findings.expect(
            left.isEmpty, done: done.text,
            found: "still lists \(left.count) of them: [\(ConformanceProbe.list(left))]",
            expected: "none: every identifier of the list is removed, however long the list")
    }

    /// 1,000 requests, two at each instant, handed over in a scrambled order in several calls, are listed soonest
    /// first, ties in the order handed over.
    static func listsManySoonestFirst(
        _ probe: ConformanceProbe, _ done: inout Done, _ findings: inout ConformanceFindings
    ) async throws {
        let count = manyRequestCount
        // 7,919 is prime to 1,000: every position once, far from the order of the instants.
        let order = (0..<count).map { ($0 * 7_919) % count }
        let handed = order.map { index in probe.request("many-\(index)", at: 10_000 + 10 * Double(index / 2)) }
        for start in stride(from: 0, to: count, by: 250) {
            try await probe.add(Array(handed[start..<min(start + 250, count)]))
        }
        done.append(
            "add of \(count) requests, two at each instant 10 s apart from 10000, in a scrambled order, 250 per call")
        let expected = handed.enumerated()
            .sorted { ($0.element.fireAt, $0.offset) < ($1.element.fireAt, $1.offset) }
            .map(\.element.identifier)
        // Judged on what it lists, in whatever number (what a center with a limit keeps is the limit rule's).
        let listed = try await probe.pendingIdentifiers().filter { $0.hasPrefix("many-") }
        let kept = Set(listed)
        let inOrder = expected.filter(kept.contains)
        let firstDifference = listed.indices.first { listed[$0] != inOrder[$0] }
        findings.expect(
            firstDifference == nil, done: done.text,
            found: firstDifference.map { index in
                "lists \(listed[index]) at position \(index + 1) of \(listed.count), where \(inOrder[index]) belongs"
            } ?? "",
            expected: "soonest first, the two at one instant in the order handed over")
    }

    /// What a count read with the listing says: snapshots taken while tasks add (the listing, the center's count,
    /// the listing again, kept when both listings agree) never give one count to two listings. Only adds of new
    /// identifiers happen meanwhile, so two equal listings mean nothing changed between them. A count read, awaited
    /// and written back lets concurrent adds stamp one change; whether they do depends on how the tasks interleave,
    /// so the adders start together (each waits until all have started) and the burst is played up to
    /// ``countBurstRounds`` times, removed between rounds, until a round finds something.
    static func countsUnderConcurrency(
        _ probe: ConformanceProbe, _ context: ConformanceContext, _ findings: inout ConformanceFindings
    ) async throws {
        let pendingBefore = try await probe.pendingIdentifiers().count
        let room = (probe.subject.limit ?? context.detectedLimit ?? 1_000) - pendingBefore
        let adders = max(1, min(20, room - 1))
        let readers = 3
        let snapshots = WaveLock<[(count: UInt64, listing: [String])]>([])
        @Sendable func snapshot() async throws {
            let first = try await probe.pendingIdentifiers()
            let count = try await probe.counts(threadIDs: []).center
            let second = try await probe.pendingIdentifiers()
            if let count, first == second { snapshots.withLock { $0.append((count, first.sorted())) } }
        }
        for round in 1...countBurstRounds {
            let addersLeft = WaveLock(adders)
            let addersStarted = WaveLock(0)
            try await snapshot()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for adder in 0..<adders {
                    group.addTask {
                        addersStarted.withLock { $0 += 1 }
                        // Bounded, so that a scheduler that runs one task at a time does not hang the check.
                        for _ in 0..<1_000 where addersStarted.withLock({ $0 < adders }) { await Task.yield() }
                        try await probe.add([
                            probe.request("burst-\(round)-\(adder)", thread: "burst-\(adder)", at: 5_000)
                        ])
                        addersLeft.withLock { $0 -= 1 }
                        try await snapshot()
                    }
                }
                for _ in 0..<readers {
                    group.addTask {
                        // Bounded, so that a center whose adds never return does not hang the check.
                        for _ in 0..<10_000 where addersLeft.withLock({ $0 > 0 }) {
                            try await snapshot()
                        }
                    }
                }
                try await group.waitForAll()
            }
            try await snapshot()
            let before = findings.problems.count
            reportRepeatedCounts(snapshots.withLock { $0 }, adders: adders, readers: readers, &findings)
            if findings.problems.count > before { return }
            try await probe.remove((0..<adders).map { "burst-\(round)-\($0)" })
        }
    }

    /// How many times ``countsUnderConcurrency(_:_:_:)`` plays its burst on a center where nothing is found.
    static let countBurstRounds = 6

    private static func reportRepeatedCounts(
        _ snapshots: [(count: UInt64, listing: [String])], adders: Int, readers: Int,
        _ findings: inout ConformanceFindings
    ) {
        var listings: [UInt64: [String]] = [:]
        var reported: Set<UInt64> = []
        for (count, listing) in snapshots {
            guard let earlier = listings[count] else {
                listings[count] = listing
                continue
            }
            guard earlier != listing, reported.insert(count).inserted else { continue }
            let added = Set(listing).symmetricDifference(earlier).sorted()
            findings.expect(
                false,
                done: "\(adders) tasks at once, each add([burst-i]) (a request in its own thread), while \(readers) "
                    + "tasks read pendingRequests(), changeCount() and pendingRequests() again",
                found: "the center's count was \(count) with two listings, which differ in "
                    + "[\(ConformanceProbe.list(added))]",
                expected: "a count that moves at every change: one count, one listing")
        }
    }
}
