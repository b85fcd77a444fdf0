/// Daily caps: at most a number per cap key and a number in total per local calendar day of the fire instant.
///
/// Requests are grouped by the local date of their fire instant in the context's zone. Within a day they are
/// taken in order of rank (lower first), then earlier fire instant, then identifier; each is kept while its cap
/// key's count is below ``perKey`` and the day's count is below ``total``, and dropped with `daily_cap` otherwise.
/// A request without a cap key counts only toward the total. When ``countsShownNotifications`` is on, the history's
/// records shown on that local date count first (a record whose identifier is also proposed is not counted twice).
public struct DailyCap: NotificationPolicy, Hashable {
    /// The most requests per cap key per day; `nil` for no limit.
    public var perKey: Int?
    /// The most requests per day in total; `nil` for no limit.
    public var total: Int?
    /// Whether notifications already shown that day count toward the caps.
    public var countsShownNotifications: Bool

    /// Creates daily caps.
    ///
    /// - Parameters:
    ///   - perKey: The most per cap key per local day; `nil` for none.
    ///   - total: The most in total per local day; `nil` for none.
    ///   - countsShownNotifications: Whether the history's notifications shown that day count; `true` by default.
    public init(perKey: Int? = nil, total: Int? = nil, countsShownNotifications: Bool = true) {
        self.perKey = perKey
        self.total = total
        self.countsShownNotifications = countsShownNotifications
    }

    /// Keeps the best-ranked requests of each day within the caps and drops the rest with `daily_cap`.
    ///
    /// - Parameters:
    ///   - proposed: The requests.
    ///   - context: Supplies the zone and the history.
    /// - Returns: One decision per request, in the same order.
    public func decisions(for proposed: [ProposedRequest], in context: PolicyContext) -> [PolicyDecision] {
        let zone = context.timeZone
        var perKeyCounts: [LocalDate: [String: Int]] = [:]
        var totalCounts: [LocalDate: Int] = [:]
        if countsShownNotifications {
            let proposedIdentifiers = Set(proposed.map(\.request.identifier))
            for record in context.history.records where !proposedIdentifiers.contains(record.identifier) {
                let day = zone.localDate(for: record.shownAt)
                totalCounts[day, default: 0] += 1
                if let key = record.capKey { perKeyCounts[day, default: [:]][key, default: 0] += 1 }
            }
        }
        let order = proposed.indices.sorted { lhs, rhs in
            let a = proposed[lhs]
            let b = proposed[rhs]
            if a.rank != b.rank { return a.rank < b.rank }
            if a.fireAt != b.fireAt { return a.fireAt < b.fireAt }
            if a.request.identifier != b.request.identifier { return a.request.identifier < b.request.identifier }
            return lhs < rhs
        }
        var decisions = [PolicyDecision](repeating: .kept, count: proposed.count)
        for index in order {
            let request = proposed[index]
            let day = zone.localDate(for: request.fireAt)
            let dayTotal = totalCounts[day, default: 0]
            let keyCount = request.capKey.map { perKeyCounts[day]?[$0] ?? 0 } ?? 0
            let overTotal = total.map { dayTotal >= $0 } ?? false
            let overKey = request.capKey != nil && (perKey.map { keyCount >= $0 } ?? false)
            if overTotal || overKey {
                decisions[index] = .dropped(.dailyCap)
                continue
            }
            totalCounts[day] = dayTotal + 1
            if let key = request.capKey { perKeyCounts[day, default: [:]][key] = keyCount + 1 }
        }
        return decisions
    }
}
