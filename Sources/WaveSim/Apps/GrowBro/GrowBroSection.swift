internal import Foundation
internal import GrowBroNotifications
internal import WaveCommandLine
internal import WaveJSON
internal import WaveNotifications

/// GrowBro's part of the scenario format: the `growbro` settings object (channels, quiet hours, tasks) and the
/// actions `push`, `complete`, `reschedule`, `addTask`, `read`, `delete`, `gdprDelete`, `openLink` and `inbox`.
enum GrowBroSection: AppReplaySection {
    static let name = "growbro"

    static var androidScheduling: AndroidScheduling { GrowBroNotificationService.androidScheduling }
    static let actionKeys = [
        "push": ["kind", "messageId", "postId", "author", "authorId", "text", "title"], "complete": ["task"],
        "reschedule": ["task", "due"], "addTask": ["id", "title", "due"], "read": ["identifier"],
        "delete": ["identifier"], "gdprDelete": [], "openLink": ["url"], "inbox": ["pageSize", "next"],
    ]

    /// A `push` action: the server's message arrives now.
    struct PushAction: AppActionPayload {
        var push: GrowBroPush
        var type: String { "push" }
        /// A push reaches the device whether or not the app runs.
        var isSystemEvent: Bool { true }
        /// Its FCM priority (``GrowBroPush/isHighPriority``): a `normal` one waits while the phone sleeps (the device model decides).
        var pushIsHighPriority: Bool? { push.isHighPriority }
        /// The push's notification and its channel.
        var pushIdentifier: String? { GrowBroLinks.messageIdentifier(push.messageID) }
        /// The push's notification and its channel.
        var broughtNotification: (identifier: String, channel: String)? {
            pushIdentifier.map { ($0, push.channel.channel.id) }
        }
    }

    /// A `push` of kind `refresh`: a background push that runs the app (`docs/scenario-format.md`, Background pushes).
    struct BackgroundPushAction: AppActionPayload {
        var push: GrowBroBackgroundPush
        var type: String { "push" }
        var isSystemEvent: Bool { true }
        var pushIsHighPriority: Bool? { push.isHighPriority }
        var pushIdentifier: String? { push.identifier }
        var isBackgroundPush: Bool { true }
    }

    /// A `complete`, `reschedule` or `addTask` action: a change to the tasks, then a reconcile.
    struct TaskAction: AppActionPayload {
        /// What changes.
        enum Change: Sendable {
            case complete(taskID: String)
            case reschedule(taskID: String, due: LocalDateTime)
            case add(GrowBroTask)
        }

        var change: Change
        var path: String
        var type: String {
            switch change {
            case .complete: return "complete"
            case .reschedule: return "reschedule"
            case .add: return "addTask"
            }
        }
    }

    /// A `read` or `delete` action on every inbox entry with an identifier.
    struct InboxEntryAction: AppActionPayload {
        var identifier: String
        var deletes: Bool
        var path: String
        var type: String { deletes ? "delete" : "read" }
    }

    /// A `gdprDelete` action: every inbox entry is erased.
    struct EraseAction: AppActionPayload {
        var type: String { "gdprDelete" }
    }

    /// An `openLink` action: the link is routed through GrowBro's allowlist.
    struct OpenLinkAction: AppActionPayload {
        var url: String
        var type: String { "openLink" }
    }

    /// An `inbox` action: one page of the inbox is printed.
    struct InboxPageAction: AppActionPayload {
        var pageSize: Int
        var continues: Bool
        var path: String
        var type: String { "inbox" }
    }

    private static let channelNames = GrowBroChannel.allCases.map(\.rawValue)

    private static let channels = ValueDecoder<[GrowBroChannel: Bool]> { value, path, diagnostics in
        guard case .object(let pairs) = value else {
            diagnostics.problem(path, "expected an object of channel switches, found \(value.typeDescription)")
            return nil
        }
        // A channel name that is not one of GrowBro's would silently switch nothing off: a problem, not a warning.
        for (key, _) in pairs where GrowBroChannel(rawValue: key) == nil {
            diagnostics.problem(
                path.appending(key: key),
                "unknown channel '\(key)'; expected one of \(channelNames.joined(separator: ", "))")
        }
        let known = JSONValue.object(pairs.filter { GrowBroChannel(rawValue: $0.key) != nil })
        guard let object = ObjectDecoder(known, at: path, keys: channelNames, diagnostics: &diagnostics) else {
            return nil
        }
        var switches: [GrowBroChannel: Bool] = [:]
        for channel in GrowBroChannel.allCases where object.contains(channel.rawValue) {
            guard let on = object.decode(.optional(channel.rawValue, .bool), &diagnostics) else { return nil }
            switches[channel] = on
        }
        return switches
    }

    static let task = ValueDecoder<GrowBroTask>.object(keys: ["id", "title", "due"], named: "a task object") {
        object, diagnostics in
        let id = object.decode(.required("id", .growBroID), &diagnostics)
        let title = object.decode(.required("title", .nonEmptyText), &diagnostics)
        let due = object.decode(.required("due", .localDateTime), &diagnostics)
        guard let id, let title, let due else { return nil }
        return GrowBroTask(id: id, title: title, due: due)
    }

    static let settings = ValueDecoder<GrowBroSettings>.object(
        keys: ["channels", "quietHours", "tasks"], named: "an object of GrowBro settings"
    ) { object, diagnostics in
        let channels = object.decode(.optional("channels", channels, default: [:]), &diagnostics)
        let quiet = object.decode(.optional("quietHours", .quietHours, default: QuietHoursSetting()), &diagnostics)
        let tasks = object.decode(
            .optional("tasks", .array(of: task, named: "an array of tasks", uniqueKey: ("id", \.id)), default: []),
            &diagnostics)
        guard let channels, let quiet, let tasks else { return nil }
        return GrowBroSettings(channels: channels, quietHours: quiet, tasks: tasks)
    }

    private static let pushKeys: [GrowBroPushKind: [String]] = [
        .reply: ["messageId", "postId", "author", "authorId", "text"],
        .like: ["messageId", "postId", "author", "authorId"],
        .system: ["messageId", "title", "text"],
        .refresh: ["messageId", "postId"],
    ]

    static func decodeAction(
        type: String, _ object: ObjectDecoder, at path: JSONPath, _ diagnostics: inout DecodingDiagnostics
    ) -> (any AppActionPayload)? {
        switch type {
        case "push":
            return decodePush(object, at: path, &diagnostics)
        case "complete":
            let task = object.decode(.required("task", .growBroID), &diagnostics)
            return task.map { TaskAction(change: .complete(taskID: $0), path: path.description) }
        case "reschedule":
            let task = object.decode(.required("task", .growBroID), &diagnostics)
            let due = object.decode(.required("due", .localDateTime), &diagnostics)
            guard let task, let due else { return nil }
            return TaskAction(change: .reschedule(taskID: task, due: due), path: path.description)
        case "addTask":
            let id = object.decode(.required("id", .growBroID), &diagnostics)
            let title = object.decode(.required("title", .nonEmptyText), &diagnostics)
            let due = object.decode(.required("due", .localDateTime), &diagnostics)
            guard let id, let title, let due else { return nil }
            return TaskAction(change: .add(GrowBroTask(id: id, title: title, due: due)), path: path.description)
        case "read", "delete":
            let identifier = object.decode(.required("identifier", .nonEmptyText), &diagnostics)
            return identifier.map {
                InboxEntryAction(identifier: $0, deletes: type == "delete", path: path.description)
            }
        case "gdprDelete":
            return EraseAction()
        case "openLink":
            // Any string: rejecting a bad link is the router's job, and its reason is the output.
            return object.decode(.required("url", .string), &diagnostics).map { OpenLinkAction(url: $0) }
        case "inbox":
            let size = object.decode(.required("pageSize", .integer(in: 1...InboxError.maximumPageSize)), &diagnostics)
            let next = object.decode(.optional("next", .bool, default: false), &diagnostics)
            guard let size, let next else { return nil }
            return InboxPageAction(pageSize: size, continues: next, path: path.description)
        default:
            // The envelope only passes the types of `actionKeys`.
            return nil
        }
    }

    /// A reply's or like's optional `authorId`: absent reads as `.some(nil)`, an invalid one as `nil` (a problem).
    private static let authorIDField = Field<String?>.optional(
        "authorId", ValueDecoder<String>.growBroID.map { $0 }, default: nil)

    private static func decodePush(
        _ object: ObjectDecoder, at path: JSONPath, _ diagnostics: inout DecodingDiagnostics
    ) -> (any AppActionPayload)? {
        guard let kind = object.decode(.required("kind", .enumeration()), &diagnostics) as GrowBroPushKind? else {
            return nil
        }
        let allowed = pushKeys[kind]!
        for key in actionKeys["push"]! where key != "kind" && !allowed.contains(key) && object.contains(key) {
            diagnostics.problem(
                path.appending(key: key),
                "is not a key of a \(kind.rawValue) push; it takes \(allowed.joined(separator: ", "))")
        }
        let message = object.decode(.required("messageId", .growBroID), &diagnostics)
        switch kind {
        case .reply:
            let post = object.decode(.required("postId", .growBroID), &diagnostics)
            let author = object.decode(.required("author", .nonEmptyText), &diagnostics)
            let authorID = object.decode(authorIDField, &diagnostics)
            let text = object.decode(.required("text", .nonEmptyText), &diagnostics)
            guard let message, let post, let author, let authorID, let text else { return nil }
            return PushAction(
                push: .reply(messageID: message, postID: post, author: author, text: text, authorID: authorID))
        case .like:
            let post = object.decode(.required("postId", .growBroID), &diagnostics)
            let author = object.decode(.required("author", .nonEmptyText), &diagnostics)
            let authorID = object.decode(authorIDField, &diagnostics)
            guard let message, let post, let author, let authorID else { return nil }
            return PushAction(push: .like(messageID: message, postID: post, author: author, authorID: authorID))
        case .system:
            let title = object.decode(.required("title", .nonEmptyText), &diagnostics)
            let text = object.decode(.required("text", .nonEmptyText), &diagnostics)
            guard let message, let title, let text else { return nil }
            return PushAction(push: .system(messageID: message, title: title, text: text))
        case .refresh:
            let post = object.decode(
                .optional("postId", ValueDecoder<String>.growBroID.map { $0 }, default: nil), &diagnostics)
            guard let message, let post else { return nil }
            return BackgroundPushAction(push: GrowBroBackgroundPush(messageID: message, postID: post))
        }
    }

    /// Message ids are used once; task actions name a task that exists at that time; `read`/`delete` name a message
    /// or task of the scenario (in the start settings, any later settings, or added) or a digest.
    static func validate(
        _ actions: [(action: AppScenario.Action, settings: JSONValue)], startSettings: JSONValue,
        _ diagnostics: inout DecodingDiagnostics
    ) {
        // Every identifier the scenario can put in the inbox: its messages, its tasks (in the start settings, any later
        // settings, or added). A `settings` action's entry carries the settings after it, so the start is not in
        // `actions` when the first action removes a task that was delivered before.
        var known = Set(decodedSettings(startSettings).tasks.map { GrowBroLinks.taskIdentifier($0.id) })
        var messages: [String: String] = [:]
        for (action, value) in actions {
            known.formUnion(decodedSettings(value).tasks.map { GrowBroLinks.taskIdentifier($0.id) })
            guard case .app(let payload) = action.kind else { continue }
            let messageID =
                (payload as? PushAction)?.push.messageID ?? (payload as? BackgroundPushAction)?.push.messageID
            if let id = messageID {
                if let first = messages[id] {
                    diagnostics.problem(
                        JSONPath(action.path).appending(key: "messageId"),
                        "message id '\(id)' is already used by \(first); a message id is used once")
                } else {
                    messages[id] = action.path
                }
                known.insert(GrowBroLinks.messageIdentifier(id))
            } else if let task = payload as? TaskAction, case .add(let added) = task.change {
                known.insert(GrowBroLinks.taskIdentifier(added.id))
            }
        }
        if actions.isEmpty { return }

        // Task actions name a task that exists at that time (in the settings in force, or added before).
        var added: Set<String> = []
        var hasPaged = false
        for (action, value) in actions {
            guard case .app(let payload) = action.kind else { continue }
            let path = JSONPath(action.path)
            let tasks = Set(decodedSettings(value).tasks.map(\.id)).union(added)
            if let task = payload as? TaskAction {
                switch task.change {
                case .complete(let id), .reschedule(let id, _):
                    if !tasks.contains(id) {
                        diagnostics.problem(path.appending(key: "task"), "no task '\(id)' at that time")
                    }
                case .add(let new):
                    if tasks.contains(new.id) {
                        diagnostics.problem(path.appending(key: "id"), "task '\(new.id)' already exists at that time")
                    }
                    added.insert(new.id)
                }
            } else if let entry = payload as? InboxEntryAction, !known.contains(entry.identifier),
                GrowBroLinks.digestDate(ofIdentifier: entry.identifier) == nil
            {
                diagnostics.problem(
                    path.appending(key: "identifier"),
                    "'\(entry.identifier)' names no messageId or task of the scenario "
                        + "(expected msg_<messageId>, task_<id> or overdue_<YYYY-MM-DD>)")
            } else if let page = payload as? InboxPageAction {
                if page.continues && !hasPaged {
                    diagnostics.warning(
                        path.appending(key: "next"), "no earlier inbox action to continue; the first page is printed")
                }
                hasPaged = true
            }
        }
    }

    /// GrowBro's driver: its service on the replay's center, over an inbox that watches the identifiers the
    /// scenario's `read` and `delete` actions name (for the warning of an identifier with no entry yet).
    static func makeDriver(
        settings: JSONValue, scenario: AppScenario, options: ReplayOptions, environment: AppDriverEnvironment
    ) -> any AppReplayDriver {
        var watched: Set<String> = []
        for action in scenario.actions {
            if case .app(let payload) = action.kind, let entry = payload as? InboxEntryAction {
                watched.insert(entry.identifier)
            }
        }
        let inbox = GrowBroReplayInbox(watching: watched)
        return GrowBroDriver(
            service: GrowBroNotificationService(
                settings: decodedSettings(settings), center: environment.center, inbox: inbox),
            inbox: inbox, until: scenario.until ?? scenario.start, payloads: options.payloads,
            render: environment.render)
    }

    static let fallbackSettings = GrowBroSettings()
}

/// The `kind` of a push action.
private enum GrowBroPushKind: String, CaseIterable, Sendable {
    case reply, like, system, refresh
}

extension ValueDecoder where Value == String {
    /// An id GrowBro puts in identifiers and links: `[A-Za-z0-9_-]{1,64}`, as its link router accepts.
    fileprivate static var growBroID: ValueDecoder<String> {
        ValueDecoder<String>.string.map { text throws(DecodingMessage) in
            guard DeepLinkValuePattern.identifier.matches(text.utf8) else {
                throw DecodingMessage("'\(text)' is not an id; expected 1 to 64 of A-Z, a-z, 0-9, '_' and '-'")
            }
            return text
        }
    }
}
