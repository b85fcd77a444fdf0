package import Foundation
package import GrowBroNotifications
package import GrowBroServer
package import WaveCommandLine
internal import WaveJSON
internal import WaveNotifications
internal import WavePushPayloads

/// The fields of a token registration, a community event and a preferences update, read once for both of their
/// readers: a `wavepush replay` scenario's `register`, `refresh`, `event` and `preferences` actions and the HTTP
/// API's `POST /v1/tokens`, `POST /v1/events` and `POST /v1/preferences` bodies. The instant is the caller's (the action's `at`, the API's clock), never a field here.
package enum PushRequestDecoders {
    /// The keys of a registration besides the instant.
    package static let registrationKeys = ["user", "installation", "platform", "token", "environment", "permission"]

    /// The keys of an event besides the instant.
    package static let eventKeys = ["kind", "recipient", "messageId", "postId", "author", "authorId", "text", "title"]

    /// The members each kind of event takes besides `kind`, `recipient` and `messageId`: another kind's member is
    /// refused, never dropped.
    private static let kindKeys: [(kind: String, keys: [String])] = [
        ("reply", ["postId", "author", "authorId", "text"]), ("like", ["postId", "author"]),
        ("system", ["title", "text"]), ("refresh", ["postId"]),
    ]

    /// The keys of a preferences update: the app's channel switches and archive age for a user.
    package static let preferenceKeys = ["user", "channels", "archiveDays"]

    /// Reads a registration's fields, recording every problem with its path.
    ///
    /// - Parameters:
    ///   - object: The object holding the fields.
    ///   - at: When it was reported, or `nil` when that failed to decode (the fields are still checked).
    ///   - diagnostics: Where problems go.
    /// - Returns: The registration, or `nil` after any problem.
    package static func registration(
        _ object: ObjectDecoder, at: Date?, _ diagnostics: inout DecodingDiagnostics
    ) -> TokenRegistration? {
        func text(_ key: String) -> String? { object.decode(.required(key, .string), &diagnostics) }
        let platform = object.decode(
            .required(
                "platform",
                ValueDecoder<String>.oneOf(["apns", "fcm"]) { "unknown platform '\($0)'; expected apns or fcm" }
                    .map { PushPlatform(rawValue: $0) ?? .apns }), &diagnostics)
        let environment = object.decode(
            .optional(
                "environment",
                ValueDecoder<String>.oneOf(["production", "sandbox"]) {
                    "unknown environment '\($0)'; expected production or sandbox"
                }.map { APNsEnvironment(rawValue: $0) ?? .production }), &diagnostics)
        let permissions = ["authorized", "provisional", "denied", "notDetermined"]
        let permission = object.decode(
            .optional(
                "permission",
                ValueDecoder<String>.oneOf(permissions) {
                    "unknown permission '\($0)'; expected authorized, provisional, denied or notDetermined"
                }.map { PermissionStatus(rawValue: $0) ?? .authorized }, default: .authorized), &diagnostics)
        let user = text("user")
        let installation = text("installation")
        let token = text("token")
        guard let platform, let permission, let user, let installation, let token, let at else { return nil }
        return TokenRegistration(
            userID: user, installationID: installation, platform: platform, token: token,
            environment: environment ?? (platform == .apns ? .production : nil), permission: permission, at: at)
    }

    /// Reads an event's fields (`kind` and what that kind needs), recording every problem with its path.
    ///
    /// - Parameters:
    ///   - object: The object holding the fields.
    ///   - at: When it happened, or `nil` when that failed to decode (the fields are still checked).
    ///   - diagnostics: Where problems go.
    /// - Returns: The event, or `nil` after any problem.
    package static func event(
        _ object: ObjectDecoder, at: Date?, _ diagnostics: inout DecodingDiagnostics
    ) -> CommunityEvent? {
        func text(_ key: String) -> String? { object.decode(.required(key, .string), &diagnostics) }
        let kindName = object.decode(
            .required(
                "kind",
                .oneOf(["reply", "like", "system", "refresh"]) {
                    "unknown kind '\($0)'; expected reply, like, system or refresh"
                }),
            &diagnostics)
        let message = text("messageId")
        let recipient = text("recipient")
        let kind: CommunityEvent.Kind?
        switch kindName {
        case "reply":
            let postID = text("postId")
            let author = text("author")
            let authorID = object.decode(.optional("authorId", .string), &diagnostics)
            let body = text("text")
            kind = postID.flatMap { postID in
                author.flatMap { author in
                    body.map { .reply(postID: postID, author: author, authorID: authorID, text: $0) }
                }
            }
        case "like":
            let postID = text("postId")
            let author = text("author")
            kind = postID.flatMap { postID in author.map { .like(postID: postID, author: $0) } }
        case "system":
            let title = text("title")
            let body = text("text")
            kind = title.flatMap { title in body.map { .system(title: title, text: $0) } }
        case "refresh":
            kind = .refresh(postID: object.decode(.optional("postId", .string), &diagnostics))
        default:
            kind = nil
        }
        if let kindName, let taken = kindKeys.first(where: { $0.kind == kindName })?.keys {
            let list = ValueDecoderText.list(["kind", "recipient", "messageId"] + taken, or: false)
            for key in eventKeys where !taken.contains(key) && !["kind", "recipient", "messageId"].contains(key) {
                guard object.contains(key) else { continue }
                diagnostics.problem(
                    object.path.appending(key: key), "not a member of a \(kindName) event, which takes \(list)")
            }
        }
        guard let kind, let message, let recipient, let at else { return nil }
        return CommunityEvent(messageID: message, recipientID: recipient, kind: kind, at: at)
    }

    /// Reads a preferences update: `user`, `channels` (channel id: `true`/`false`, each one of GrowBro's; channels
    /// not named keep their state) and `archiveDays` (0…3650, absent to keep it), recording every problem.
    ///
    /// - Parameters:
    ///   - object: The object holding the fields.
    ///   - diagnostics: Where problems go.
    /// - Returns: The user, the switches and the archive age, or `nil` after any problem.
    package static func preferences(
        _ object: ObjectDecoder, _ diagnostics: inout DecodingDiagnostics
    ) -> (userID: String, channels: [GrowBroChannel: Bool], archiveDays: Int?)? {
        let user = object.decode(.required("user", .string), &diagnostics)
        let channels = object.decode(.optional("channels", channelSwitches, default: [:]), &diagnostics)
        let archiveDays = object.decode(.optional("archiveDays", .integer(in: 0...3650)), &diagnostics)
        guard let user, let channels else { return nil }
        return (user, channels, archiveDays)
    }

    /// `channel: true/false`, each channel one of GrowBro's.
    private static let channelSwitches = ValueDecoder<[GrowBroChannel: Bool]> { value, path, diagnostics in
        guard case .object(let members) = value else {
            diagnostics.problem(path, "expected an object of channel: true/false, found \(value.typeDescription)")
            return nil
        }
        var channels: [GrowBroChannel: Bool] = [:]
        for (id, member) in members {
            let memberPath = path.appending(key: id)
            guard let channel = GrowBroChannel(rawValue: id) else {
                diagnostics.problem(
                    memberPath,
                    "unknown channel; expected community.interactions, community.likes, cultivation.reminders or system.updates"
                )
                continue
            }
            guard let flag = ValueDecoder<Bool>.bool.decode(member, memberPath, &diagnostics) else { continue }
            channels[channel] = flag
        }
        return channels
    }
}
