/// One platform call a reconcile makes on a ``NotificationRequestCenter``.
public enum ReconcileCall: Hashable, Sendable {
    /// `removePending(identifiers:reason:)`.
    case removePending(identifiers: [String], reason: NotificationReason)
    /// `add(_:)`.
    case add([NotificationRequest])
    /// `show(_:)`.
    case show(NotificationRequest)

    /// Carries the call out on a center.
    ///
    /// - Parameter center: The platform conformer.
    /// - Throws: What the center throws.
    public func perform(on center: any NotificationRequestCenter) async throws {
        switch self {
        case .removePending(let identifiers, let reason):
            try await center.removePending(identifiers: identifiers, reason: reason)
        case .add(let requests): try await center.add(requests)
        case .show(let request): try await center.show(request)
        }
    }
}
