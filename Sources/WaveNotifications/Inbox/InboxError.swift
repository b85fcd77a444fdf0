/// A request an ``InboxStore`` refuses, whatever its storage.
public enum InboxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A page size outside 1…100.
    case pageSizeOutOfRange(Int)

    /// The largest page an inbox returns.
    public static let maximumPageSize = 100

    public var description: String {
        switch self {
        case .pageSizeOutOfRange(let size):
            return "inbox page size \(size) is outside 1…\(Self.maximumPageSize)"
        }
    }
}
