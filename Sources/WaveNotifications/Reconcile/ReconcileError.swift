/// A reconcile that stopped: the calls it made, the one that failed, and the platform's error.
public struct ReconcileError: Error, Sendable, CustomStringConvertible {
    /// The calls made before the failure, in order.
    public var callsMade: [ReconcileCall]
    /// The call that threw; `nil` when listing the pending requests failed.
    public var failedCall: ReconcileCall?
    /// The error the center threw.
    public var underlying: any Error

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - callsMade: The calls made before the failure.
    ///   - failedCall: The call that threw, or `nil` for the listing.
    ///   - underlying: The center's error.
    public init(callsMade: [ReconcileCall], failedCall: ReconcileCall?, underlying: any Error) {
        self.callsMade = callsMade
        self.failedCall = failedCall
        self.underlying = underlying
    }

    public var description: String {
        let what: String
        switch failedCall {
        case nil: what = "listing pending requests"
        case .removePending(let identifiers, let reason)?: what = "removing \(identifiers.count) (\(reason))"
        case .add(let requests)?: what = "adding \(requests.count)"
        case .show(let request)?: what = "showing \(request.identifier)"
        }
        return "reconcile failed \(what) after \(callsMade.count) calls: \(underlying)"
    }
}
