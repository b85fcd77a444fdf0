/// One category's figures over a report's window.
public struct CategoryReport: Hashable, Sendable {
    /// The channel id (`community.interactions`, …).
    public var channelID: String
    /// Users with at least one installation.
    public var usersWithInstallation: Int
    /// Of those, users with an installation that has permission and the category on.
    public var usersOptedIn: Int
    /// Sends recorded in the window.
    public var sends: Int
    /// Of those, sends with a final outcome (not pending).
    public var finished: Int
    /// Of those, sends the provider accepted.
    public var accepted: Int
    /// Accepted FCM sends: the ones whose delivery is measurable.
    public var measurableAccepted: Int
    /// Of those, sends FCM reported delivered.
    public var delivered: Int
    /// Accepted sends opened (once per message and installation).
    public var opened: Int
    /// Accepted sends dismissed (Android only).
    public var dismissed: Int

    /// `usersOptedIn / usersWithInstallation`, `nil` without users.
    public var optInRate: Double? { ratio(usersOptedIn, usersWithInstallation) }
    /// `accepted / finished`, `nil` without finished sends.
    public var acceptanceRate: Double? { ratio(accepted, finished) }
    /// `delivered / measurableAccepted` (FCM only: APNs does not report delivery), `nil` when nothing is measurable.
    public var deliveryRate: Double? { ratio(delivered, measurableAccepted) }
    /// `opened / accepted`, `nil` without accepted sends.
    public var openRate: Double? { ratio(opened, accepted) }

    private func ratio(_ part: Int, _ whole: Int) -> Double? {
        whole == 0 ? nil : Double(part) / Double(whole)
    }

    /// Creates one from its parts (a store reads them back).
    package init(
        channelID: String, usersWithInstallation: Int, usersOptedIn: Int, sends: Int, finished: Int, accepted: Int,
        measurableAccepted: Int, delivered: Int, opened: Int, dismissed: Int
    ) {
        self.channelID = channelID
        self.usersWithInstallation = usersWithInstallation
        self.usersOptedIn = usersOptedIn
        self.sends = sends
        self.finished = finished
        self.accepted = accepted
        self.measurableAccepted = measurableAccepted
        self.delivered = delivered
        self.opened = opened
        self.dismissed = dismissed
    }
}
