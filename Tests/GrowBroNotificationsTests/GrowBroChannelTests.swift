import GrowBroNotifications
import Testing
import WaveNotifications

struct GrowBroChannelTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let channel: GrowBroChannel
        let id: String
        let importance: NotificationChannel.Importance
        let categoryID: String
        let level: NotificationChannel.InterruptionLevel
        var testDescription: String { id }
    }

    static let matrix: [Row] = [
        Row(
            channel: .interactions, id: "community.interactions", importance: .default,
            categoryID: "COMMUNITY_INTERACTIONS", level: .active),
        Row(channel: .likes, id: "community.likes", importance: .low, categoryID: "COMMUNITY_LIKES", level: .active),
        Row(
            channel: .reminders, id: "cultivation.reminders", importance: .high, categoryID: "CULTIVATION_REMINDERS",
            level: .timeSensitive),
        Row(
            channel: .updates, id: "system.updates", importance: .default, categoryID: "SYSTEM_UPDATES", level: .active),
    ]

    @Test(arguments: matrix)
    func channelMatrixMatchesTheSpec(row: Row) {
        let channel = row.channel.channel
        #expect(channel.id == row.id)
        #expect(channel.importance == row.importance)
        #expect(channel.categoryID == row.categoryID)
        #expect(channel.interruptionLevel == row.level)
        #expect(channel.name == LocalizedText(table: "GrowBro", key: "growbro.channel.\(row.id).name"))
        #expect(
            channel.channelDescription == LocalizedText(table: "GrowBro", key: "growbro.channel.\(row.id).description"))
        #expect(GrowBroChannel(channelID: row.id) == row.channel)
    }

    @Test func matrixCoversEveryChannelOnce() {
        #expect(Set(Self.matrix.map(\.channel)) == Set(GrowBroChannel.allCases))
        #expect(GrowBroChannel.allCases.count == 4)
        #expect(GrowBroChannel(channelID: "community") == nil)
    }

    @Test func everyChannelIsOnByDefault() throws {
        let settings = GrowBroSettings()
        for channel in GrowBroChannel.allCases { #expect(settings.isEnabled(channel)) }
        #expect(!settings.quietHours.enabled)
        #expect(settings.quietHours.start == (try LocalTime(hour: 22, minute: 0)))
        #expect(settings.quietHours.end == (try LocalTime(hour: 7, minute: 0)))
        #expect(settings.tasks.isEmpty)
    }

    @Test func interactionsRegisterReplyAndViewProfileAndNoOtherChannelHasActions() {
        #expect(GrowBroChannel.interactions.actions.map(\.id) == ["reply", "view_profile"])
        #expect(
            GrowBroChannel.interactions.actions.map(\.title) == [
                LocalizedText(table: "GrowBro", key: "growbro.action.reply"),
                LocalizedText(table: "GrowBro", key: "growbro.action.view_profile"),
            ])
        for channel in GrowBroChannel.allCases where channel != .interactions { #expect(channel.actions.isEmpty) }
    }
}
