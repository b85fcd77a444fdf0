internal import Foundation
internal import GrowBroNotifications
internal import WaveCommandLine
internal import WaveNotifications
internal import WavePushPayloads

/// GrowBro's own output lines (`payload`, `link`, `inbox`), built from what its service returns.
enum GrowBroLines {
    /// `{"type":"payload","identifier","platform","bytes","json"}`, and `apns-collapse-id` for APNs likes: the push
    /// as a server would send it, formatted from the request the service decided.
    ///
    /// - Parameters:
    ///   - request: The push's request, shown or suppressed.
    ///   - push: The push (its ``GrowBroPush/threadID``).
    ///   - platform: APNs or FCM.
    ///   - render: Resolves texts in the replay's language.
    /// - Returns: The line, or the encoder's error when no payload fits.
    static func payload(
        for request: NotificationRequest, push: GrowBroPush, platform: ReplayOptions.PayloadPlatform,
        render: @Sendable (LocalizedText) -> String
    ) -> Result<AppOutputLine, PushPayloadError> {
        let message = PushMessage(
            messageID: push.messageID, text: .plain(title: render(request.title), body: render(request.body)),
            channel: request.channel, deepLink: request.deepLink, threadID: push.threadID,
            collapseID: request.collapseID)
        let payload: PushPayload
        do {
            switch platform {
            case .apns: payload = try APNsPayloadEncoder().encode(message)
            case .fcm: payload = try FCMPayloadEncoder().encode(message)
            }
        } catch {
            return .failure(error)
        }
        var fields: [(String, AppOutputLine.Value)] = [
            ("identifier", .string(request.identifier)), ("platform", .string(payload.platform.rawValue)),
            ("bytes", .integer(payload.bytes)), ("json", .string(payload.json)),
        ]
        if let header = payload.collapseIDHeader {
            fields.append(("apns-collapse-id", .string(header)))
        }
        return .success(AppOutputLine(type: "payload", fields: fields))
    }

    /// `{"type":"payload","identifier","platform","bytes":null,"json":null,"rejected":"too_large","minimumBytes",
    /// "limit"}` for a push with no payload within the limit (its title alone too long: a body is only cut with "…").
    ///
    /// - Parameters:
    ///   - request: The push's request.
    ///   - platform: APNs or FCM.
    ///   - error: Why no payload fits.
    /// - Returns: The line.
    static func rejectedPayload(
        for request: NotificationRequest, platform: ReplayOptions.PayloadPlatform, error: PushPayloadError
    ) -> AppOutputLine {
        var fields: [(String, AppOutputLine.Value)] = [
            ("identifier", .string(request.identifier)), ("platform", .string(platform.rawValue)), ("bytes", .null),
            ("json", .null), ("rejected", .string("too_large")),
        ]
        switch error {
        case .doesNotFit(let minimumBytes, let limit):
            fields.append(("minimumBytes", .integer(minimumBytes)))
            fields.append(("limit", .integer(limit)))
        }
        return AppOutputLine(type: "payload", fields: fields)
    }

    /// `{"type":"link","at","url","route","params"}`, or `{"type":"link","at","url","rejected":reason}`.
    ///
    /// - Parameters:
    ///   - url: The link as given.
    ///   - instant: When it was opened.
    ///   - route: The route the service found, or the check that failed.
    /// - Returns: The line.
    static func link(
        _ url: String, at instant: Date, route: Result<DeepLinkMatch, DeepLinkRouteRejection>
    ) -> AppOutputLine {
        var fields: [(String, AppOutputLine.Value)] = [("at", .instant(instant)), ("url", .string(url))]
        switch route {
        case .success(let match):
            fields.append(("route", .string(match.route)))
            fields.append(
                ("params", .object(match.parameters.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })))
        case .failure(let rejection):
            fields.append(("rejected", .string(rejection.rawValue)))
        }
        return AppOutputLine(type: "link", fields: fields)
    }

    /// `{"type":"inbox","at","items":[…],"nextCursor","unread"}`.
    ///
    /// - Parameters:
    ///   - page: The page the service returned.
    ///   - unread: The unread count then.
    ///   - instant: When the page was asked for.
    ///   - render: Resolves texts in the replay's language.
    /// - Returns: The line.
    static func inbox(
        _ page: InboxPage, unread: Int, at instant: Date, render: @Sendable (LocalizedText) -> String
    ) -> AppOutputLine {
        let items = page.items.map { entry -> AppOutputLine.Value in
            .object([
                ("identifier", .string(entry.identifier)), ("receivedAt", .instant(entry.receivedAt)),
                ("channel", .string(entry.channelID)), ("title", .string(render(entry.title))),
                ("body", .string(render(entry.body))), ("deepLink", .string(entry.deepLink)),
                ("readAt", entry.readAt.map { .instant($0) } ?? .null),
            ])
        }
        return AppOutputLine(
            type: "inbox",
            fields: [
                ("at", .instant(instant)), ("items", .array(items)),
                ("nextCursor", page.nextCursor.map { .string($0.description) } ?? .null), ("unread", .integer(unread)),
            ])
    }
}
