internal import Foundation
public import WaveNotifications
public import WavePushCore
public import WavePushPayloads

/// A ``PushTransport`` that counts its requests in flight and times each one into ``PushMetrics``, then hands it to
/// the transport it wraps, unchanged.
public struct MeteredTransport: PushTransport {
    private let base: any PushTransport
    private let metrics: PushMetrics
    private let clock: any WaveClock

    /// Wraps a transport.
    ///
    /// - Parameters:
    ///   - base: The transport that sends.
    ///   - metrics: Where the counts go.
    ///   - clock: The clock a request is timed on.
    public init(_ base: any PushTransport, metrics: PushMetrics, clock: any WaveClock) {
        self.base = base
        self.metrics = metrics
        self.clock = clock
    }

    /// Sends through the wrapped transport, counted and timed, answered or not.
    public func send(_ request: ProviderRequest) async throws -> ProviderResponse {
        let start = clock.now
        metrics.requestStarted()
        defer { metrics.requestEnded(provider: request.platform, seconds: clock.now.timeIntervalSince(start)) }
        return try await base.send(request)
    }
}

/// ``ProviderCredentials`` that count renewals (made or refused) into ``PushMetrics``.
public struct MeteredCredentials: ProviderCredentials {
    private let base: any ProviderCredentials
    private let metrics: PushMetrics

    /// Wraps a credential source.
    ///
    /// - Parameters:
    ///   - base: The source.
    ///   - metrics: Where the counts go.
    public init(_ base: any ProviderCredentials, metrics: PushMetrics) {
        self.base = base
        self.metrics = metrics
    }

    /// The wrapped source's push services.
    public var platforms: Set<PushPlatform> { base.platforms }

    /// The wrapped source's credential; a renewal is counted made or refused.
    public func credential(for platform: PushPlatform, renew: Bool) async throws -> String {
        guard renew else { return try await base.credential(for: platform, renew: false) }
        do {
            let credential = try await base.credential(for: platform, renew: true)
            metrics.renewal(provider: platform, made: true)
            return credential
        } catch {
            metrics.renewal(provider: platform, made: false)
            throw error
        }
    }
}
