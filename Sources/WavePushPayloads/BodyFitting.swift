/// Cuts a message's body, at a grapheme boundary and with "…", to the longest prefix whose JSON fits a limit.
///
/// `encode` must grow with the body (every character adds bytes), which holds for JSON. A binary search over
/// the number of characters kept finds the longest prefix in about log2(n) encodings.
enum BodyFitting {
    static let ellipsis = "…"

    /// The JSON for `message` within `limit` bytes, cutting the body only as much as needed.
    static func fit(
        _ message: PushMessage, platform: PushPayload.Platform, limit: Int, collapseIDHeader: String?,
        encode: (PushMessage) -> [UInt8]
    ) throws(PushPayloadError) -> PushPayload {
        func payload(_ bytes: [UInt8], shortened: Bool) -> PushPayload {
            PushPayload(
                platform: platform, json: String(decoding: bytes, as: UTF8.self), collapseIDHeader: collapseIDHeader,
                isBodyShortened: shortened)
        }
        let whole = encode(message)
        if whole.count <= limit { return payload(whole, shortened: false) }

        let body = Array(cuttableBody(of: message))
        func candidate(keeping count: Int) -> [UInt8] {
            encode(replacingBody(of: message, with: String(body[..<count]) + ellipsis))
        }
        // The longest prefix that fits with "…": count 0 ("…" alone) is the floor. A cut body always ends with "…"
        // (the spec cuts "with …"): when even "…" alone does not fit, there is no payload. The size reported is the
        // one with an empty body when that is already over the limit, else the one with "…" alone.
        var fitting = candidate(keeping: 0)
        guard fitting.count <= limit else {
            let empty = encode(replacingBody(of: message, with: ""))
            throw .doesNotFit(minimumBytes: empty.count > limit ? empty.count : fitting.count, limit: limit)
        }
        var low = 0  // fits
        var high = body.count  // does not fit (the whole body, even without "…", did not)
        while high - low > 1 {
            let middle = low + (high - low) / 2
            let bytes = candidate(keeping: middle)
            if bytes.count <= limit {
                low = middle
                fitting = bytes
            } else {
                high = middle
            }
        }
        return payload(fitting, shortened: true)
    }

    private static func cuttableBody(of message: PushMessage) -> String {
        switch message.text {
        case .plain(_, let body): return body
        case .localized(_, _, _, let arguments): return arguments.last ?? ""
        }
    }

    private static func replacingBody(of message: PushMessage, with body: String) -> PushMessage {
        var message = message
        switch message.text {
        case .plain(let title, _):
            message.text = .plain(title: title, body: body)
        case .localized(let titleKey, let titleArguments, let bodyKey, var arguments):
            if arguments.isEmpty { return message }
            arguments[arguments.count - 1] = body
            message.text = .localized(
                titleKey: titleKey, titleArguments: titleArguments, bodyKey: bodyKey, bodyArguments: arguments)
        }
        return message
    }
}
