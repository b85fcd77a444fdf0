internal import Foundation
internal import WaveCommandLine

/// The apps' own lines: GoNow's analytics, GrowBro's links, inbox pages and payloads.
extension AppTextTimeline {
    /// `analytics <name>  key value …`, dimmed as WorldWideWaves dims the lines that are not notifications.
    ///
    /// - Parameters:
    ///   - fields: The line's fields.
    ///   - instant: The line's instant.
    /// - Returns: The line, or `nil` without a `name`.
    func analytics(_ fields: inout AppTextFieldReader, at instant: Date?) -> [String]? {
        guard let name = fields.string("name") else { return nil }
        let text = (["analytics \(name)"] + pairs(fields.rest, near: instant)).joined(separator: "  ")
        return [prefix(instant) + style.dim(text)]
    }

    /// `link <url>: opens <route> (id <id>)`, or `link <url>: rejected, <the failed check in words>`.
    ///
    /// - Parameters:
    ///   - fields: The line's fields.
    ///   - instant: The line's instant.
    /// - Returns: The line, or `nil` without a `url`, or with neither a `route` nor a `rejected` reason.
    func link(_ fields: inout AppTextFieldReader, at instant: Date?) -> [String]? {
        guard let url = fields.string("url") else { return nil }
        var text = "link \(url): "
        if let rejected = fields.string("rejected") {
            text += "rejected, " + AppTextWords.words(for: rejected, in: AppTextWords.linkRejections)
        } else if let route = fields.string("route") {
            text += "opens \(route)"
            if case .object(let parameters) = fields.value("params"), !parameters.isEmpty {
                text += " (\(pairs(parameters, near: instant).joined(separator: ", ")))"
            }
        } else {
            return nil
        }
        return [row(instant, [text], rest: fields)]
    }

    /// `inbox: <n> items, <n> unread[, more follow]`, then each item indented: when it was received, its channel,
    /// title / body, read or unread, its identifier.
    ///
    /// - Parameters:
    ///   - fields: The line's fields.
    ///   - instant: The line's instant.
    /// - Returns: The lines, or `nil` without `items`, `unread` or `nextCursor`.
    func inbox(_ fields: inout AppTextFieldReader, at instant: Date?) -> [String]? {
        guard case .array(let items) = fields.value("items"), let unread = fields.integer("unread") else { return nil }
        let more: Bool
        switch fields.value("nextCursor") {
        case .string: more = true
        case .null: more = false
        default: return nil
        }
        let page = items.isEmpty ? "no items" : Self.count(items.count, "item")
        let header = "inbox: \(page), \(unread) unread" + (more ? ", more follow" : "")
        return [row(instant, [header], rest: fields)] + items.map { Self.indent + inboxItem($0, near: instant) }
    }

    /// One inbox item on one line: received, channel, `title / body`, `unread` or `read <time>`, identifier.
    private func inboxItem(_ item: AppOutputLine.Value, near instant: Date?) -> String {
        guard case .object(let itemFields) = item else { return plain(item, near: instant) }
        var fields = AppTextFieldReader(itemFields)
        guard let identifier = fields.string("identifier"), let received = fields.instant("receivedAt"),
            let title = fields.string("title"), let body = fields.string("body")
        else { return pairs(itemFields, near: instant).joined(separator: "  ") }
        // Not what the user reads in the list; `--format json` has it.
        fields.skip("deepLink")
        var parts = [local(received, besides: nil)]
        if let channel = fields.string("channel") {
            parts.append(channel)
        }
        parts.append("\(title) / \(body)".replacingOccurrences(of: "\n", with: " "))
        if let readAt = fields.instant("readAt") {
            parts.append("read \(local(readAt, besides: instant))")
        } else if case .null = fields.value("readAt") {
            parts.append("unread")
        }
        parts += pairs(fields.rest, near: instant)
        parts.append(style.dim(identifier))
        return parts.joined(separator: "  ")
    }

    /// `APNs payload: <n> bytes[, collapse id <id>]  identifier`, or `… payload: rejected, too large (at least <n>
    /// bytes, limit <n>)  identifier`; the payload's JSON is left to `--format json`.
    ///
    /// - Parameters:
    ///   - fields: The line's fields.
    ///   - instant: The instant of the line before it (a payload line has none of its own).
    /// - Returns: The line, or `nil` without an `identifier`, a `platform`, or either `bytes` or a reason.
    func payload(_ fields: inout AppTextFieldReader, at instant: Date?) -> [String]? {
        guard let identifier = fields.string("identifier"), let platform = fields.string("platform") else {
            return nil
        }
        var text = AppTextWords.words(for: platform, in: AppTextWords.payloadPlatforms) + " payload: "
        if let rejected = fields.string("rejected") {
            fields.skip("bytes", "json")
            text += "rejected, " + AppTextWords.words(for: rejected, in: AppTextWords.payloadRejections)
            if let minimum = fields.integer("minimumBytes"), let limit = fields.integer("limit") {
                text += " (at least \(minimum) bytes, limit \(limit))"
            }
        } else if let bytes = fields.integer("bytes") {
            fields.skip("json")
            text += "\(bytes) bytes"
            if let collapseID = fields.string("apns-collapse-id") {
                text += ", collapse id \(collapseID)"
            }
        } else {
            return nil
        }
        return [row(instant, [text], rest: fields, identifier: identifier)]
    }
}
