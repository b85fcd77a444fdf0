internal import Foundation
internal import GrowBroNotifications
internal import GrowBroServer
internal import WaveCommandLine
internal import WaveJSON
internal import WaveNotifications
internal import WavePushPayloads

extension PushAPI {
    /// `POST /v1/tokens`: the replay's `register` fields; the changes the key may see (those of its users). A key
    /// for some users may not take an installation or a token from a user it may not act for (403 naming
    /// `installation` or `token`, checked in the registration's transaction); a key for all users may (a device
    /// signed in to another account moves, the library's rule).
    func register(_ body: JSONValue, key: APIKey) throws(APIError) -> HTTPResponse {
        let now = clock.now
        let registration = try Self.decode(body, keys: PushRequestDecoders.registrationKeys) { object, diagnostics in
            PushRequestDecoders.registration(object, at: now, &diagnostics)
        }
        try Self.check(key, allows: registration.userID, field: "user")
        let changes = try refusing(userField: "user") {
            try server.register(registration, takingOnlyFrom: key.allows)
        }
        return Self.ok { json in
            json.key("changes")
            json.beginArray()
            // Only a key for all users can move a token away from another user's installation, and that change
            // is not its business either: the filter is kept so no answer ever names a user the key may not see.
            for change in changes where key.allows(change.userID) { Self.write(change, to: &json) }
            json.endArray()
        }
    }

    /// `POST /v1/logout`: `user` and `installation`; the installation must be the user's when it is removed (the check
    /// and the removal are one transaction, so one signed in to another account meanwhile is left to it, and the
    /// caller learns only that it is not this user's). A user id of another form is no user's: 404 `unknown_user`.
    func logout(_ body: JSONValue, key: APIKey) throws(APIError) -> HTTPResponse {
        let (user, installation) = try Self.decodeUser(and: "installation", from: body)
        try Self.check(key, allows: user, field: "user")
        let change = try refusing(userField: "user") {
            guard (try? Validation.identifier(user, field: "user")) != nil else {
                throw GrowBroServerError.unknownUser(user)
            }
            return try server.logout(installationID: installation, ifUser: user, at: clock.now)
        }
        return Self.ok { json in
            json.key("change")
            Self.write(change, to: &json)
        }
    }

    /// `POST /v1/events`: the replay's `event` fields; the badge, the sends recorded and the installations skipped.
    func event(_ body: JSONValue, key: APIKey) throws(APIError) -> HTTPResponse {
        let now = clock.now
        let event = try Self.decode(body, keys: PushRequestDecoders.eventKeys) { object, diagnostics in
            PushRequestDecoders.event(object, at: now, &diagnostics)
        }
        try Self.check(key, allows: event.recipientID, field: "recipient")
        let result = try refusing(userField: "recipient") { try server.fanOut(event) }
        return Self.ok { json in result.writeMembers(to: &json) }
    }

    /// `POST /v1/inbox/read` and `POST /v1/inbox/delete`: the replay's `read` and `delete` fields. Idempotent: the
    /// answer's `entries` is how many of the user's entries not deleted had the message (0 for an id the user never
    /// got, another user's message, or one deleted before), and nothing else changes.
    func mark(_ body: JSONValue, key: APIKey, deleting: Bool) throws(APIError) -> HTTPResponse {
        let (user, message) = try Self.decodeUser(and: "messageId", from: body)
        do {
            _ = try Validation.shortID(message, field: "messageId")
        } catch {
            throw APIError.invalidBodyField("messageId", error.description)
        }
        try Self.check(key, allows: user, field: "user")
        let now = clock.now
        let (entries, unread) = try refusing(userField: "user") {
            let inbox = try server.inbox(of: user)
            let identifier = GrowBroLinks.messageIdentifier(message)
            let entries =
                deleting
                ? try inbox.delete(identifier: identifier, at: now)
                : try inbox.markRead(identifier: identifier, at: now)
            return (entries, try inbox.unreadCount(now: now))
        }
        return Self.ok { json in
            json.member("user", user)
            json.member("messageId", message)
            json.member("entries", entries)
            json.member("unread", unread)
        }
    }

    /// `POST /v1/inbox/erase`: `user`; the right to erasure (``ServerInbox/eraseAll(at:)``): every inbox entry
    /// deleted, every payload blanked, the pending sends dropped (each listed, with no text).
    func erase(_ body: JSONValue, key: APIKey) throws(APIError) -> HTTPResponse {
        let user = try Self.decode(body, keys: ["user"]) { object, diagnostics in
            object.decode(.required("user", .string), &diagnostics)
        }
        try Self.check(key, allows: user, field: "user")
        let (dropped, unread) = try refusing(userField: "user") {
            let inbox = try server.inbox(of: user)
            return (try inbox.eraseAll(at: clock.now), try inbox.unreadCount(now: clock.now))
        }
        return Self.ok { json in
            json.member("user", user)
            json.key("dropped")
            json.beginArray()
            for decision in dropped {
                json.beginObject()
                json.member("sendId", Int(decision.sendID))
                json.member("messageId", decision.messageID)
                json.member("installation", decision.installationID)
                json.member("platform", decision.platform.rawValue)
                json.endObject()
            }
            json.endArray()
            json.member("unread", unread)
        }
    }

    /// `GET /v1/inbox?user=…&size=…&after=…`: one page, newest first, with the cursor of the next.
    func inbox(_ request: HTTPRequest, key: APIKey) throws(APIError) -> HTTPResponse {
        try Self.checkArguments(of: request, allowed: ["user", "size", "after"])
        let user = try Self.userArgument(request)
        let size: Int
        if let text = request.query["size"] {
            guard let number = Int(text), (1...InboxError.maximumPageSize).contains(number) else {
                throw APIError(
                    400, "invalid_field", field: "size",
                    "size: expected a number from 1 to \(InboxError.maximumPageSize)")
            }
            size = number
        } else {
            size = 20
        }
        var cursor: InboxCursor?
        if let text = request.query["after"] {
            guard let parsed = InboxCursor(text) else {
                throw APIError(400, "invalid_field", field: "after", "after: not a cursor this API gave")
            }
            cursor = parsed
        }
        try Self.check(key, allows: user, field: "user")
        let now = clock.now
        let (page, unread) = try refusing(userField: "user") {
            let inbox = try server.inbox(of: user)
            return (try inbox.page(size: size, after: cursor, now: now), try inbox.unreadCount(now: now))
        }
        return Self.ok { json in
            json.member("user", user)
            json.key("items")
            json.beginArray()
            for item in page.items { Self.write(item, to: &json) }
            json.endArray()
            json.key("nextCursor")
            if let next = page.nextCursor { json.string(next.description) } else { json.null() }
            json.member("unread", unread)
        }
    }

    /// `GET /v1/badge?user=…`: the unread count.
    func badge(_ request: HTTPRequest, key: APIKey) throws(APIError) -> HTTPResponse {
        try Self.checkArguments(of: request, allowed: ["user"])
        let user = try Self.userArgument(request)
        try Self.check(key, allows: user, field: "user")
        let unread = try refusing(userField: "user") { try server.inbox(of: user).unreadCount(now: clock.now) }
        return Self.ok { json in
            json.member("user", user)
            json.member("unread", unread)
        }
    }

    /// 400 naming the first query argument (by name) that the route does not take, as an unknown body key is, then
    /// the first given more than once (`?user=a&user=b`: which one was meant cannot be known).
    static func checkArguments(of request: HTTPRequest, allowed: [String]) throws(APIError) {
        if let name = request.query.keys.sorted().first(where: { !allowed.contains($0) }) {
            let hint = KeySuggestion.closest(to: name, in: allowed).map { " (did you mean '\($0)'?)" } ?? ""
            throw APIError(
                400, "invalid_field", field: name,
                "\(name): unknown query argument\(hint); expected \(ValueDecoderText.list(allowed, or: true))")
        }
        if let name = request.repeatedQueryArguments.first {
            throw APIError(400, "invalid_field", field: name, "\(name): given more than once; give it once")
        }
    }

    static func userArgument(_ request: HTTPRequest) throws(APIError) -> String {
        guard let user = request.query["user"], !user.isEmpty else {
            throw APIError(400, "invalid_field", field: "user", "user: required query argument")
        }
        return user
    }

    /// A body of two required strings, `user` and `key`.
    static func decodeUser(and key: String, from body: JSONValue) throws(APIError) -> (String, String) {
        try decode(body, keys: ["user", key]) { (object, diagnostics: inout DecodingDiagnostics) -> (String, String)? in
            let user = object.decode(.required("user", .string), &diagnostics)
            let other = object.decode(.required(key, .string), &diagnostics)
            guard let user, let other else { return nil }
            return (user, other)
        }
    }

    /// 403 unless the key may act for `userID`.
    static func check(_ key: APIKey, allows userID: String, field: String) throws(APIError) {
        guard key.allows(userID) else {
            throw APIError(403, "forbidden", field: field, "\(field): this key may not act for this user")
        }
    }

    /// Reads a body object with the package's scenario reader: unknown keys are problems; 400 names the first
    /// problem's path and lists them all.
    static func decode<Value>(
        _ body: JSONValue, keys: [String],
        _ read: (ObjectDecoder, inout DecodingDiagnostics) -> Value?
    ) throws(APIError) -> Value {
        var diagnostics = DecodingDiagnostics()
        diagnostics.unknownKeysAreProblems = true
        var value: Value?
        if let object = ObjectDecoder(body, at: JSONPath.root, keys: keys, diagnostics: &diagnostics) {
            value = read(object, &diagnostics)
        }
        guard diagnostics.isClean, let value else {
            let first = diagnostics.problems.first
            var error = APIError(
                400, "invalid_field", field: first.map { $0.path.isEmpty ? nil : $0.path } ?? nil,
                first?.description ?? "invalid body")
            error.problems = diagnostics.problems.map(\.description)
            throw error
        }
        return value
    }

    /// Runs `work` against the server, what it throws refused as ``refusal(for:userField:at:log:)`` says.
    ///
    /// - Parameters:
    ///   - userField: The request's field a refusal of an unknown user names.
    ///   - work: The server's calls.
    /// - Returns: What `work` returns.
    /// - Throws: ``APIError``, the refusal.
    func refusing<Value>(userField: String, _ work: () throws -> Value) throws(APIError) -> Value {
        do {
            return try work()
        } catch {
            throw Self.refusal(for: error, userField: userField, at: clock.now, log: log)
        }
    }

    /// The refusal for what the server threw: its own input errors by field, the store's as 503, anything else 500.
    /// A store error's words may quote a row (PostgreSQL's `DETAIL: Key (token)=…`): only its kind is logged.
    static func refusal(
        for error: any Error, userField: String, at now: Date, log: @Sendable (String) -> Void
    ) -> APIError {
        switch error {
        case let error as APIError:
            return error
        case let error as GrowBroServerError:
            switch error {
            case .invalidValue(let field, _, _):
                return APIError.invalidBodyField(field, error.description)
            case .unknownPlatform: return APIError.invalidBodyField("platform", error.description)
            case .malformedToken: return APIError.invalidBodyField("token", error.description)
            case .unknownUser:
                return APIError(404, "unknown_user", field: userField, "\(userField): unknown user")
            case .unknownInstallation:
                return APIError(404, "unknown_installation", field: "installation", error.description)
            case .unknownMessage: return APIError(404, "unknown_message", field: "messageId", error.description)
            // The installation is not one the message went to: for this report it is unknown, as another user's
            // installation is to a key limited to some users.
            case .notSentTo: return APIError(404, "unknown_installation", field: "installation", error.description)
            case .duplicateMessage: return APIError(409, "duplicate_message", field: "messageId", error.description)
            case .unknownChannel: return APIError.invalidBodyField("channel", error.description)
            case .heldByAnotherUser(let field):
                return APIError(
                    403, "forbidden", field: field, "\(field): held by a user this key may not act for")
            case .payloadTooLarge(_, let field, _):
                return APIError(422, "payload_too_large", field: field, error.description)
            }
        case let error as InboxError:
            return APIError(400, "invalid_field", field: "size", "\(error)")
        case let error as PushStoreError:
            log(storeLine(error.kind.rawValue, at: now))
            var refusal = APIError(503, "store_unavailable", "the store cannot answer now (\(error.kind.rawValue))")
            if error.kind == .busy { refusal.headers = [("Retry-After", "1")] }
            return refusal
        default:
            log(storeLine("unexpected", at: now))
            return APIError(500, "internal", "the server failed; see its log")
        }
    }

    private static func storeLine(_ kind: String, at now: Date) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.member("type", "store_error")
        json.member("at", instant(now))
        json.member("kind", kind)
        json.endObject()
        return json.text
    }

    private static func write(_ change: TokenChange, to json: inout JSONWriter) {
        json.beginObject()
        json.member("kind", change.kind.rawValue)
        json.member("installation", change.installationID)
        json.member("user", change.userID)
        json.key("reason")
        if let reason = change.reason { json.string(reason) } else { json.null() }
        json.member("at", instant(change.at))
        json.endObject()
    }

    private static func write(_ item: InboxEntry, to json: inout JSONWriter) {
        json.beginObject()
        json.member("identifier", item.identifier)
        json.member("receivedAt", instant(item.receivedAt))
        json.member("channel", item.channelID)
        json.key("title")
        write(item.title, to: &json)
        json.key("body")
        write(item.body, to: &json)
        json.member("deepLink", item.deepLink)
        json.key("readAt")
        if let readAt = item.readAt { json.string(instant(readAt)) } else { json.null() }
        json.endObject()
    }

    private static func write(_ text: LocalizedText, to json: inout JSONWriter) {
        json.beginObject()
        json.member("table", text.table)
        json.member("key", text.key)
        json.key("arguments")
        json.strings(text.arguments)
        json.endObject()
    }
}
