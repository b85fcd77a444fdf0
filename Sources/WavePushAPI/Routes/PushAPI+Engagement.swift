internal import Foundation
internal import GrowBroServer
internal import WaveCommandLine
internal import WaveJSON
internal import WaveNotifications

extension PushAPI {
    /// The kinds a client may record (`accepted` is the dispatcher's).
    static let engagementKinds: [EngagementKind] = [.delivered, .opened, .dismissed]

    /// `POST /v1/engagement`: `kind` (`delivered`, `opened`, `dismissed`), `messageId`, `installation`, recorded
    /// once per kind with ``PushServer/recordEngagement(_:messageID:installationID:at:)``. Whatever the key, a
    /// message of which no push was recorded is `unknown_message` and an installation no push of it went to is
    /// `unknown_installation` (404); a key limited to some users does not see the pushes to other users, so for it
    /// an installation of another user is one the message did not go to.
    func engagement(_ body: JSONValue, key: APIKey) throws(APIError) -> HTTPResponse {
        let names = Self.engagementKinds.map(\.rawValue)
        let (kind, message, installation) = try Self.decode(body, keys: ["kind", "messageId", "installation"]) {
            object, diagnostics -> (EngagementKind, String, String)? in
            let kind = object.decode(
                .required(
                    "kind",
                    ValueDecoder<String>.oneOf(names) {
                        "unknown kind '\($0)'; expected \(ValueDecoderText.list(names, or: true))"
                    }.map { EngagementKind(rawValue: $0) ?? .opened }), &diagnostics)
            let message = object.decode(.required("messageId", .string), &diagnostics)
            let installation = object.decode(.required("installation", .string), &diagnostics)
            guard let kind, let message, let installation else { return nil }
            return (kind, message, installation)
        }
        let now = clock.now
        let recorded = try refusing(userField: "installation") {
            _ = try Validation.identifier(installation, field: "installation")
            _ = try Validation.shortID(message, field: "messageId")
            if case .only = key.users {
                // The same answer as for a key for all users, except that a push to a user this key may not act
                // for is not seen: a message with pushes, none of them to this installation for such a user, is
                // `notSentTo` as it is when none went to this installation at all.
                let sends = try server.sends(of: message)
                if !sends.isEmpty,
                    !sends.contains(where: { $0.installationID == installation && key.allows($0.userID) })
                {
                    throw GrowBroServerError.notSentTo(messageID: message, installationID: installation)
                }
            }
            return try server.recordEngagement(kind, messageID: message, installationID: installation, at: now)
        }
        return Self.ok { json in
            json.member("kind", kind.rawValue)
            json.member("messageId", message)
            json.member("installation", installation)
            json.member("recorded", recorded)
        }
    }

    /// `GET /v1/report?from=…&to=…`: the engagement report over the sends recorded in `[from, to)` and its alerts.
    /// It counts every user, so only a key for all users may read it (403 naming `Authorization` otherwise).
    func report(_ request: HTTPRequest, key: APIKey) throws(APIError) -> HTTPResponse {
        try Self.checkArguments(of: request, allowed: ["from", "to"])
        let from = try Self.instantArgument("from", of: request)
        let to = try Self.instantArgument("to", of: request)
        guard from < to else { throw APIError(400, "invalid_field", field: "to", "to: must be after from") }
        guard case .all = key.users else {
            throw APIError(
                403, "forbidden", field: "Authorization",
                "Authorization: the report counts every user; this key acts for some users only")
        }
        let report = try refusing(userField: "user") { try server.report(from: from, to: to) }
        return Self.ok { json in
            report.writeMembers(to: &json, instant: Self.instant)
            json.key("alerts")
            json.beginArray()
            for alert in report.alerts {
                json.beginObject()
                alert.writeMembers(to: &json)
                json.endObject()
            }
            json.endArray()
        }
    }

    /// A required query argument holding an ISO 8601 instant with its zone.
    private static func instantArgument(_ name: String, of request: HTTPRequest) throws(APIError) -> Date {
        guard let text = request.query[name], !text.isEmpty else {
            throw APIError(400, "invalid_field", field: name, "\(name): required query argument (ISO 8601)")
        }
        do {
            return try InstantParser.parse(text)
        } catch {
            throw APIError(
                400, "invalid_field", field: name, "\(name): \(error); expected ISO 8601 like 2026-05-04T07:00:00Z")
        }
    }
}
