internal import WavePushCore

extension ProviderVerdict {
    /// What a request that got no answer means: a retry, or a failure at once when the transport says no attempt
    /// can succeed as configured.
    ///
    /// - Parameter error: What the transport threw.
    /// - Returns: The verdict, its reason the error's description.
    public static func noAnswer(_ error: any Error) -> ProviderVerdict {
        let description = String(describing: error)
        if let failure = error as? any PushTransportFailure, !failure.isRetryable {
            return .fail(reason: .transportRefused(description))
        }
        return .retry(reason: .noAnswer(description), after: nil)
    }
}
