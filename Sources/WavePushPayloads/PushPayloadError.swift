/// Why a push could not be encoded.
public enum PushPayloadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Even with an empty body the JSON has `minimumBytes` bytes, more than the service's `limit`.
    case doesNotFit(minimumBytes: Int, limit: Int)

    /// A sentence naming both sizes.
    public var description: String {
        switch self {
        case .doesNotFit(let minimumBytes, let limit):
            return "payload needs \(minimumBytes) bytes with an empty body, more than the \(limit) allowed"
        }
    }
}
