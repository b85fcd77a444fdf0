public import Foundation
public import WaveNotifications
internal import WaveStrings

/// Shows notifications on the Linux desktop through the freedesktop notification server on the session bus.
///
/// Each delivery is one `org.freedesktop.Notifications.Notify` call made with the `gdbus` tool (package
/// `libglib2.0-bin`), so the adapter needs no D-Bus library: app name ``appName``, summary = title, the body
/// (markup-escaped when the server interprets markup), the actions (a `default` action labelled
/// ``actionLabel``, then each of the request's actions with its id and rendered title), the `urgency` hint from
/// ``NotificationDelivery/urgency`` (0 for a low-importance channel, 1 for default and high, 2 for a
/// time-sensitive or critical request: WorldWideWaves' wave hit and one-minute reminder), the channel id as the
/// `category` hint, the deep link in the `x-worldwidewaves-deeplink` hint, and ``expireTimeout``.
///
/// The server's id for each request identifier is remembered: delivering the same identifier again replaces
/// the notification on screen, and a withdrawal (cancellation, expiry, collapse, response) closes it
/// (`CloseNotification`).
///
/// With an ``actionHandler``, the sink watches the bus (``startListening()``, done on the first delivery) and
/// hands every action the user picks on one of its notifications, `default` included, to the handler.
///
/// Call ``checkServer()`` once at startup to get a clear error when no server is reachable; after that, each
/// failed delivery throws, and ``LinuxNotificationManager`` reports it to its observer and carries on.
public actor DesktopSink: NotificationSink {
    /// The application name the server shows and filters on.
    public nonisolated let appName: String
    /// The label of the default action (what clicking the notification does: open the deep link).
    public nonisolated let actionLabel: String
    /// How long the server shows a notification; `nil` leaves it to the server.
    public nonisolated let expireTimeout: Duration?

    private let environment: [String: String]
    private let gdbus: URL?
    private var capabilities: Set<String>?
    private var shown: [String: (id: UInt32, request: NotificationRequest)] = [:]
    /// The request identifier of each server id this sink shows.
    private var identifierOfServerID: [UInt32: String] = [:]
    private let actionHandler: (any DesktopActionHandler)?
    private var monitor: SignalMonitor?
    private var monitorTask: Task<Void, Never>?

    private static let destination = "org.freedesktop.Notifications"
    /// How many shown notifications are remembered for replacing and closing.
    private static let maximumRemembered = 512
    private static let objectPath = "/org/freedesktop/Notifications"
    /// The hint carrying the deep link; `x-` prefixed as the specification asks for vendor hints.
    public static let deepLinkHint = "x-worldwidewaves-deeplink"

    /// Creates a sink.
    ///
    /// - Parameters:
    ///   - appName: The application name shown; `WorldWideWaves` by default.
    ///   - actionLabel: The default action's label; `Open` by default.
    ///   - expireTimeout: How long a notification stays; 10 seconds by default, `nil` for the server's default.
    ///   - environment: The environment for `gdbus`, which must carry `DBUS_SESSION_BUS_ADDRESS` (and `PATH`,
    ///     to find `gdbus` when `gdbus` is `nil`); the process's own by default.
    ///   - gdbus: The `gdbus` executable; looked up in the environment's `PATH` when `nil`.
    ///   - actionHandler: Receives the actions the user picks; `nil` (the default) does not watch the bus.
    public init(
        appName: String = "WorldWideWaves", actionLabel: String = "Open", expireTimeout: Duration? = .seconds(10),
        environment: [String: String] = ProcessInfo.processInfo.environment, gdbus: URL? = nil,
        actionHandler: (any DesktopActionHandler)? = nil
    ) {
        self.appName = appName
        self.actionLabel = actionLabel
        self.expireTimeout = expireTimeout
        self.environment = environment
        self.gdbus = gdbus ?? Self.find("gdbus", in: environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin")
        self.actionHandler = actionHandler
    }

    deinit {
        monitor?.stop()
    }

    /// The server ids of the notifications this sink showed and has not closed, by request identifier.
    public var shownNotifications: [String: UInt32] { shown.mapValues(\.id) }

    /// Starts watching the bus for the actions the user picks (with `dbus-monitor`, package `dbus-bin`), if there is
    /// an ``actionHandler`` and it is not watching yet; returns once nothing later can be missed.
    ///
    /// - Throws: ``DesktopSinkError/monitorNotFound(searchPath:)`` or ``DesktopSinkError/monitorFailed(detail:)``.
    public func startListening() async throws {
        guard actionHandler != nil, monitor == nil else { return }
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        guard let executable = Self.find("dbus-monitor", in: path) else {
            throw DesktopSinkError.monitorNotFound(searchPath: path)
        }
        let started = try await SignalMonitor(executable: executable, environment: environment)
        monitor = started
        monitorTask = Task { [weak self] in
            for await signal in started.signals {
                await self?.received(signal)
            }
        }
    }

    /// Stops watching the bus for actions.
    public func stopListening() {
        monitor?.stop()
        monitor = nil
        monitorTask = nil
    }

    private func received(_ signal: SignalMonitor.Signal) async {
        switch signal {
        case .actionInvoked(let id, let actionID):
            guard let identifier = identifierOfServerID[id], let entry = shown[identifier] else { return }
            await actionHandler?.handle(DesktopAction(actionID: actionID, request: entry.request, serverID: id))
        case .closed(let id, _):
            // The server dropped it (expired, dismissed, closed): forget the id so it is not closed again.
            if let identifier = identifierOfServerID.removeValue(forKey: id), shown[identifier]?.id == id {
                shown[identifier] = nil
            }
        }
    }

    /// Asks the notification server who it is and what it can do.
    ///
    /// - Returns: The server's name, vendor, versions and capabilities.
    /// - Throws: ``DesktopSinkError/notificationServerUnavailable(busAddress:detail:)`` when no server answers,
    ///   ``DesktopSinkError/gdbusNotFound(searchPath:)`` without `gdbus`.
    public func checkServer() async throws -> NotificationServerInformation {
        let serverCapabilities = try await loadCapabilities()
        let reply = try await call("GetServerInformation", [])
        guard let fields = GVariantText.stringLiterals(in: reply), fields.count == 4 else {
            throw DesktopSinkError.unexpectedReply(method: "GetServerInformation", reply: reply)
        }
        return NotificationServerInformation(
            name: fields[0], vendor: fields[1], version: fields[2], specificationVersion: fields[3],
            capabilities: serverCapabilities)
    }

    /// Shows the notification, replacing the one this sink still shows for the same identifier.
    ///
    /// - Parameter delivery: The notification.
    /// - Throws: ``DesktopSinkError`` when no server is reachable or the call fails.
    public func deliver(_ delivery: NotificationDelivery) async throws {
        let serverCapabilities = try await loadCapabilities()
        if actionHandler != nil && monitor == nil {
            try await startListening()
        }
        // A server with body markup would read "<" and "&" in a translation as markup.
        let body =
            serverCapabilities.contains("body-markup") ? Self.escapeMarkup(delivery.text.body) : delivery.text.body
        let request = delivery.request
        let hints: [(key: String, value: String)] = [
            ("urgency", "byte \(delivery.urgency.rawValue)"),
            ("category", GVariantText.string(request.channel.id)),
            (Self.deepLinkHint, GVariantText.string(request.deepLink)),
        ]
        var actions = ["default", actionLabel]
        for (index, action) in request.actions.enumerated() {
            let title = index < delivery.text.actionTitles.count ? delivery.text.actionTitles[index] : action.title.key
            actions += [action.id, title]
        }
        let timeout = expireTimeout.map { Int32(clamping: Int64(($0.timeInterval * 1000).rounded())) } ?? -1
        let reply = try await call(
            "Notify",
            [
                GVariantText.string(appName),
                "uint32 \(shown[delivery.identifier]?.id ?? 0)",
                GVariantText.string(""),
                GVariantText.string(delivery.text.title),
                GVariantText.string(body),
                GVariantText.stringArray(actions),
                GVariantText.variantDictionary(hints),
                "int32 \(timeout)",
            ])
        guard let id = GVariantText.firstUInt32(in: reply) else {
            throw DesktopSinkError.unexpectedReply(method: "Notify", reply: reply)
        }
        if let previous = shown[delivery.identifier] {
            identifierOfServerID[previous.id] = nil
        }
        shown[delivery.identifier] = (id, request)
        identifierOfServerID[id] = delivery.identifier
        // Servers expire notifications without telling every sink; forget the oldest ids rather than grow forever.
        if shown.count > Self.maximumRemembered, let oldest = shown.min(by: { $0.value.id < $1.value.id }) {
            shown[oldest.key] = nil
            identifierOfServerID[oldest.value.id] = nil
        }
    }

    /// Closes (`CloseNotification`) what this sink still shows for the identifiers, or for the thread.
    ///
    /// - Parameters:
    ///   - identifiers: Request identifiers whose notification goes.
    ///   - threadID: A thread whose notifications all go, or `nil`.
    ///   - reason: Why; not sent to the server.
    /// - Throws: The first ``DesktopSinkError`` met; every matching notification is still attempted.
    public func withdraw(identifiers: [String], threadID: String?, reason: NotificationReason) async throws {
        let wanted = Set(identifiers)
        let matching = shown.filter { entry in
            wanted.contains(entry.key) || (threadID != nil && entry.value.request.threadID == threadID)
        }
        var firstError: (any Error)?
        for (identifier, entry) in matching.sorted(by: { $0.value.id < $1.value.id }) {
            // Forget it either way: a server that refuses to close an id will not accept it later either.
            shown[identifier] = nil
            identifierOfServerID[entry.id] = nil
            do {
                _ = try await call("CloseNotification", ["uint32 \(entry.id)"])
            } catch {
                firstError = firstError ?? error
            }
        }
        if let firstError {
            throw firstError
        }
    }

    private func loadCapabilities() async throws -> Set<String> {
        if let capabilities {
            return capabilities
        }
        let reply = try await call("GetCapabilities", [])
        guard let names = GVariantText.stringLiterals(in: reply) else {
            throw DesktopSinkError.unexpectedReply(method: "GetCapabilities", reply: reply)
        }
        capabilities = Set(names)
        return Set(names)
    }

    private func call(_ method: String, _ arguments: [String]) async throws -> String {
        guard let gdbus else {
            throw DesktopSinkError.gdbusNotFound(searchPath: environment["PATH"] ?? "")
        }
        let output = try await ProcessRunner.run(
            gdbus,
            arguments: [
                "call", "--session", "--timeout", "5", "--dest", Self.destination, "--object-path", Self.objectPath,
                "--method", "\(Self.destination).\(method)",
            ] + arguments,
            environment: environment)
        guard output.status == 0 else {
            let detail = output.standardError.trimmingCharacters(in: .whitespacesAndNewlines)
            if Self.meansNoServer(detail) {
                capabilities = nil
                throw DesktopSinkError.notificationServerUnavailable(
                    busAddress: environment["DBUS_SESSION_BUS_ADDRESS"], detail: detail)
            }
            throw DesktopSinkError.callFailed(method: method, status: output.status, detail: detail)
        }
        return output.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether gdbus's error says there is no bus or nobody owns the notification service on it.
    private static func meansNoServer(_ detail: String) -> Bool {
        [
            "Error connecting", "Cannot autolaunch", "ServiceUnknown", "NameHasNoOwner", "Could not connect",
            "was not provided by any .service files", "Timeout was reached", "NoReply",
        ].contains { detail.contains($0) }
    }

    private static func escapeMarkup(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            default: result.append(character)
            }
        }
        return result
    }

    private static func find(_ name: String, in searchPath: String) -> URL? {
        for directory in searchPath.split(separator: ":") where !directory.isEmpty {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) {
                return candidate
            }
        }
        return nil
    }
}
