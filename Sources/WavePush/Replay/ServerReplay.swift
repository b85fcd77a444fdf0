internal import Foundation
internal import GrowBroNotifications
internal import GrowBroServer
internal import GrowBroServerSQLite
internal import GrowBroServerTesting
internal import WaveCommandLine
internal import WaveNotifications
internal import WaveNotificationsTesting

/// Runs a server scenario through the real store and dispatcher, with a scripted transport, printing a line per
/// decision and the report.
///
/// Before each action, every send due by its instant is attempted at the instant it is due (retries included);
/// then the action applies, then what it made due is attempted. After the last action, sends due by `until` are
/// attempted; then the alerts and the report over `[now, until)` are printed.
struct ServerReplay {
    var scenario: ServerScenario
    var output: OutputChannel
    var printsRequests: Bool
    var databasePath: String?

    func run() async throws -> Int32 {
        // The apns-id derived from the send id: the same file gives the same lines, requests included.
        var configuration = scenario.configuration
        configuration.apnsIDs = .derivedFromSendID
        let server =
            try databasePath.map { try PushStoreLocation($0).open(configuration: configuration) }
            ?? PushServer.inMemory(configuration: configuration)
        defer { server.close() }
        let transport = ScriptedTransport(answers: scenario.answers)
        // No alarm is ever set on it: advancing only moves the instant the dispatcher reads.
        let clock = ManualWaveClock(now: scenario.now)
        let dispatcher = PushDispatcher(
            server: server, transport: transport, credentials: CountingCredentials(), clock: clock,
            random: SeededRandom(seed: scenario.seed))
        var cursors: [String: InboxCursor?] = [:]

        func dispatch(until limit: Date) async throws {
            while let next = try await server.run({ try $0.nextDueInstant() }), next <= limit {
                await clock.advance(to: next)
                for decision in try await dispatcher.dispatchDue() {
                    if printsRequests, let request = decision.request {
                        output.writeLine(ReplayLines.request(request, at: decision.at))
                    }
                    output.writeLine(ReplayLines.decision(decision))
                }
            }
            await clock.advance(to: limit)
        }

        for timed in scenario.actions {
            try await dispatch(until: timed.at)
            do {
                // The action's calls on the server's store thread (PushServer.run), not on this task's.
                cursors = try await server.run { [self, cursors] server in
                    var cursors = cursors
                    try apply(timed, server: server, cursors: &cursors)
                    return cursors
                }
            } catch let error as GrowBroServerError {
                throw CommandFailure(ExitCode.dataError, Self.message(for: error, in: timed))
            }
            try await dispatch(until: timed.at)
        }
        try await dispatch(until: scenario.until)
        let (from, until) = (scenario.now, scenario.until)
        let report = try await server.run { try $0.report(from: from, to: until) }
        for alert in report.alerts { output.writeLine(ReplayLines.alert(alert, at: scenario.until)) }
        output.writeLine(ReplayLines.report(report, at: scenario.until))
        return ExitCode.success
    }

    /// The error as `actions[3].recipient: unknown user 'zed' …`: the action's path and the field at fault.
    static func message(for error: GrowBroServerError, in timed: ServerScenario.TimedAction) -> String {
        let field: String
        switch error {
        case .invalidValue(let name, _, _): field = name == "user" && isEvent(timed) ? "recipient" : name
        case .unknownPlatform: field = "platform"
        case .malformedToken: field = "token"
        case .unknownUser: field = isEvent(timed) ? "recipient" : "user"
        case .unknownInstallation, .notSentTo: field = "installation"
        case .unknownMessage, .duplicateMessage: field = "messageId"
        case .unknownChannel: field = "channels"
        case .payloadTooLarge(_, let name, _), .heldByAnotherUser(let name): field = name
        }
        var text = error.description
        if let colon = text.range(of: ": ") { text = String(text[colon.upperBound...]) }
        return "\(timed.path).\(field): \(text)"
    }

    private static func isEvent(_ timed: ServerScenario.TimedAction) -> Bool {
        if case .event = timed.action { return true }
        return false
    }

    private func apply(
        _ timed: ServerScenario.TimedAction, server: PushServer, cursors: inout [String: InboxCursor?]
    ) throws {
        let at = timed.at
        switch timed.action {
        case .register(let registration):
            for change in try server.register(registration) { output.writeLine(ReplayLines.token(change)) }
        case .logout(let installationID):
            output.writeLine(ReplayLines.token(try server.logout(installationID: installationID, at: at)))
        case .preferences(let userID, let channels, let archiveDays):
            try server.setPreferences(userID: userID, channels: channels, archiveDays: archiveDays, at: at)
        case .event(let event):
            output.writeLine(ReplayLines.fanOut(try server.fanOut(event), at: at))
        case .engagement(let kind, let messageID, let installationID):
            let recorded = try server.recordEngagement(
                kind, messageID: messageID, installationID: installationID, at: at)
            output.writeLine(
                ReplayLines.engagement(
                    kind, messageID: messageID, installationID: installationID, recorded: recorded, at: at))
        case .read(let userID, let messageID), .delete(let userID, let messageID):
            let inbox = try server.inbox(of: userID)
            let identifier = GrowBroLinks.messageIdentifier(messageID)
            let isRead: Bool
            if case .read = timed.action { isRead = true } else { isRead = false }
            let count =
                isRead
                ? try inbox.markRead(identifier: identifier, at: at) : try inbox.delete(identifier: identifier, at: at)
            output.writeLine(
                ReplayLines.inboxChange(
                    isRead ? "read" : "delete", user: userID, messageID: messageID, entries: count,
                    unread: try inbox.unreadCount(now: at), at: at))
        case .gdprErase(let userID):
            let inbox = try server.inbox(of: userID)
            // Every pending send the erasure ends is a decision of its own, as the dispatcher's are.
            for decision in try inbox.eraseAll(at: at) {
                output.writeLine(ReplayLines.decision(decision))
            }
            cursors[userID] = nil as InboxCursor??
            output.writeLine(
                ReplayLines.inboxChange("gdprErase", user: userID, messageID: "", entries: 0, unread: 0, at: at))
        case .inbox(let userID, let pageSize, let next):
            let inbox = try server.inbox(of: userID)
            let page: InboxPage
            switch (next, cursors[userID]) {
            case (true, .some(.none)):
                page = InboxPage(items: [], nextCursor: nil)  // the previous page was the last
            case (true, .some(.some(let cursor))):
                page = try inbox.page(size: pageSize, after: cursor, now: at)
            default:
                page = try inbox.page(size: pageSize, after: nil, now: at)
            }
            cursors[userID] = .some(page.nextCursor)
            output.writeLine(ReplayLines.inbox(page, user: userID, unread: try inbox.unreadCount(now: at), at: at))
        case .purgeStale:
            for change in try server.purgeStaleTokens(now: at) { output.writeLine(ReplayLines.token(change)) }
        case .report:
            let report = try server.report(from: scenario.now, to: at)
            for alert in report.alerts { output.writeLine(ReplayLines.alert(alert, at: at)) }
            output.writeLine(ReplayLines.report(report, at: at))
        }
    }
}
