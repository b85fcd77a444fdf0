/// Why a push could not be encoded.
public enum PushPayloadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The smallest JSON allowed has `minimumBytes` bytes, more than the service's `limit`: a body is only cut with
    /// "…", so `minimumBytes` is the size with the body cut to "…" alone, or with an empty body when even that is
    /// over the limit (a title alone too long).
    case doesNotFit(minimumBytes: Int, limit: Int)

    /// A sentence naming both sizes.
    public var description: String {
        switch self {
        case .doesNotFit(let minimumBytes, let limit):
            return "payload needs at least \(minimumBytes) bytes, more than the \(limit) allowed"
        }
    }
}
