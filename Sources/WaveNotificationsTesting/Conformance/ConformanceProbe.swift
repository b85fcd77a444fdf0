internal import Foundation
internal import WaveNotifications

/// The check's hands on one subject: every call as one app run (when the subject has runs), errors named by call,
/// time and screen through the subject, and the requests the rules hand over.
struct ConformanceProbe: Sendable {
    let subject: ConformanceSubject
    let clock: ManualWaveClock
    let start: Date
    /// The Swift clock's instant that stands for ``start``, when the subject sleeps on a ``ManualClock``.
    let swiftClockStart: ManualClock.Instant?

    init(subject: ConformanceSubject, clock: ManualWaveClock, start: Date) {
        self.subject = subject
        self.clock = clock
        self.start = start
        if case .clock(let swiftClock) = subject.time {
            swiftClockStart = swiftClock.now
        } else {
            swiftClockStart = nil
        }
    }

    /// A channel whose interruption level differs from the default one of the rich request's.
    static let channel = NotificationChannel(
        id: "conformance", categoryID: "CONFORMANCE", name: LocalizedText(table: "Conformance", key: "channel"),
        channelDescription: LocalizedText(table: "Conformance", key: "channel_description"))

    /// `seconds` after the start.
    func at(_ seconds: Double) -> Date { start.addingTimeInterval(seconds) }

    /// A plain request firing `seconds` after the start; `version` is its title key, to tell a replacement apart.
    /// Without a thread, it is in its identifier's own.
    func request(
        _ identifier: String, thread: String? = nil, at seconds: Double, version: String = "v1",
        metadata: [String: String] = [:]
    )
        -> NotificationRequest
    {
        NotificationRequest(
            identifier: identifier, threadID: thread, channel: Self.channel, fireAt: at(seconds),
            title: LocalizedText(table: "Conformance", key: version),
            body: LocalizedText(table: "Conformance", key: "body"), deepLink: "conformance://\(identifier)",
            metadata: metadata)
    }

    /// A request with every field set, none to its default, each derived from `version` (its title key), so two
    /// versions differ in every field; without `expiresAfter` when `expiring` is false, for a request that may be
    /// shown late (an expired one need not be shown).
    func richRequest(
        _ identifier: String, thread: String, at seconds: Double, version: String, expiring: Bool = true
    ) -> NotificationRequest {
        let second = version.hasSuffix("2")
        return NotificationRequest(
            identifier: identifier, threadID: thread,
            channel: NotificationChannel(
                id: "rich-channel-\(version)", importance: second ? .high : .low, categoryID: "RICH-\(version)",
                interruptionLevel: second ? .timeSensitive : .active,
                name: LocalizedText(table: "Conformance", key: "rich_channel", arguments: [version]),
                channelDescription: LocalizedText(table: "Conformance", key: "rich_channel_description")),
            fireAt: at(seconds),
            title: LocalizedText(table: "Conformance", key: version, arguments: ["Zo\u{EB}", "42", ""]),
            body: LocalizedText(table: "Other", key: "rich_body_\(version)", arguments: ["%@", "caf\u{E9}"]),
            deepLink: "conformance://rich?version=\(version)&name=Zo%C3%AB",
            actions: [
                // Not in the order of their ids: a center that keys actions by id loses the order.
                NotificationAction(
                    id: "snooze-\(version)",
                    title: LocalizedText(table: "Conformance", key: "snooze", arguments: [second ? "10" : "5"])),
                NotificationAction(
                    id: "reply-\(version)", title: LocalizedText(table: "Conformance", key: "reply"),
                    isTextInput: !second),
            ],
            expiresAfter: expiring ? .seconds(second ? 900 : 600) : nil, collapseID: "rich-collapse-\(version)",
            interruptionLevel: second ? .passive : .critical,
            metadata: ["eventID": "e-\(version)", "trigger": "1h", "\u{FC}": "\u{F1}"])
    }

    // MARK: - Calls, one app run each

    /// Runs `body` on the center as one app run; a throw is named by `call`.
    func step<Result: Sendable>(
        _ call: String, _ body: @Sendable (any NotificationRequestCenter) async throws -> Result
    ) async throws -> Result {
        if let run = subject.appRun {
            do { try await run.begin() } catch {
                throw ConformanceCallError(call: "beginning an app run", underlying: error)
            }
        }
        let result: Result
        do {
            result = try await body(subject.center)
        } catch {
            if let run = subject.appRun { try? await run.end() }
            throw ConformanceCallError(call: call, underlying: error)
        }
        if let run = subject.appRun {
            do { try await run.end() } catch {
                throw ConformanceCallError(call: "ending an app run", underlying: error)
            }
        }
        return result
    }

    func add(_ requests: [NotificationRequest]) async throws {
        try await step(Self.added(requests)) { try await $0.add(requests) }
    }

    func remove(_ identifiers: [String]) async throws {
        try await step(Self.removed(identifiers)) {
            try await $0.removePending(identifiers: identifiers, reason: .reschedule)
        }
    }

    func removeThread(_ threadID: String) async throws {
        try await step(Self.removedThread(threadID)) {
            try await $0.removePending(threadID: threadID, reason: .reschedule)
        }
    }

    func pending() async throws -> [NotificationRequest] {
        try await step("pendingRequests()") { try await $0.pendingRequests() }
    }

    func pendingIdentifiers() async throws -> [String] {
        try await pending().map(\.identifier)
    }

    func pending(threadIDs: [String]) async throws -> [[NotificationRequest]] {
        try await step("pendingRequests(threadIDs: [\(Self.list(threadIDs))])") {
            try await $0.pendingRequests(threadIDs: threadIDs)
        }
    }

    func show(_ request: NotificationRequest) async throws {
        try await step(Self.shown(request)) { try await $0.show(request) }
    }

    func withdraw(_ identifiers: [String]) async throws {
        try await step(Self.withdrawn(identifiers)) {
            try await $0.withdrawShown(identifiers: identifiers, reason: .responded)
        }
    }

    /// The center's count and the counts of `threadIDs`, as one app run.
    func counts(threadIDs: [String]) async throws -> (center: UInt64?, threads: [UInt64]?) {
        try await step("changeCount() and changeCounts(threadIDs:)") {
            (try await $0.changeCount(), try await $0.changeCounts(threadIDs: threadIDs))
        }
    }

    // MARK: - Time and screen

    /// The requests on screen, as shown (the rules that look run only with an inspector).
    func screen() async throws -> [NotificationRequest] {
        guard let onScreen = subject.onScreen else { return [] }
        do { return try await onScreen() } catch {
            throw ConformanceCallError(call: "the screen inspector", underlying: error)
        }
    }

    /// The identifiers on screen, each once.
    func screenIdentifiers() async throws -> Set<String> {
        Set(try await screen().map(\.identifier))
    }

    /// Moves the center's time to `seconds` after the start.
    func advance(to seconds: Double) async throws {
        try await advance(to: at(seconds))
    }

    /// Moves the center's time to `instant`.
    func advance(to instant: Date) async throws {
        switch subject.time {
        case .unavailable:
            return
        case .sharedClock:
            await clock.advance(to: instant)
        case .advance(let advance):
            do { try await advance(instant) } catch {
                throw ConformanceCallError(call: "advancing time", underlying: error)
            }
        case .clock(let swiftClock):
            let origin = swiftClockStart ?? swiftClock.now
            await swiftClock.advance(to: origin.advanced(by: .seconds(instant.timeIntervalSince(start))))
        }
    }

    /// Moves the center's time to `seconds` after the start in one jump: a center that sleeps on the shared clock or
    /// a ``ManualClock`` wakes late, with the clock already at that instant, for everything that came due on the way.
    /// A subject that moves its own time (``ConformanceSubject/Time/advance(_:)``) is moved as by ``advance(to:)``.
    func jump(to seconds: Double) async throws {
        let instant = at(seconds)
        switch subject.time {
        case .unavailable:
            return
        case .sharedClock:
            await clock.jump(to: instant)
        case .advance:
            try await advance(to: instant)
        case .clock(let swiftClock):
            let origin = swiftClockStart ?? swiftClock.now
            await swiftClock.jump(to: origin.advanced(by: .seconds(instant.timeIntervalSince(start))))
        }
    }

    // MARK: - Describing

    /// Identifiers for a message, with the scalars of non-ASCII ones (two spellings of "é" look alike) and quotes
    /// around one with a space at either end; more than 12 are cut to the first 5 and the last 5.
    static func list(_ identifiers: some Collection<String>) -> String {
        let described = identifiers.map(describe(identifier:))
        guard described.count > 12 else { return described.joined(separator: ", ") }
        return (described.prefix(5) + ["… (\(described.count) in all)"] + described.suffix(5))
            .joined(separator: ", ")
    }

    /// One identifier for a message.
    static func describe(identifier: String) -> String {
        var text = identifier
        if identifier.first?.isWhitespace == true || identifier.last?.isWhitespace == true || identifier.isEmpty {
            text = "\"\(identifier)\""
        }
        guard !identifier.unicodeScalars.allSatisfy(\.isASCII) else { return text }
        return text + " ("
            + identifier.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }
            .joined(separator: " ") + ")"
    }

    /// Requests for a message: `identifier@seconds version`, where the version is the title key.
    func describe(_ requests: some Collection<NotificationRequest>) -> String {
        "[" + Self.list(requests.map { "\($0.identifier)@\(seconds($0.fireAt)) \($0.title.key)" }) + "]"
    }

    /// One request for a message.
    func describe(_ request: NotificationRequest) -> String {
        "\(Self.describe(identifier: request.identifier))@\(seconds(request.fireAt)) \(request.title.key)"
    }

    /// An instant as seconds after the start, without a trailing `.0`.
    func seconds(_ date: Date) -> String {
        let value = date.timeIntervalSince(start)
        return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    static func added(_ requests: [NotificationRequest]) -> String {
        "add([\(list(requests.map(\.identifier)))])"
    }

    static func removed(_ identifiers: [String]) -> String {
        "removePending(identifiers: [\(list(identifiers))])"
    }

    static func removedThread(_ threadID: String) -> String {
        "removePending(threadID: \(describe(identifier: threadID)))"
    }

    static func shown(_ request: NotificationRequest) -> String {
        "show(\(describe(identifier: request.identifier)))"
    }

    static func withdrawn(_ identifiers: [String]) -> String {
        "withdrawShown(identifiers: [\(list(identifiers))])"
    }
}
