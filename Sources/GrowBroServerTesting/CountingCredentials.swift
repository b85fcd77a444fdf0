public import GrowBroServer
internal import WaveNotifications
public import WavePushPayloads

/// ``ProviderCredentials`` that make `apns-1`, `apns-2`, … and `fcm-1`, … (a new one on each renewal), counting
/// renewals: for tests and replays.
public final class CountingCredentials: ProviderCredentials {
    private let generations = WaveLock<[PushPlatform: Int]>([:])
    private let refusingRenewal: Set<PushPlatform>
    /// The push services it makes credentials for (a dispatcher claims only their sends).
    public let platforms: Set<PushPlatform>

    /// Creates the source.
    ///
    /// - Parameters:
    ///   - platforms: The push services it is configured for (every one by default); a credential for another
    ///     throws ``NotConfigured``.
    ///   - refusingRenewal: The platforms whose renewal throws ``RenewalRefused`` (as APNs' 20-minute rule
    ///     does for a young provider token); the current credential stays.
    public init(
        platforms: Set<PushPlatform> = Set(PushPlatform.allCases), refusingRenewal: Set<PushPlatform> = []
    ) {
        self.platforms = platforms
        self.refusingRenewal = refusingRenewal
    }

    /// A credential asked for a push service this source is not configured for.
    public struct NotConfigured: Error, CustomStringConvertible {
        /// The push service.
        public var platform: PushPlatform
        /// `no <platform> credential is configured`.
        public var description: String { "no \(platform.rawValue) credential is configured" }
    }

    /// A renewal this source was made to refuse.
    public struct RenewalRefused: Error, CustomStringConvertible {
        /// The push service.
        public var platform: PushPlatform
        /// `a new <platform> credential is not allowed yet`.
        public var description: String { "a new \(platform.rawValue) credential is not allowed yet" }
    }

    /// The current credential, or a new one when `renew` is `true`.
    ///
    /// - Parameters:
    ///   - platform: The push service.
    ///   - renew: Whether to make a new one.
    /// - Returns: `<platform>-<generation>`.
    /// - Throws: ``NotConfigured`` for a platform not in ``platforms``; ``RenewalRefused`` for a renewal of a
    ///   platform in `refusingRenewal`.
    public func credential(for platform: PushPlatform, renew: Bool) async throws -> String {
        guard platforms.contains(platform) else { throw NotConfigured(platform: platform) }
        if renew, refusingRenewal.contains(platform) { throw RenewalRefused(platform: platform) }
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
