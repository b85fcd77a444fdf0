internal import Foundation
internal import GrowBroServer
internal import WaveJSON
internal import WaveNotifications
internal import WavePostgres
internal import WavePushAPI
internal import WavePushPayloads

/// The replay's JSON Lines, one per decision, in the format docs/growbro-server.md specifies.
enum ReplayLines {
    /// `2026-05-04T07:05:00Z`, or `…07:05:00.716Z` when the instant has milliseconds (rounded to the nearest).
    static func instant(_ date: Date) -> String {
        let milliseconds = date.millisecondsSince1970
        let seconds = milliseconds.quotientAndRemainder(dividingBy: 1000)
        let whole = seconds.remainder < 0 ? seconds.quotient - 1 : seconds.quotient
        let fraction = (milliseconds - whole * 1000)
        let text = Date(timeIntervalSince1970: Double(whole)).formatted(Date.ISO8601FormatStyle())
        guard fraction != 0 else { return text }
        let digits = String(fraction)
        return text.dropLast() + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
    }

    static func line(_ type: StaticString, at date: Date, _ body: (inout JSONWriter) -> Void) -> String {
        var json = JSONWriter(capacity: 256)
        json.beginObject()
        json.member("type", String(describing: type))
        json.member("at", instant(date))
        body(&json)
        json.endObject()
        return json.text
    }

    static func token(_ change: TokenChange) -> String {
        line("token", at: change.at) { json in
            json.member("change", change.kind.rawValue)
            json.member("installation", change.installationID)
            json.member("user", change.userID)
            json.member("token", change.token)
            if let reason = change.reason { json.member("reason", reason) }
        }
    }

    static func fanOut(_ result: FanOutResult, at date: Date) -> String {
        line("fanout", at: date) { json in result.writeMembers(to: &json) }
    }

    static func request(_ request: ProviderRequest, at date: Date) -> String {
        line("request", at: date) { json in
            json.member("sendId", Int(request.sendID))
            json.member("attempt", request.attempt)
            json.member("method", request.method)
            json.member("url", request.url)
            headers(request.headers, to: &json)
            json.member("body", request.body)
        }
    }

    /// `sent` for an accepted push; `retry`, `purged`, `failed`, `expired`, `dropped` otherwise.
    /// Writes `"headers":{name: value, …}`, in the order given, as a request's and an answer's lines show them.
    static func headers(_ headers: [HTTPHeader], to json: inout JSONWriter) {
        json.key("headers")
        json.beginObject()
        for header in headers {
            json.key(header.name)
            json.string(header.value)
        }
        json.endObject()
    }

    static func decision(_ decision: DispatchDecision) -> String {
        let write: (inout JSONWriter) -> Void = { json in
            json.member("sendId", Int(decision.sendID))
            json.member("messageId", decision.messageID)
            json.member("installation", decision.installationID)
            json.member("platform", decision.platform.rawValue)
            json.member("attempt", decision.attempt)
            json.key("status")
            if let status = decision.status { json.number(status) } else { json.null() }
            if let reason = decision.reason { json.member("reason", reason.description) }
            if let retryAt = decision.retryAt { json.member("retryAt", instant(retryAt)) }
            if let token = decision.token { json.member("token", token) }
        }
        switch decision.kind {
        case .accepted: return line("sent", at: decision.at, write)
        case .retry: return line("retry", at: decision.at, write)
        case .purged: return line("purged", at: decision.at, write)
        case .failed: return line("failed", at: decision.at, write)
        case .expired: return line("expired", at: decision.at, write)
        case .dropped: return line("dropped", at: decision.at, write)
        case .superseded: return line("superseded", at: decision.at, write)
        }
    }

    static func engagement(
        _ kind: EngagementKind, messageID: String, installationID: String, recorded: Bool, at date: Date
    )
        -> String
    {
        line("engagement", at: date) { json in
            json.member("kind", kind.rawValue)
            json.member("messageId", messageID)
            json.member("installation", installationID)
            json.member("recorded", recorded)
        }
    }

    static func inboxChange(
        _ change: StaticString, user: String, messageID: String, entries: Int, unread: Int, at date: Date
    )
        -> String
    {
        line("inbox-change", at: date) { json in
            json.member("change", String(describing: change))
            json.member("user", user)
            if !messageID.isEmpty { json.member("messageId", messageID) }
            json.member("entries", entries)
            json.member("unread", unread)
        }
    }

    static func inbox(_ page: InboxPage, user: String, unread: Int, at date: Date) -> String {
        line("inbox", at: date) { json in
            json.member("user", user)
            json.key("items")
            json.beginArray()
            for item in page.items {
                json.beginObject()
                json.member("identifier", item.identifier)
                json.member("receivedAt", instant(item.receivedAt))
                json.member("channel", item.channelID)
                json.member("deepLink", item.deepLink)
                json.key("readAt")
                if let readAt = item.readAt { json.string(instant(readAt)) } else { json.null() }
                json.endObject()
            }
            json.endArray()
            json.key("nextCursor")
            if let cursor = page.nextCursor { json.string(cursor.description) } else { json.null() }
            json.member("unread", unread)
        }
    }

    static func alert(_ alert: EngagementReport.Alert, at date: Date) -> String {
        line("alert", at: date) { json in alert.writeMembers(to: &json) }
    }

    static func report(_ report: EngagementReport, at date: Date) -> String {
        line("report", at: date) { json in report.writeMembers(to: &json, instant: instant) }
    }

    /// A `database` line of `dispatch` and `serve`: the PostgreSQL connection lost, an attempt to reconnect that
    /// failed, or the connection back.
    static func database(_ event: PostgresConnectionEvent) -> String {
        line("database", at: event.at) { json in
            json.member("event", event.kind.rawValue)
            json.member("database", event.database)
            if event.kind != .lost { json.member("attempts", event.attempts) }
            if let reason = event.reason { json.member("reason", reason) }
            if event.kind == .reconnectFailed, let next = event.nextAttempt {
                json.member("nextAttempt", instant(next))
            }
            if event.kind == .reconnected {
                json.member("withoutConnectionMs", Int((event.secondsWithoutConnection * 1000).rounded()))
            }
        }
    }
}
