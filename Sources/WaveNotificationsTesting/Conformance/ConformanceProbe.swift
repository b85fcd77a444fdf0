internal import Foundation
internal import WaveNotifications

/// The check's hands on one subject: every call as one app run (when the subject has runs), errors named by call,
/// time and screen through the subject, and the requests the rules hand over.
struct ConformanceProbe: Sendable {
    let subject: ConformanceSubject
    let clock: ManualWaveClock
    let start: Date

    /// A channel whose interruption level differs from the default one of the rich request's.
    static let channel = NotificationChannel(
        id: "conformance", categoryID: "CONFORMANCE", name: LocalizedText(table: "Conformance", key: "channel"),
        channelDescription: LocalizedText(table: "Conformance", key: "channel_description"))

    /// `seconds` after the start.
    func at(_ seconds: Double) -> Date { start.addingTimeInterval(seconds) }

    /// A plain request firing `seconds` after the start; `version` is its title key, to tell a replacement apart.
    func request(
        _ identifier: String, thread: String? = nil, at seconds: Double, version: String = "v1"
    )
        -> NotificationRequest
    {
        NotificationRequest(
            identifier: identifier, threadID: thread, channel: Self.channel, fireAt: at(seconds),
            title: LocalizedText(table: "Conformance", key: version),
            body: LocalizedText(table: "Conformance", key: "body"), deepLink: "conformance://\(identifier)")
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
        try await step("add([\(Self.list(requests.map(\.identifier)))])") { try await $0.add(requests) }
    }

    func remove(_ identifiers: [String]) async throws {
        try await step("removePending(identifiers: [\(Self.list(identifiers))])") {
            try await $0.removePending(identifiers: identifiers, reason: .reschedule)
        }
    }

    func removeThread(_ threadID: String) async throws {
        try await step("removePending(threadID: \(threadID))") {
            try await $0.removePending(threadID: threadID, reason: .reschedule)
        }
    }

    func pending() async throws -> [NotificationRequest] {
        try await step("pendingRequests()") { try await $0.pendingRequests() }
    }

    func pendingIdentifiers() async throws -> [String] {
        try await pending().map(\.identifier)
    }

    func show(_ request: NotificationRequest) async throws {
        try await step("show(\(request.identifier))") { try await $0.show(request) }
    }

    func withdraw(_ identifiers: [String]) async throws {
        try await step("withdrawShown(identifiers: [\(Self.list(identifiers))])") {
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

    /// The identifiers on screen (the rule runs only with an inspector).
    func screen() async throws -> Set<String> {
        guard let onScreen = subject.onScreen else { return [] }
        do { return Set(try await onScreen()) } catch {
            throw ConformanceCallError(call: "the screen inspector", underlying: error)
        }
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
        }
    }

    // MARK: - Describing

    /// Identifiers for a message, with the scalars of non-ASCII ones (two spellings of "é" look alike).
    static func list(_ identifiers: some Sequence<String>) -> String {
        identifiers.map { identifier in
            identifier.unicodeScalars.allSatisfy(\.isASCII)
                ? identifier
                : identifier + " ("
                    + identifier.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }
                    .joined(separator: " ") + ")"
        }
        .joined(separator: ", ")
    }
}
