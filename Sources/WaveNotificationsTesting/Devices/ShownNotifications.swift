package import WaveNotifications

/// The notifications a simulated device has on screen, in the order shown, the latest ``capacity`` at most (a phone's
/// notification list is not endless, and a long test must not grow without bound).
package struct ShownNotifications: Sendable {
    /// How many it keeps.
    package static let capacity = 1_000

    private var byIdentifier: [String: (order: Int, request: NotificationRequest)] = [:]
    private var nextOrder = 0

    /// Creates an empty list.
    package init() {}

    /// Shows a request: it replaces one with its identifier, and becomes the latest.
    ///
    /// - Parameter request: The request.
    package mutating func show(_ request: NotificationRequest) {
        byIdentifier[request.identifier] = (nextOrder, request)
        nextOrder += 1
        if byIdentifier.count > 2 * Self.capacity {
            let kept = byIdentifier.sorted { $0.value.order > $1.value.order }.prefix(Self.capacity)
            byIdentifier = Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0.value) })
        }
    }

    /// Takes one off the screen; an identifier not on screen is ignored.
    ///
    /// - Parameter identifier: The identifier.
    package mutating func withdraw(_ identifier: String) {
        byIdentifier[identifier] = nil
    }

    /// The requests on screen, in the order shown.
    package var requests: [NotificationRequest] {
        byIdentifier.values.sorted { $0.order < $1.order }.suffix(Self.capacity).map(\.request)
    }

    /// How many notifications are on screen.
    package var count: Int { min(byIdentifier.count, Self.capacity) }

    /// Whether a notification is on screen.
    ///
    /// - Parameter identifier: The identifier.
    /// - Returns: Whether it is.
    package func contains(_ identifier: String) -> Bool {
        byIdentifier[identifier] != nil
    }
}
