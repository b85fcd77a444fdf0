internal import Foundation
internal import GrowBroNotifications
internal import GrowBroServer
internal import GrowBroServerTesting
internal import WaveJSON
internal import WaveNotifications
internal import WavePushPayloads

/// A server scenario: the rules, the scripted provider answers per token, and the actions in time order.
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
    static func decode(_ bytes: [UInt8]) throws(ScenarioError) -> ServerScenario {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw ScenarioError("", "not JSON: \(error)")
        }
        let object = try JSONObjectReader(root, at: "", keys: keys)
        let now = try object.instant("now")
        let seed = UInt64(try object.optionalInteger("seed", in: 0...Int.max) ?? 1)
        let configuration = try decodeConfiguration(object)
        var answers: [String: [ScriptedTransport.Answer]] = [:]
        if let responses = object.value("responses") {
            guard case .object(let members) = responses else {
                throw ScenarioError("responses", "expected an object of token: [answers]")
            }
            var seen: Set<String> = []
            for (token, value) in members {
                let path = "responses.\(token)"
                guard seen.insert(token).inserted else { throw ScenarioError(path, "duplicate token") }
                guard case .array(let list) = value else {
                    throw ScenarioError(path, "expected an array of answers, found \(value.typeDescription)")
                }
                var scripted: [ScriptedTransport.Answer] = []
                for (index, answer) in list.enumerated() {
                    scripted.append(try decodeAnswer(answer, at: "\(path)[\(index)]"))
                }
                // APNs tokens are kept lowercased, as the server stores them.
                let key =
                    token.utf8.allSatisfy { $0 < 0x80 && Character(Unicode.Scalar($0)).isHexDigit }
                    ? token.lowercased() : token
                answers[key, default: []] += scripted
            }
        }
        var actions: [TimedAction] = []
        for (index, value) in try object.array("actions").enumerated() {
            let action = try decodeAction(value, at: "actions[\(index)]")
            if action.at < now {
                throw ScenarioError("\(action.path).at", "before the scenario's now")
            }
            if let previous = actions.last, action.at < previous.at {
                throw ScenarioError("\(action.path).at", "earlier than the previous action; actions are in time order")
            }
            actions.append(action)
        }
        let until = try object.optionalInstant("until") ?? (actions.last?.at ?? now).addingTimeInterval(86_400)
        if let last = actions.last, until < last.at {
            throw ScenarioError("until", "before the last action")
        }
        return ServerScenario(
            now: now, until: until, seed: seed, configuration: configuration, answers: answers, actions: actions)
    }

    static let configurationKeys = [
        "staleTokenDays", "archiveDays", "sendLifetimeSeconds", "maximumAttempts", "backoffBaseSeconds",
        "backoffCapSeconds", "apnsTopic", "fcmProject", "alertDeliveryRate", "alertMinimumSends",
    ]

    static func decodeConfiguration(_ root: JSONObjectReader) throws(ScenarioError) -> GrowBroServerConfiguration {
        var configuration = GrowBroServerConfiguration()
        guard let value = root.value("configuration") else { return configuration }
        let object = try JSONObjectReader(value, at: "configuration", keys: configurationKeys)
        if let days = try object.optionalInteger("staleTokenDays", in: 1...3650) {
            configuration.staleTokenAge = .seconds(days * 86_400)
        }
        if let days = try object.optionalInteger("archiveDays", in: 0...3650) {
            configuration.defaultArchiveDays = days
        }
        if let seconds = try object.optionalInteger("sendLifetimeSeconds", in: 1...2_419_200) {
            configuration.sendLifetime = .seconds(seconds)
        }
        if let attempts = try object.optionalInteger("maximumAttempts", in: 1...100) {
            configuration.maximumAttempts = attempts
        }
        if let seconds = try object.optionalDouble("backoffBaseSeconds", in: 0.001...86_400) {
            configuration.backoffBase = .milliseconds(Int64(seconds * 1000))
        }
        if let seconds = try object.optionalDouble("backoffCapSeconds", in: 0.001...86_400) {
            configuration.backoffCap = .milliseconds(Int64(seconds * 1000))
        }
        if let topic = try object.optionalString("apnsTopic") { configuration.apnsTopic = topic }
        if let project = try object.optionalString("fcmProject") { configuration.fcmProjectID = project }
        if let rate = try object.optionalDouble("alertDeliveryRate", in: 0...1) {
            configuration.alertDeliveryRate = rate
        }
        if let sends = try object.optionalInteger("alertMinimumSends", in: 1...Int.max) {
            configuration.alertMinimumSends = sends
        }
        return configuration
    }

    static func decodeAnswer(_ value: JSONValue, at path: String) throws(ScenarioError) -> ScriptedTransport.Answer {
        let object = try JSONObjectReader(value, at: path, keys: ["status", "headers", "body", "noResponse"])
        if try object.bool("noResponse", default: false) {
            guard !object.has("status") else {
                throw ScenarioError(object.path("status"), "not allowed with noResponse")
            }
            return .noResponse
        }
        let status = try object.integer("status", in: 100...599)
        var headers: [HTTPHeader] = []
        if let value = object.value("headers") {
            guard case .object(let members) = value else {
                throw ScenarioError(object.path("headers"), "expected an object of header: value")
            }
            for (name, headerValue) in members {
                guard case .string(let text) = headerValue else {
                    throw ScenarioError("\(object.path("headers")).\(name)", "expected a string")
                }
                headers.append(HTTPHeader(name, text))
            }
        }
        var body: [UInt8] = []
        switch object.value("body") {
        case nil: break
        case .string(let text): body = Array(text.utf8)
        case .some(let json): body = Array(ScenarioJSON.text(of: json).utf8)
        }
        return .response(ProviderResponse(status: status, headers: headers, body: body))
    }

    static let actionTypes = [
        "register", "refresh", "logout", "preferences", "event", "opened", "dismissed", "delivered", "read", "delete",
        "gdprErase", "inbox", "purgeStale", "report",
    ]

    static func decodeAction(_ value: JSONValue, at path: String) throws(ScenarioError) -> TimedAction {
        guard case .string(let type) = value.member("type") else {
            throw ScenarioError("\(path).type", "required: one of " + actionTypes.joined(separator: ", "))
        }
        func reader(_ keys: [String]) throws(ScenarioError) -> JSONObjectReader {
            try JSONObjectReader(value, at: path, keys: ["at", "type"] + keys)
        }
        let action: Action
        let object: JSONObjectReader
        switch type {
        case "register", "refresh":
            object = try reader(["user", "installation", "platform", "token", "environment", "permission"])
            let platformName = try object.string("platform")
            guard let platform = PushPayload.Platform(rawValue: platformName) else {
                throw ScenarioError(object.path("platform"), "unknown platform '\(platformName)'; expected apns or fcm")
            }
            var environment: APNsEnvironment?
            if let name = try object.optionalString("environment") {
                guard let known = APNsEnvironment(rawValue: name) else {
                    throw ScenarioError(
                        object.path("environment"), "unknown environment '\(name)'; expected production or sandbox")
                }
                environment = known
            } else if platform == .apns {
                environment = .production
            }
            var permission = PermissionStatus.authorized
            if let name = try object.optionalString("permission") {
                guard let known = PermissionStatus(rawValue: name) else {
                    throw ScenarioError(
                        object.path("permission"),
                        "unknown permission '\(name)'; expected authorized, provisional, denied or notDetermined")
                }
                permission = known
            }
            action = .register(
                TokenRegistration(
                    userID: try object.string("user"), installationID: try object.string("installation"),
                    platform: platform, token: try object.string("token"), environment: environment,
                    permission: permission, at: try object.instant("at")))
        case "logout":
            object = try reader(["installation"])
            action = .logout(installationID: try object.string("installation"))
        case "preferences":
            object = try reader(["user", "channels", "archiveDays"])
            var channels: [GrowBroChannel: Bool] = [:]
            if let value = object.value("channels") {
                guard case .object(let members) = value else {
                    throw ScenarioError(object.path("channels"), "expected an object of channel: true/false")
                }
                for (id, enabled) in members {
                    guard let channel = GrowBroChannel(rawValue: id) else {
                        throw ScenarioError(
                            "\(object.path("channels")).\(id)",
                            "unknown channel; expected community.interactions, community.likes, cultivation.reminders or system.updates"
                        )
                    }
                    guard case .bool(let flag) = enabled else {
                        throw ScenarioError("\(object.path("channels")).\(id)", "expected true or false")
                    }
                    channels[channel] = flag
                }
            }
            action = .preferences(
                userID: try object.string("user"), channels: channels,
                archiveDays: try object.optionalInteger("archiveDays", in: 0...3650))
        case "event":
            object = try reader(["kind", "recipient", "messageId", "postId", "author", "authorId", "text", "title"])
            let kind: CommunityEvent.Kind
            switch try object.string("kind") {
            case "reply":
                kind = .reply(
                    postID: try object.string("postId"), author: try object.string("author"),
                    authorID: try object.optionalString("authorId"), text: try object.string("text"))
            case "like":
                kind = .like(postID: try object.string("postId"), author: try object.string("author"))
            case "system":
                kind = .system(title: try object.string("title"), text: try object.string("text"))
            case let other:
                throw ScenarioError(object.path("kind"), "unknown kind '\(other)'; expected reply, like or system")
            }
            action = .event(
                CommunityEvent(
                    messageID: try object.string("messageId"), recipientID: try object.string("recipient"), kind: kind,
                    at: try object.instant("at")))
        case "opened", "dismissed", "delivered":
            object = try reader(["messageId", "installation"])
            action = .engagement(
                EngagementKind(rawValue: type) ?? .opened, messageID: try object.string("messageId"),
                installationID: try object.string("installation"))
        case "read", "delete":
            object = try reader(["user", "messageId"])
            let user = try object.string("user")
            let message = try object.string("messageId")
            action =
                type == "read" ? .read(userID: user, messageID: message) : .delete(userID: user, messageID: message)
        case "gdprErase":
            object = try reader(["user"])
            action = .gdprErase(userID: try object.string("user"))
        case "inbox":
            object = try reader(["user", "pageSize", "next"])
            action = .inbox(
                userID: try object.string("user"), pageSize: try object.integer("pageSize", in: 1...100),
                next: try object.bool("next", default: false))
        case "purgeStale":
            object = try reader([])
            action = .purgeStale
        case "report":
            object = try reader([])
            action = .report
        default:
            throw ScenarioError(
                "\(path).type", "unknown action '\(type)'; expected one of " + actionTypes.joined(separator: ", "))
        }
        return TimedAction(at: try object.instant("at"), path: path, action: action)
    }
}
