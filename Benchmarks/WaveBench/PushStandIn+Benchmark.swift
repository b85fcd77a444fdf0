internal import Foundation
internal import GrowBroServer
internal import TestSupport

extension PushStandIn {
    /// Starts the loopback stand-in for APNs and FCM in `directory`, with the server configuration that sends to it.
    ///
    /// - Parameter directory: Where its certificates and log go.
    /// - Returns: The stand-in and the configuration.
    /// - Throws: ``WorkloadFailure`` when it cannot run (Python's h2 or openssl missing).
    static func forBenchmark(in directory: URL) async throws -> (PushStandIn, GrowBroServerConfiguration) {
        if let reason = PushStandIn.unavailableReason {
            throw WorkloadFailure("the push stand-in cannot run: \(reason)")
        }
        let standIn = try await PushStandIn(script: "{}", in: directory)
        return (standIn, GrowBroServerConfiguration(apnsEndpoint: standIn.baseURL, fcmEndpoint: standIn.baseURL))
    }
}
