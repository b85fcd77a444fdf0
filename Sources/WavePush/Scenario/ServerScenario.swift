internal import Foundation
internal import GrowBroNotifications
internal import GrowBroServer
internal import GrowBroServerTesting
internal import WaveCommandLine
internal import WaveJSON
internal import WaveNotifications
internal import WavePushAPI
internal import WavePushPayloads

/// A server scenario: the rules, the scripted provider answers per token, and the actions in time order.
///
/// Read with the package's one scenario reader (`WaveCommandLine`'s `ObjectDecoder` and `ValueDecoder`s, as
/// `wavesim` reads its scenarios): every problem of a file is listed at once, each with its JSON path, an unknown
/// key with the nearest allowed one.
struct ServerScenario {
    /// One action at an instant.
    enum Action {
        case register(TokenRegistration)
        case logout(installationID: String)
        case preferences(userID: String, channels: [GrowBroChannel: Bool], archiveDays: Int?)
        case event(CommunityEvent)
        case engagement(EngagementKind, messageID: String, installationID: String)
        case read(userID: String, messageID: String)
        case delete(userID: String, messageID: String)
        case gdprErase(userID: String)
        case inbox(userID: String, pageSize: Int, next: Bool)
        case purgeStale
        case report
    }

    struct TimedAction {
        var at: Date
        var path: String
        var action: Action
    }

    var now: Date
    var until: Date
    var seed: UInt64
    var configuration: GrowBroServerConfiguration
    var answers: [String: [ScriptedTransport.Answer]]
    var actions: [TimedAction]

    static let keys = ["now", "until", "seed", "configuration", "responses", "actions"]

    /// Decodes a scenario file's bytes.
    ///
    /// - Parameters:
    ///   - bytes: The file's bytes.
    ///   - file: The file, as named on the command line.
    /// - Returns: The scenario.
    /// - Throws: ``ScenarioError`` listing every problem found.
    static func decode(_ bytes: [UInt8], file: String) throws(ScenarioError) -> ServerScenario {
        try scenario.decodeDocument(bytes, file: file)
    }

    private static let scenario = ValueDecoder<ServerScenario>.object(keys: keys, named: "a scenario object") {
        object, diagnostics in
        let now = object.decode(.required("now", .instant), &diagnostics)
        let seed = object.decode(.optional("seed", .integer(in: 0...Int.max), default: 1), &diagnostics)
        let configuration = object.decode(.optional("configuration", configuration, default: .init()), &diagnostics)
        let answers = object.decode(.optional("responses", responses, default: [:]), &diagnostics)
        let actions = object.decode(.required("actions", .array(of: action)), &diagnostics)
        let until = object.decode(.optional("until", .instant), &diagnostics)
        guard let now, let seed, let configuration, let answers, let actions else { return nil }
        var previous: Date?
        for action in actions {
            let at = JSONPath(action.path).appending(key: "at")
            if action.at < now {
                diagnostics.problem(at, "before the scenario's now")
            } else if let previous, action.at < previous {
                diagnostics.problem(at, "earlier than the previous action; actions are in time order")
            }
            previous = max(previous ?? action.at, action.at)
        }
        if let until, let last = actions.last, until < last.at {
            diagnostics.problem(object.path.appending(key: "until"), "before the last action")
        }
        return ServerScenario(
            now: now, until: until ?? (actions.last?.at ?? now).addingTimeInterval(86_400), seed: UInt64(seed),
            configuration: configuration, answers: answers, actions: actions)
    }

    static let configurationKeys = [
        "staleTokenDays", "archiveDays", "sendLifetimeSeconds", "maximumAttempts", "backoffBaseSeconds",
        "backoffCapSeconds", "apnsTopic", "fcmProject", "alertDeliveryRate", "alertMinimumSends",
    ]

    /// The server's rules (`configuration`), also read in the dispatch configuration file.
    static let configuration = ValueDecoder<GrowBroServerConfiguration>.object(keys: configurationKeys) {
        object, diagnostics in
        var configuration = GrowBroServerConfiguration()
        if let days = object.decode(.optional("staleTokenDays", .integer(in: 1...3650)), &diagnostics) {
            configuration.staleTokenAge = .seconds(days * 86_400)
        }
        if let days = object.decode(.optional("archiveDays", .integer(in: 0...3650)), &diagnostics) {
            configuration.defaultArchiveDays = days
        }
        if let seconds = object.decode(.optional("sendLifetimeSeconds", .integer(in: 1...2_419_200)), &diagnostics) {
            configuration.sendLifetime = .seconds(seconds)
        }
        if let attempts = object.decode(.optional("maximumAttempts", .integer(in: 1...100)), &diagnostics) {
            configuration.maximumAttempts = attempts
        }
        if let seconds = object.decode(.optional("backoffBaseSeconds", .number(in: 0.001...86_400)), &diagnostics) {
            configuration.backoffBase = .milliseconds(Int64(seconds * 1000))
        }
        if let seconds = object.decode(.optional("backoffCapSeconds", .number(in: 0.001...86_400)), &diagnostics) {
            configuration.backoffCap = .milliseconds(Int64(seconds * 1000))
        }
        if let topic = object.decode(.optional("apnsTopic", .string), &diagnostics) { configuration.apnsTopic = topic }
        if let project = object.decode(.optional("fcmProject", .string), &diagnostics) {
            configuration.fcmProjectID = project
        }
        if let rate = object.decode(.optional("alertDeliveryRate", .number(in: 0...1)), &diagnostics) {
            configuration.alertDeliveryRate = rate
        }
        if let sends = object.decode(.optional("alertMinimumSends", .integer(in: 1...Int.max)), &diagnostics) {
            configuration.alertMinimumSends = sends
        }
        return configuration
    }

    /// `token: [answers]`; APNs tokens are kept lowercased, as the server stores them.
    private static let responses = ValueDecoder<[String: [ScriptedTransport.Answer]]> { value, path, diagnostics in
        guard case .object(let members) = value else {
            diagnostics.problem(path, "expected an object of token: [answers], found \(value.typeDescription)")
            return nil
        }
        var answers: [String: [ScriptedTransport.Answer]] = [:]
        var seen: Set<String> = []
        let list = ValueDecoder<[ScriptedTransport.Answer]>.array(of: answer, named: "an array of answers")
        for (token, member) in members {
            let memberPath = path.appending(key: token)
            guard seen.insert(token).inserted else {
                diagnostics.problem(memberPath, "duplicate token; each token may appear once")
                continue
            }
            guard let scripted = list.decode(member, memberPath, &diagnostics) else { continue }
            let key =
                token.utf8.allSatisfy { $0 < 0x80 && Character(Unicode.Scalar($0)).isHexDigit }
                ? token.lowercased() : token
            answers[key, default: []] += scripted
        }
        return answers
    }

    private static let answer = ValueDecoder<ScriptedTransport.Answer>.object(
        keys: ["status", "headers", "body", "noResponse"], named: "an answer object"
    ) { object, diagnostics in
        let noResponse = object.decode(.optional("noResponse", .bool, default: false), &diagnostics)
        if noResponse == true {
            if object.contains("status") {
                diagnostics.problem(object.path.appending(key: "status"), "not allowed with noResponse")
                return nil
            }
            return .noResponse
        }
        let status = object.decode(.required("status", .integer(in: 100...599)), &diagnostics)
        let headers = object.decode(.optional("headers", headerFields, default: []), &diagnostics)
        let body = object.decode(.optional("body", .anyJSON), &diagnostics)
        guard let status, let headers else { return nil }
        let bytes: [UInt8] =
            switch body {
            case nil: []
            case .string(let text)?: Array(text.utf8)
            case let json?: Array(ScenarioJSON.text(of: json).utf8)
            }
        return .response(ProviderResponse(status: status, headers: headers, body: bytes))
    }

    private static let headerFields = ValueDecoder<[HTTPHeader]> { value, path, diagnostics in
        guard case .object(let members) = value else {
            diagnostics.problem(path, "expected an object of header: value, found \(value.typeDescription)")
            return nil
        }
        var headers: [HTTPHeader] = []
        for (name, member) in members {
            guard let text = ValueDecoder<String>.string.decode(member, path.appending(key: name), &diagnostics)
            else { continue }
            headers.append(HTTPHeader(name, text))
        }
        return headers
    }

    static let actionTypes = [
        "register", "refresh", "logout", "preferences", "event", "opened", "dismissed", "delivered", "read", "delete",
        "gdprErase", "inbox", "purgeStale", "report",
    ]

    /// The keys each action type has besides `at` and `type`.
    private static let actionKeys: [String: [String]] = [
        "register": PushRequestDecoders.registrationKeys, "refresh": PushRequestDecoders.registrationKeys,
        "logout": ["installation"],
        "preferences": PushRequestDecoders.preferenceKeys,
        "event": PushRequestDecoders.eventKeys,
        "opened": ["messageId", "installation"], "dismissed": ["messageId", "installation"],
        "delivered": ["messageId", "installation"],
        "read": ["user", "messageId"], "delete": ["user", "messageId"],
        "gdprErase": ["user"], "inbox": ["user", "pageSize", "next"], "purgeStale": [], "report": [],
    ]

    private static let action = ValueDecoder<TimedAction> { value, path, diagnostics in
        guard case .object = value else {
            diagnostics.problem(path, "expected an action object, found \(value.typeDescription)")
            return nil
        }
        let typePath = path.appending(key: "type")
        guard let typeValue = value.member("type") else {
            diagnostics.problem(typePath, "missing; one of " + actionTypes.joined(separator: ", "))
            return nil
        }
        guard let type = ValueDecoder<String>.oneOf(actionTypes).decode(typeValue, typePath, &diagnostics),
            let keys = actionKeys[type],
            let object = ObjectDecoder(value, at: path, keys: ["at", "type"] + keys, diagnostics: &diagnostics)
        else { return nil }
        let at = object.decode(.required("at", .instant), &diagnostics)
        guard let action = decodeAction(type, object, at: at, &diagnostics), let at else { return nil }
        return TimedAction(at: at, path: path.description, action: action)
    }

    private static func decodeAction(
        _ type: String, _ object: ObjectDecoder, at: Date?, _ diagnostics: inout DecodingDiagnostics
    ) -> Action? {
        func text(_ key: String) -> String? { object.decode(.required(key, .string), &diagnostics) }
        switch type {
        case "register", "refresh":
            return PushRequestDecoders.registration(object, at: at, &diagnostics).map { .register($0) }
        case "logout":
            return text("installation").map { .logout(installationID: $0) }
        case "preferences":
            return PushRequestDecoders.preferences(object, &diagnostics).map {
                .preferences(userID: $0.userID, channels: $0.channels, archiveDays: $0.archiveDays)
            }
        case "event":
            return PushRequestDecoders.event(object, at: at, &diagnostics).map { .event($0) }
        case "opened", "dismissed", "delivered":
            guard let message = text("messageId"), let installation = text("installation") else { return nil }
            return .engagement(
                EngagementKind(rawValue: type) ?? .opened, messageID: message, installationID: installation)
        case "read", "delete":
            guard let user = text("user"), let message = text("messageId") else { return nil }
            return type == "read" ? .read(userID: user, messageID: message) : .delete(userID: user, messageID: message)
        case "gdprErase":
            return text("user").map { .gdprErase(userID: $0) }
        case "inbox":
            let pageSize = object.decode(.required("pageSize", .integer(in: 1...100)), &diagnostics)
            let next = object.decode(.optional("next", .bool, default: false), &diagnostics)
            guard let user = text("user"), let pageSize, let next else { return nil }
            return .inbox(userID: user, pageSize: pageSize, next: next)
        case "purgeStale":
            return .purgeStale
        default:
            return .report
        }
    }
}
