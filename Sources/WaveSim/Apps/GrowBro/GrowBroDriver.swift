internal import Foundation
internal import GrowBroNotifications
internal import WaveJSON
internal import WaveNotifications

/// Drives ``GrowBroNotificationService``: the contract's calls (``ServiceReplayDriver``) and GrowBro's actions, its
/// answers as output (and, with `--payloads`, each push as a server would encode it).
struct GrowBroDriver: ServiceReplayDriver {
    let service: GrowBroNotificationService
    /// The service's inbox, which knows whether an identifier read or deleted ever had an entry.
    let inbox: GrowBroReplayInbox
    /// The replay's end, when the summary's inbox counts are taken.
    let until: Date
    /// The push platform whose payloads are printed, if any.
    let payloads: ReplayOptions.PayloadPlatform?
    /// Resolves texts in the replay's language (inbox and payload lines).
    let render: @Sendable (LocalizedText) -> String

    /// The line of a link the user's response opened.
    func outputs(for fact: GrowBroFact) -> [AppReplayOutput] {
        switch fact {
        case .linkOpened(let url, let route, let at):
            [.line(GrowBroLines.link(url, at: at, route: route))]
        }
    }

    func replaceSettings(_ settings: JSONValue) async {
        await service.replaceSettings(GrowBroSection.decodedSettings(settings))
    }

    func perform(_ action: any AppActionPayload, device: DeviceState) async throws -> AppActionResult {
        switch action {
        case let push as GrowBroSection.PushAction:
            return try await receive(push.push, device: device)
        case let push as GrowBroSection.BackgroundPushAction:
            return AppActionResult(outputs: outputs(try await service.receiveBackgroundPush(push.push, device: device)))
        case let task as GrowBroSection.TaskAction:
            return try await change(task, device: device)
        case let entry as GrowBroSection.InboxEntryAction:
            _ =
                entry.deletes
                ? try await service.delete(entry.identifier, device: device)
                : try await service.markRead(entry.identifier, device: device)
            // Whether one was added, not whether one is kept: an entry purged long after its archive had one.
            guard !inbox.hadEntry(entry.identifier) else { return AppActionResult() }
            return AppActionResult(warnings: [
                "\(entry.path).identifier: '\(entry.identifier)' has no inbox entry yet; the \(entry.type) does nothing"
            ])
        case is GrowBroSection.EraseAction:
            try await service.eraseInbox()
            return AppActionResult()
        case let link as GrowBroSection.OpenLinkAction:
            let route = Result { () throws(DeepLinkRouteRejection) in try service.openLink(link.url) }
            return AppActionResult(outputs: [.line(GrowBroLines.link(link.url, at: device.now, route: route))])
        case let page as GrowBroSection.InboxPageAction:
            let items = try await service.inboxPage(size: page.pageSize, continuing: page.continues, device: device)
            let unread = try await service.inboxCounts(device: device).unread
            return AppActionResult(outputs: [
                .line(GrowBroLines.inbox(items, unread: unread, at: device.now, render: render))
            ])
        default:
            return AppActionResult()
        }
    }

    func summaryLine(_ summary: AppReplaySummary, device: DeviceState) async throws -> AppOutputLine {
        // Counted at `until`: an entry that reaches 30 days between the last moment and the end is archived.
        var end = device
        end.now = max(device.now, until)
        let counts = try await service.inboxCounts(device: end)
        var line = summary.line
        line.fields.append(
            ("inbox", .object([("total", .integer(counts.total)), ("unread", .integer(counts.unread))])))
        return line
    }

    /// A push arrives; with `--payloads`, its payload line follows what the service did, shown or not.
    private func receive(_ push: GrowBroPush, device: DeviceState) async throws -> AppActionResult {
        let result = try await service.receive(push, device: device)
        var outcome = AppActionResult(outputs: .init(result.events))
        guard let payloads else { return outcome }
        let request = result.delivery.request
        switch GrowBroLines.payload(for: request, push: push, platform: payloads, render: render) {
        case .success(let line):
            outcome.outputs.append(.line(line))
        case .failure(let error):
            // Every push gets its payload line, shown or not: one that cannot be encoded says so.
            outcome.outputs.append(.line(GrowBroLines.rejectedPayload(for: request, platform: payloads, error: error)))
            outcome.warnings.append("push \(request.identifier): no \(payloads.rawValue) payload: \(error)")
        }
        return outcome
    }

    /// `complete`, `reschedule` or `addTask`, and the warning when it does nothing.
    private func change(_ task: GrowBroSection.TaskAction, device: DeviceState) async throws -> AppActionResult {
        let result: GrowBroTaskActionResult
        switch task.change {
        case .complete(let id): result = try await service.completeTask(id, device: device)
        case .reschedule(let id, let due): result = try await service.rescheduleTask(id, to: due, device: device)
        case .add(let new): result = try await service.addTask(new, device: device)
        }
        var outcome = AppActionResult(outputs: .init(result.events))
        switch result.outcome {
        case .applied:
            break
        case .noSuchTask:
            // The scenario was checked when read; a settings change since then can still remove the task.
            outcome.warnings.append("\(task.path).task: no such task now; the \(task.type) does nothing")
        case .reminderAlreadyShown:
            if case .reschedule(let id, let due) = task.change {
                outcome.warnings.append(
                    "\(task.path).due: '\(id)' is already due at \(due) and its reminder was shown; the same due "
                        + "time gets no second reminder, the reschedule does nothing")
            }
        }
        return outcome
    }
}
