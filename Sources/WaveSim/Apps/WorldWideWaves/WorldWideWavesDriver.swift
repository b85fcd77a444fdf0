internal import Foundation
internal import WaveCommandLine
internal import WaveJSON
internal import WaveLinuxAdapter
internal import WaveNotifications
internal import WaveStrings

/// Drives ``WorldWideWavesNotificationService``: the contract's calls (``ServiceReplayDriver``) and the `favorite`,
/// `unfavorite`, `update` and `remove` actions; its lines are WorldWideWaves' own (`docs/scenario-format.md`): a
/// delivery with its event, trigger, keys and texts, no line for a cancellation, and its summary.
struct WorldWideWavesDriver: ServiceReplayDriver {
    /// An action on one event.
    struct EventAction: AppActionPayload {
        /// The scenario's action.
        var action: ScenarioAction
        var type: String { "event" }
    }

    let service: WorldWideWavesNotificationService
    /// Renders texts in the replay's language, with their locale.
    let renderer: any NotificationTextRenderer
    /// The simulation speed (any speed but 1 gates scheduling).
    let speed: Int

    /// WorldWideWaves syncs at launches, refreshes and boots only: its other actions change one event.
    var handsOverAtEveryRun: Bool { false }

    func outputs(for fact: WorldWideWavesNotificationService.Fact) -> [AppReplayOutput] { [] }

    // The calls a replay makes at every step, written for this service's concrete type: a replay of 100k events
    // makes 600k of each, and the generic ones of `ServiceReplayDriver` cost a metadata lookup and a thunk each.

    func nextOwnMoment(after instant: Date, in zone: TimeZone) async -> Date? {
        service.nextOwnMoment(after: instant, in: zone)
    }

    func nextExpiry() async -> Date? { service.nextExpiry }

    func due(_ request: NotificationRequest, device: DeviceState) async throws -> [AppReplayOutput] {
        try await service.notificationShown(request, device: device).events.map(AppReplayOutput.event)
    }

    func withdrawExpired(device: DeviceState) async throws -> [AppReplayOutput] {
        try await service.withdrawExpired(device: device).events.map(AppReplayOutput.event)
    }

    /// Syncs at an app run (a launch and the start print how many favorites of how many events), or shows the wave
    /// hits at a wave's instant.
    func reconcile(_ cause: ReconcileCause, device: DeviceState) async throws -> [AppReplayOutput] {
        let report = try await service.reconcile(device: device, cause: cause)
        let announcesSync = cause == .start || cause == .launch
        return report.entries.flatMap { entry -> [AppReplayOutput] in
            switch entry {
            case .notification(let event):
                return [.event(event)]
            case .fact(.synced(let favorites, let events)):
                guard announcesSync else { return [] }
                let words =
                    "launch: sync \(favorites) favorite\(favorites == 1 ? "" : "s") of \(events) event\(events == 1 ? "" : "s")"
                return [.line(Self.note(words, at: device.now))]
            }
        }
    }

    func replaceSettings(_ settings: JSONValue) async {}

    /// Time-sensitive on an iPhone (``NotificationManagerBridge/presentationLevel``).
    func presentationLevel(of request: NotificationRequest) -> NotificationChannel.InterruptionLevel {
        NotificationManagerBridge.presentationLevel
    }

    /// `background refresh` and `reboot` are announced before they run.
    func announce(_ action: AppScenario.Action, device: DeviceState) -> [AppReplayOutput] {
        switch action.kind {
        case .backgroundRefresh: [.line(Self.note("background refresh", at: device.now))]
        case .reboot: [.line(Self.note("reboot", at: device.now))]
        case .forceStop: [.line(Self.note("force stop", at: device.now))]
        default: []
        }
    }

    func perform(_ payload: any AppActionPayload, device: DeviceState) async throws -> AppActionResult {
        guard let action = (payload as? EventAction)?.action else { return AppActionResult() }
        let outcome: WorldWideWavesNotificationService.ActionOutcome
        switch action.kind {
        case .favorite(let id): outcome = await service.favorite(id, device: device)
        case .unfavorite(let id): outcome = await service.unfavorite(id, device: device)
        case .update(let id, let start, let end, let waveHitAt):
            outcome = await service.update(id, startDate: start, endDate: end, waveHitAt: waveHitAt, device: device)
        case .remove(let id): outcome = await service.remove(id, device: device)
        case .launch, .backgroundRefresh, .reboot, .device, .forceStop: return AppActionResult()
        }
        let words = Self.describe(action)
        switch outcome {
        case .applied:
            return AppActionResult(outputs: [.line(Self.note(words, at: device.now))])
        case .unknownEvent:
            let id = action.eventID ?? ""
            return AppActionResult(outputs: [
                .line(Self.note("\(words): skipped, event '\(id)' was removed", at: device.now))
            ])
        }
    }

    /// A delivery as WorldWideWaves prints it: the JSON line of the Linux adapter's ``JSONLinesSink``, and for people
    /// the event, the trigger and the texts; nothing for a cancellation, a suppression or a withdrawal.
    func line(for event: NotificationEvent, printer: AppEventPrinter, permission: PermissionStatus) -> AppOutputLine? {
        guard case .delivered(let request, let at, _) = event else { return nil }
        let delivery = NotificationDelivery(
            request: request, text: renderer.render(request), scheduledFor: min(request.fireAt, at), deliveredAt: at)
        return AppOutputLine(
            type: "delivered",
            fields: [
                ("at", .instant(at)), ("title", .string(delivery.text.title)), ("body", .string(delivery.text.body)),
            ],
            request: request, delivery: delivery)
    }

    /// WorldWideWaves' summary: what the platform was handed and removed, delivered, the peak, and on iOS and
    /// Android the losses and the shortest runway.
    func summaryLine(_ summary: AppReplaySummary, device: DeviceState) async throws -> AppOutputLine {
        var fields: [(String, AppOutputLine.Value)] = [
            ("speed", .integer(speed)), ("gated", .bool(speed != 1)), ("scheduled", .integer(summary.added)),
            ("cancelled", .integer(summary.removed)), ("delivered", .integer(summary.delivered)),
        ]
        if summary.hasDeviceConditions {
            // docs/scenario-format.md, Device conditions: with a condition, what the device refused, by reason.
            let reasons = summary.suppressed.keys.sorted().map {
                ($0, AppOutputLine.Value.integer(summary.suppressed[$0]!))
            }
            fields.append(("suppressed", .object(reasons)))
        }
        fields += [
            ("missed", .integer(0)), ("peakPending", .integer(summary.peakPending)),
            ("pendingLimit", summary.pendingLimit == Int.max ? .null : .integer(summary.pendingLimit)),
        ]
        if let platform = summary.platform {
            fields += [
                ("platform", .string(platform)), ("lost", .integer(summary.lost)),
                ("minRunwayMinutes", summary.minRunwayMinutes.map(AppOutputLine.Value.integer) ?? .null),
            ]
        }
        var line = AppOutputLine(type: "summary", fields: fields + summary.deviceFields)
        line.textOnlyFields = [("failed", .integer(summary.failed))]
        return line
    }

    /// A line for people only: the instant and what happened.
    private static func note(_ words: String, at instant: Date) -> AppOutputLine {
        AppOutputLine(type: "note", fields: [("at", .instant(instant)), ("text", .string(words))], isTextOnly: true)
    }

    private static func describe(_ action: ScenarioAction) -> String {
        switch action.kind {
        case .favorite(let id): return "favorite \(id)"
        case .unfavorite(let id): return "unfavorite \(id)"
        case .remove(let id): return "remove \(id)"
        case .launch: return "launch"
        case .backgroundRefresh: return "background refresh"
        case .reboot: return "reboot"
        case .device: return "device"
        case .forceStop: return "force stop"
        case .update(let id, let start, let end, let hit):
            let changes = [
                start.map { "start \(utc($0))" }, end.map { "end \(utc($0))" }, hit.map { "wave hit \(utc($0))" },
            ]
            return "update \(id): " + changes.compactMap { $0 }.joined(separator: ", ")
        }
    }

    /// `2026-06-21 16:00:00Z`.
    static func utc(_ date: Date) -> String {
        UTCDateParts(date).iso8601.replacingOccurrences(of: "T", with: " ")
    }
}
