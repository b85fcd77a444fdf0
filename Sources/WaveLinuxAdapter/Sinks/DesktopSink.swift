public import Foundation
public import WaveNotifications
internal import WaveStrings

/// Shows notifications on the Linux desktop through the freedesktop notification server on the session bus.
///
/// The sink keeps one connection to the session bus (libdbus-1, through ``BusConnection``), opened on first use and
/// again after the bus went away. Each delivery is one `org.freedesktop.Notifications.Notify` call on it: app name
/// ``appName``, summary = title, the body (markup-escaped when the server interprets markup), the actions (a
/// `default` action labelled ``actionLabel``, then each of the request's actions with its id and rendered title),
/// the `urgency` hint from ``NotificationDelivery/urgency`` (0 for a low-importance channel, 1 for default and high,
/// 2 for a time-sensitive or critical request: WorldWideWaves' wave hit and one-minute reminder), the channel id as
/// the `category` hint, the deep link in the `x-worldwidewaves-deeplink` hint, and ``expireTimeout`` (by default
/// `-1`: the server decides, so a reminder stays as long as the desktop keeps notifications).
///
/// The server's id for each request identifier is remembered: delivering the same identifier again replaces
/// the notification on screen, and a withdrawal (cancellation, expiry, collapse, response) closes it
/// (`CloseNotification`). The server's `NotificationClosed` signal makes the sink forget an id the server dropped.
///
/// With an ``actionHandler``, every action the user picks on one of its notifications (`ActionInvoked`, `default`
/// included) goes to the handler, from the first delivery (or ``startListening()``) on. The signals come on the
/// same connection as the calls, which is where servers such as dunst send them; match rules take those of servers
/// that broadcast them. Only signals from the server that answered the sink's calls are believed.
///
/// Call ``checkServer()`` once at startup to get a clear error when no server is reachable; after that, each
/// failed delivery throws, and ``LinuxNotificationManager`` reports it to its observer and carries on.
public actor DesktopSink: NotificationSink {
    /// The application name the server shows and filters on.
    public nonisolated let appName: String
    /// The label of the default action (what clicking the notification does: open the deep link).
    public nonisolated let actionLabel: String
    /// How long the server shows a notification; `nil` (the default) leaves it to the server.
    public nonisolated let expireTimeout: Duration?

    private let environment: [String: String]
    private let actionHandler: (any DesktopActionHandler)?
    private var capabilities: Set<String>?
    private var shown: [String: (id: UInt32, request: NotificationRequest)] = [:]
    /// The request identifier of each server id this sink shows.
    private var identifierOfServerID: [UInt32: String] = [:]
    private var connection: BusConnection?
    /// The connection being opened, so that calls made meanwhile share it rather than open their own.
    private var opening: Task<Result<BusConnection, DesktopSinkError>, Never>?
    /// The unique bus name of the server that answered the last call: only its signals are believed.
    private var serverName: String?
    /// Whether picked actions go to the handler.
    private var isListening = false

    private static let destination = "org.freedesktop.Notifications"
    private static let interface = "org.freedesktop.Notifications"
    private static let objectPath = "/org/freedesktop/Notifications"
    /// How many shown notifications are remembered for replacing and closing.
    private static let maximumRemembered = 512
    /// How long a call waits for the server: a server that takes longer is treated as not there.
    private static let callTimeout = Duration.seconds(5)
    /// The hint carrying the deep link; `x-` prefixed as the specification asks for vendor hints.
    public static let deepLinkHint = "x-worldwidewaves-deeplink"

    /// Creates a sink; it connects to the session bus on first use.
    ///
    /// - Parameters:
    ///   - appName: The application name shown; `WorldWideWaves` by default.
    ///   - actionLabel: The default action's label; `Open` by default.
    ///   - expireTimeout: How long a notification stays; `nil` (the default) leaves it to the server
    ///     (`expire_timeout` -1), `.zero` asks it to stay until the user closes it.
    ///   - environment: Where the session bus is: `DBUS_SESSION_BUS_ADDRESS`, else `XDG_RUNTIME_DIR`'s `bus`
    ///     socket; the process's own environment by default.
    ///   - actionHandler: Receives the actions the user picks; `nil` (the default) ignores them.
    public init(
        appName: String = "WorldWideWaves", actionLabel: String = "Open", expireTimeout: Duration? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        actionHandler: (any DesktopActionHandler)? = nil
    ) {
        self.appName = appName
        self.actionLabel = actionLabel
        self.expireTimeout = expireTimeout
        self.environment = environment
        self.actionHandler = actionHandler
    }

    deinit {
        connection?.close()
    }

    /// The server ids of the notifications this sink showed and has not closed, by request identifier.
    public var shownNotifications: [String: UInt32] { shown.mapValues(\.id) }

    /// Starts handing the actions the user picks to the ``actionHandler``, if there is one, connecting to the bus
    /// if needed; returns once nothing later can be missed.
    ///
    /// - Throws: ``DesktopSinkError/notificationServerUnavailable(busAddress:detail:)`` without a session bus.
    public func startListening() async throws {
        guard actionHandler != nil, !isListening else { return }
        _ = try await connected()
        isListening = true
    }

    /// Stops handing actions to the handler (the connection stays, for the calls).
    public func stopListening() {
        isListening = false
    }

    /// Asks the notification server who it is and what it can do.
    ///
    /// - Returns: The server's name, vendor, versions and capabilities.
    /// - Throws: ``DesktopSinkError/notificationServerUnavailable(busAddress:detail:)`` when no bus or no server
    ///   answers.
    public func checkServer() async throws -> NotificationServerInformation {
        let serverCapabilities = try await loadCapabilities()
        let reply = try await call("GetServerInformation")
        let fields = reply.arguments.compactMap(\.stringValue)
        guard reply.arguments.count == 4, fields.count == 4 else {
            throw DesktopSinkError.unexpectedReply(method: "GetServerInformation", reply: Self.describe(reply))
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
        if actionHandler != nil && !isListening {
            try await startListening()
        }
        // A server with body markup would read "<" and "&" in a translation as markup.
        let body =
            serverCapabilities.contains("body-markup") ? Self.escapeMarkup(delivery.text.body) : delivery.text.body
        let request = delivery.request
        var actions = ["default", actionLabel]
        for (index, action) in request.actions.enumerated() {
            let title = index < delivery.text.actionTitles.count ? delivery.text.actionTitles[index] : action.title.key
            actions += [action.id, title]
        }
        let timeout = expireTimeout.map { Int32(clamping: Int64(($0.timeInterval * 1000).rounded())) } ?? -1
        let reply = try await call(
            "Notify",
            [
                .string(appName), .uint32(shown[delivery.identifier]?.id ?? 0), .string(""),
                .string(delivery.text.title), .string(body), .stringArray(actions),
                .variantDictionary([
                    ("urgency", .byte(delivery.urgency.rawValue)),
                    ("category", .string(request.channel.id)),
                    (Self.deepLinkHint, .string(request.deepLink)),
                ]),
                .int32(timeout),
            ])
        guard let id = reply.arguments.first?.uint32Value else {
            throw DesktopSinkError.unexpectedReply(method: "Notify", reply: Self.describe(reply))
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
                _ = try await call("CloseNotification", [.uint32(entry.id)])
            } catch {
                firstError = firstError ?? error
            }
        }
        if let firstError {
            throw firstError
        }
    }

    private func received(_ signal: BusSignal) async {
        // Any client on the bus may emit a signal with these names; only the server's own count.
        guard signal.interface == Self.interface, signal.path == Self.objectPath, let serverName,
            signal.sender == serverName, let id = signal.arguments.first?.uint32Value, signal.arguments.count == 2
        else { return }
        switch signal.member {
        case "ActionInvoked":
            guard isListening, let actionID = signal.arguments[1].stringValue,
                let identifier = identifierOfServerID[id],
                let entry = shown[identifier]
            else { return }
            await actionHandler?.handle(DesktopAction(actionID: actionID, request: entry.request, serverID: id))
        case "NotificationClosed":
            // The server dropped it (expired, dismissed, closed): forget the id so it is not closed again.
            if let identifier = identifierOfServerID.removeValue(forKey: id), shown[identifier]?.id == id {
                shown[identifier] = nil
            }
        default:
            break
        }
    }

    private func loadCapabilities() async throws(DesktopSinkError) -> Set<String> {
        if let capabilities {
            return capabilities
        }
        let reply = try await call("GetCapabilities")
        guard reply.arguments.count == 1, let names = reply.arguments[0].stringArrayValue else {
            throw DesktopSinkError.unexpectedReply(method: "GetCapabilities", reply: Self.describe(reply))
        }
        capabilities = Set(names)
        return Set(names)
    }

    private func call(_ method: String, _ arguments: [BusValue] = []) async throws(DesktopSinkError) -> BusReply {
        let bus = try await connected()
        do {
            let reply = try await bus.call(
                BusMethodCall(
                    destination: Self.destination, path: Self.objectPath, interface: Self.interface, member: method,
                    arguments: arguments),
                timeout: Self.callTimeout)
            serverName = reply.sender
            return reply
        } catch {
            if error.meansPeerMissing {
                // Another server may take the name later, with other capabilities.
                capabilities = nil
                throw unavailable(error)
            }
            switch error {
            case .errorReply(let name, let message):
                throw DesktopSinkError.callFailed(method: method, errorName: name, detail: message)
            case .unsupportedType:
                throw DesktopSinkError.unexpectedReply(method: method, reply: "\(error)")
            default:
                throw DesktopSinkError.callFailed(method: method, errorName: "", detail: "\(error)")
            }
        }
    }

    /// The open connection, opening one (and subscribing to the server's signals) when there is none or the bus
    /// dropped the last one.
    private func connected() async throws(DesktopSinkError) -> BusConnection {
        if let connection, connection.isOpen {
            return connection
        }
        let opening =
            self.opening
            ?? Task { [environment] in
                do throws(BusError) {
                    let bus = try await BusConnection(address: BusConnection.sessionBusAddress(in: environment))
                    // Servers that broadcast their signals reach this connection through these rules; those that
                    // send them to the caller (dunst) reach it anyway.
                    for member in ["ActionInvoked", "NotificationClosed"] {
                        try await bus.addMatch(
                            "type='signal',interface='\(Self.interface)',path='\(Self.objectPath)',member='\(member)'")
                    }
                    return .success(bus)
                } catch {
                    return .failure(
                        DesktopSinkError.notificationServerUnavailable(
                            busAddress: environment["DBUS_SESSION_BUS_ADDRESS"], detail: "\(error)"))
                }
            }
        self.opening = opening
        let result = await opening.value
        if self.opening == opening {
            self.opening = nil
        }
        let opened = try result.get()
        if let connection, connection === opened {
            return opened
        }
        // A new connection: the server behind it may be another one, with other capabilities.
        connection?.close()
        connection = opened
        capabilities = nil
        Task { [weak self] in
            for await signal in opened.signals {
                await self?.received(signal)
            }
        }
        return opened
    }

    private func unavailable(_ error: BusError) -> DesktopSinkError {
        .notificationServerUnavailable(busAddress: environment["DBUS_SESSION_BUS_ADDRESS"], detail: "\(error)")
    }

    /// A reply's values as text, for an error message.
    private static func describe(_ reply: BusReply) -> String {
        "(" + reply.arguments.map { "\($0)" }.joined(separator: ", ") + ")"
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
}
