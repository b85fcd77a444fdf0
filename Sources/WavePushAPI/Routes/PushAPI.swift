internal import Foundation
package import GrowBroServer
internal import WaveCommandLine
internal import WaveJSON
package import WaveNotifications

/// The push server's HTTP API: each request checked in a fixed order (route, method, key, rate, media type, size,
/// depth, JSON, fields, the key's users) and then answered by one ``PushServer`` call, synchronously, on the HTTP
/// library's thread. Every refusal is an ``APIError``; the log gets one line per request naming the route, the
/// status and the key's name, never a key, a token or a message's text.
package final class PushAPI: HTTPHandler {
    /// What the API accepts.
    package struct Limits: Sendable {
        /// The largest body, in bytes: 1 MiB by default, room for a broadcast of the most events
        /// (``PushAPI/maximumBroadcastEvents``) at about 1 KB each.
        package var maximumBodyBytes = HTTPServer.Options.defaultMaximumBodyBytes
        /// The deepest nesting of arrays and objects in a body.
        package var maximumDepth = 8
        /// Requests per second each key may keep up.
        package var requestsPerSecond = 50.0
        /// Requests each key may send at once.
        package var burst = 100.0

        /// The defaults: 1 MiB, depth 8, 50 per second with bursts of 100 per key.
        package init() {}
    }

    let server: PushServer
    let keyring: APIKeyring
    let limiter: RateLimiter
    let clock: any WaveClock
    let limits: Limits
    let log: @Sendable (String) -> Void
    let metrics: APIMetrics?

    /// Creates the API.
    ///
    /// - Parameters:
    ///   - server: The store and rules every route calls.
    ///   - keyring: The keys in force.
    ///   - clock: The instant of each request (tokens' and events' instants, reads, the rate limit).
    ///   - limits: Sizes, depth and rate.
    ///   - log: Where the one line per request goes.
    ///   - metrics: Where each request is counted and timed (on `clock`), when given.
    package init(
        server: PushServer, keyring: APIKeyring, clock: any WaveClock, limits: Limits = Limits(),
        log: @escaping @Sendable (String) -> Void = { _ in }, metrics: APIMetrics? = nil
    ) {
        self.server = server
        self.keyring = keyring
        self.clock = clock
        self.limits = limits
        self.limiter = RateLimiter(rate: limits.requestsPerSecond, burst: limits.burst)
        self.log = log
        self.metrics = metrics
    }

    package func respond(to request: HTTPRequest) -> HTTPResponse {
        let ticket = metrics?.begin(at: clock.now)
        let route = APIRoute.at(request.path)
        var keyName: String?
        var refusal: String?
        let response: HTTPResponse
        do {
            response = try answer(request, route: route, keyName: &keyName)
        } catch {
            refusal = error.code
            response = error.response
        }
        logRequest(request, route: route, status: response.status, keyName: keyName)
        if let ticket {
            metrics?.end(
                ticket, route: route?.rawValue ?? "unknown", status: response.status, refusal: refusal, at: clock.now)
        }
        return response
    }

    package func refuseOversizedBody(limit: Int) -> HTTPResponse {
        refuseUnread(APIError(413, "too_large", "the body is larger than \(limit) bytes"))
    }

    package func refuseConflictingHeader(_ name: String) -> HTTPResponse {
        refuseUnread(APIError(400, "invalid_field", field: name, "\(name): given twice with different values"))
    }

    /// A refusal made before the request is read whole (no route, no key): logged and counted under route `-`.
    private func refuseUnread(_ error: APIError) -> HTTPResponse {
        let ticket = metrics?.begin(at: clock.now)
        log(Self.line(method: "-", route: "-", status: error.status, keyName: nil, at: clock.now))
        if let ticket { metrics?.end(ticket, route: "-", status: error.status, refusal: error.code, at: clock.now) }
        return error.response
    }

    private func answer(
        _ request: HTTPRequest, route: APIRoute?, keyName: inout String?
    ) throws(APIError) -> HTTPResponse {
        guard let route else { throw APIError(404, "not_found", "no such route") }
        guard request.method == route.method else {
            var error = APIError(405, "method_not_allowed", "\(route.path) takes \(route.method)")
            error.headers = [("Allow", route.method)]
            throw error
        }
        switch route {
        case .health: return Self.ok { $0.member("status", "ok") }
        case .ready: return try ready()
        default: break
        }
        let key = try authenticate(request)
        keyName = key.name
        if let wait = limiter.admit(keyName: key.name, at: clock.now) {
            var error = APIError(429, "rate_limited", "too many requests for this key; retry later")
            // Clamped before the conversion: a bucket refilled very slowly can ask for more seconds than Int holds.
            error.headers = [("Retry-After", String(Int(min(max(wait, 1), 3600).rounded(.up))))]
            throw error
        }
        switch route {
        case .inbox: return try inbox(request, key: key)
        case .badge: return try badge(request, key: key)
        case .report: return try report(request, key: key)
        default: break
        }
        let body = try jsonBody(request)
        switch route {
        case .tokens: return try register(body, key: key)
        case .logout: return try logout(body, key: key)
        case .preferences: return try preferences(body, key: key)
        case .events: return try event(body, key: key)
        case .read: return try mark(body, key: key, deleting: false)
        case .delete: return try mark(body, key: key, deleting: true)
        case .broadcast: return try broadcast(body, key: key)
        case .erase: return try erase(body, key: key)
        case .engagement: return try engagement(body, key: key)
        case .health, .ready, .inbox, .badge, .report: throw APIError(500, "internal", "unreachable route")
        }
    }

    /// The key a request presents, or 401 (none, wrong or revoked) or 503 (the key file is broken).
    private func authenticate(_ request: HTTPRequest) throws(APIError) -> APIKey {
        switch keyring.verdict(authorization: request.headers["authorization"]) {
        case .key(let key):
            return key
        case .missing:
            var error = APIError(401, "unauthorized", field: "Authorization", "needs Authorization: Bearer <key>")
            error.headers = [("WWW-Authenticate", "Bearer")]
            throw error
        case .unknown:
            var error = APIError(401, "unauthorized", field: "Authorization", "the key is not one in force")
            error.headers = [("WWW-Authenticate", "Bearer error=\"invalid_token\"")]
            throw error
        case .unavailable(let reason):
            log(keyFileLine(reason))
            throw APIError(503, "keys_unavailable", "the key file cannot be read; no key is in force")
        }
    }

    /// The body as a JSON value: 415 unless JSON, 400 when nested too deep or not JSON (bad UTF-8 included).
    private func jsonBody(_ request: HTTPRequest) throws(APIError) -> JSONValue {
        let mediaType = request.headers["content-type"]?.split(separator: ";").first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        guard mediaType == "application/json" else {
            throw APIError(415, "unsupported_media_type", field: "Content-Type", "the body must be application/json")
        }
        guard !JSONDepth.exceeds(request.body, limit: limits.maximumDepth) else {
            throw APIError(400, "too_deep", "the body nests deeper than \(limits.maximumDepth) levels")
        }
        do {
            return try JSONParser.parse(request.body)
        } catch {
            throw APIError(400, "invalid_json", "not valid JSON: \(error)")
        }
    }

    /// The readiness check: the store answers a query.
    private func ready() throws(APIError) -> HTTPResponse {
        _ = try refusing(userField: "user") { try server.isKnownUser("-") }
        return Self.ok { $0.member("status", "ready") }
    }

    private func logRequest(_ request: HTTPRequest, route: APIRoute?, status: Int, keyName: String?) {
        let method =
            ["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"].contains(request.method)
            ? request.method : "other"
        log(
            Self.line(
                method: method, route: route?.rawValue ?? "unknown", status: status, keyName: keyName, at: clock.now))
    }

    /// The log line of one request: `{"type":"request","at":…,"method":…,"route":…,"status":…,"key":name}`.
    static func line(method: String, route: String, status: Int, keyName: String?, at now: Date) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.member("type", "request")
        json.member("at", Self.instant(now))
        json.member("method", method)
        json.member("route", route)
        json.member("status", status)
        json.key("key")
        if let keyName { json.string(keyName) } else { json.null() }
        json.endObject()
        return json.text
    }

    /// The log line of a key file that cannot be used: its path and problem, never a key.
    func keyFileLine(_ reason: String) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.member("type", "keys_unavailable")
        json.member("at", Self.instant(clock.now))
        json.member("reason", reason)
        json.endObject()
        return json.text
    }

    /// An instant as ISO 8601 in UTC with milliseconds.
    static func instant(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    /// A 200 answer with the object `members` writes.
    static func ok(_ members: (inout JSONWriter) -> Void) -> HTTPResponse {
        var json = JSONWriter()
        json.beginObject()
        members(&json)
        json.endObject()
        return HTTPResponse(status: 200, body: json.takeBytes())
    }
}
