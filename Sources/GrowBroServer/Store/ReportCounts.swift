/// What the engagement report is made from, counted by the store
/// (``PushServerStore/reportCounts(channels:optInPermissions:from:to:)``); which counts make which figure is the
/// server's (``EngagementRecorder/categoryReports(_:channels:)``).
package struct ReportCounts: Sendable {
    /// Sends recorded in the window, of one channel, state and platform.
    package struct Sends: Sendable {
        /// The channel id.
        package var channelID: String
        /// The sends' state now.
        package var state: SendRecord.State
        /// The push service.
        package var platform: PushPlatform
        /// How many.
        package var count: Int

        /// Creates one from its parts (a store reads them back).
        package init(channelID: String, state: SendRecord.State, platform: PushPlatform, count: Int) {
            self.channelID = channelID
            self.state = state
            self.platform = platform
            self.count = count
        }
    }

    /// Engagement events of the sends recorded in the window, by the send's channel, state and platform and the
    /// event's kind.
    package struct Engagements: Sendable {
        /// The send's channel id.
        package var channelID: String
        /// The send's state now.
        package var state: SendRecord.State
        /// The send's push service.
        package var platform: PushPlatform
        /// The event's kind.
        package var kind: EngagementKind
        /// How many.
        package var count: Int

        /// Creates one from its parts (a store reads them back).
        package init(
            channelID: String, state: SendRecord.State, platform: PushPlatform, kind: EngagementKind, count: Int
        ) {
            self.channelID = channelID
            self.state = state
            self.platform = platform
            self.kind = kind
            self.count = count
        }
    }

    /// The users with a live installation.
    package var usersWithInstallation: Int
    /// By channel id: the users with a live installation whose permission is among the ones asked for, and who did
    /// not switch the channel off.
    package var usersOptedIn: [String: Int]
    /// The sends, by channel, state and platform.
    package var sends: [Sends]
    /// The engagement events, by channel, state, platform and kind.
    package var engagements: [Engagements]

    /// Creates one from its parts (a store reads them back).
    package init(usersWithInstallation: Int, usersOptedIn: [String: Int], sends: [Sends], engagements: [Engagements]) {
        self.usersWithInstallation = usersWithInstallation
        self.usersOptedIn = usersOptedIn
        self.sends = sends
        self.engagements = engagements
    }
}
