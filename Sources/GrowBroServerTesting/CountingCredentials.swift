public import GrowBroServer
internal import WaveNotifications
public import WavePushPayloads

/// ``ProviderCredentials`` that make `apns-1`, `apns-2`, … and `fcm-1`, … (a new one on each renewal), counting
/// renewals: for tests and replays.
public final class CountingCredentials: ProviderCredentials {
    private let generations = WaveLock<[PushPlatform: Int]>([:])

    /// Creates the source.
    public init() {}

    /// The current credential, or a new one when `renew` is `true`.
    ///
    /// - Parameters:
    ///   - platform: The push service.
    ///   - renew: Whether to make a new one.
    /// - Returns: `<platform>-<generation>`.
    public func credential(for platform: PushPlatform, renew: Bool) async throws -> String {
        let generation = generations.withLock { generations in
            let next = (generations[platform] ?? 1) + (renew ? 1 : 0)
            generations[platform] = next
            return next
        }
        return "\(platform.rawValue)-\(generation)"
    }

    /// How many times a platform's credential was renewed.
    ///
    /// - Parameter platform: The push service.
    /// - Returns: The count.
    public func renewals(of platform: PushPlatform) -> Int {
        generations.withLock { max(0, ($0[platform] ?? 1) - 1) }
    }
}
