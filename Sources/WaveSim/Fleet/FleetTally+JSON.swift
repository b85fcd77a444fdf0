internal import WaveJSON

/// The pieces of a tally that a part and an answer both write: a user among the worst, and counts by reason.
extension JSONWriter {
    /// Writes one of the worst users as an object: `user`, `platform`, `timeZone`, `conditions`, `due`, `notTold`,
    /// `lost`, `lateMinutes`.
    ///
    /// - Parameter user: The user.
    mutating func fleetUser(_ user: FleetTally.User) {
        beginObject()
        member("user", user.index)
        member("platform", user.platform)
        member("timeZone", user.timeZone)
        key("conditions")
        strings(user.conditions)
        member("due", user.due)
        member("notTold", user.notTold)
        member("lost", user.lost)
        member("lateMinutes", user.lateMinutes)
        endObject()
    }

    /// Writes what the users with one condition cost as the members `users`, `due`, `lateMinutes`, `lost`,
    /// `notTold` of the object being written.
    ///
    /// - Parameter condition: The condition's figures.
    mutating func fleetConditionMembers(_ condition: FleetTally.Condition) {
        member("users", condition.users)
        member("due", condition.due)
        member("lateMinutes", condition.lateMinutes)
        member("lost", condition.lost)
        member("notTold", condition.notTold)
    }

    /// Writes counts by key as an object, keys sorted; with `share`, each is `{"count", "share"}` of that whole.
    ///
    /// - Parameters:
    ///   - counts: The counts.
    ///   - whole: The number each count is a share of, or `nil` for bare counts.
    mutating func fleetCounts(_ counts: [String: Int], shareOf whole: Int? = nil) {
        beginObject()
        for (name, count) in counts.sorted(by: { $0.key < $1.key }) {
            key(name)
            if let whole {
                beginObject()
                member("count", count)
                key("share")
                number(FleetShare.fraction(count, of: whole))
                endObject()
            } else {
                number(count)
            }
        }
        endObject()
    }

    /// Writes costs by key as an object, keys sorted: `{"count", "minutes"}`, and with `shareOf` a `share` of the
    /// count in that whole.
    ///
    /// - Parameters:
    ///   - costs: The costs.
    ///   - whole: The number each count is a share of, or `nil` for none.
    mutating func fleetCosts(_ costs: [String: FleetTally.Cost], shareOf whole: Int? = nil) {
        beginObject()
        for (name, cost) in costs.sorted(by: { $0.key < $1.key }) {
            key(name)
            beginObject()
            member("count", cost.count)
            member("minutes", cost.minutes)
            if let whole {
                key("share")
                number(FleetShare.fraction(cost.count, of: whole))
            }
            endObject()
        }
        endObject()
    }
}
