/// The APNs environment a device token was issued in: tokens from a development build only work in the sandbox.
public enum APNsEnvironment: String, Hashable, Sendable, CaseIterable {
    /// `api.push.apple.com`: App Store, TestFlight and ad hoc builds.
    case production
    /// `api.sandbox.push.apple.com`: builds signed for development.
    case sandbox

    /// The provider API's host for this environment.
    public var host: String {
        switch self {
        case .production: return "api.push.apple.com"
        case .sandbox: return "api.sandbox.push.apple.com"
        }
    }
}
