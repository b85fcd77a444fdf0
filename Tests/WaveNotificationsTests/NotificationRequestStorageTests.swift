import Foundation
import Testing
import WaveNotifications

/// Requests and channels keep their fields in shared boxes, and a request keeps up to two metadata entries inline;
/// none of that may be visible: equality, hashing, mutation and coding behave as if every field were stored plainly.
struct NotificationRequestStorageTests {
    private static let channel = NotificationManagerBridge.worldWideWavesChannel

    private static func request(metadata: [String: String]) -> NotificationRequest {
        NotificationRequest(
            identifier: "r", channel: channel, fireAt: Fixtures.now, title: LocalizedText(table: "T", key: "title"),
            body: LocalizedText(table: "T", key: "body"), deepLink: "app://r", metadata: metadata)
    }

    /// Metadata of 0 to 4 entries, each listed in two orders.
    static let metadataCases: [[String: String]] = [
        [:], ["a": "1"], ["a": "1", "b": "2"], ["b": "2", "a": "1"], ["a": "1", "b": "2", "c": "3"],
        ["d": "4", "c": "3", "b": "2", "a": "1"],
    ]

    @Test(arguments: metadataCases, metadataCases)
    func requestsAreEqualAndHashAlikeExactlyWhenTheirMetadataAre(
        first: [String: String], second: [String: String]
    ) {
        let lhs = Self.request(metadata: first)
        let rhs = Self.request(metadata: second)
        #expect(lhs.metadata == first)
        #expect((lhs == rhs) == (first == second))
        if first == second {
            #expect(lhs.hashValue == rhs.hashValue)
        }
    }

    @Test(arguments: metadataCases)
    func aMetadataValueReadsWhatTheDictionaryHolds(metadata: [String: String]) {
        let request = Self.request(metadata: metadata)
        for key in ["a", "b", "c", "d", "z", ""] {
            #expect(request.metadataValue(forKey: key) == metadata[key])
        }
    }

    @Test func theBridgesInlineMetadataEqualsTheSameMetadataGivenAsADictionary() throws {
        let identifier = try NotificationIdentifier(eventID: "paris", trigger: .eventFinished)
        let content = NotificationContent(
            titleKey: "notification_event_finished", bodyKey: "notification_event_finished_body",
            bodyArgs: ["Paris Wave"], deepLink: "worldwidewaves://event?id=paris")
        let bridged = NotificationManagerBridge.request(for: identifier, fireAt: Fixtures.now, content: content)
        var rebuilt = bridged
        rebuilt.metadata = ["trigger": "finished", "eventID": "paris"]
        #expect(bridged == rebuilt)
        #expect(bridged.hashValue == rebuilt.hashValue)
        rebuilt.metadata["trigger"] = "start_5m"
        #expect(bridged != rebuilt)
        #expect(bridged.metadata == ["eventID": "paris", "trigger": "finished"])
    }

    @Test(arguments: metadataCases)
    func aRequestCodesItsMetadataAsADictionaryAndReadsItBackEqual(metadata: [String: String]) throws {
        let request = Self.request(metadata: metadata)
        let data = try JSONEncoder().encode(request)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["metadata"] as? [String: String] == metadata)
        #expect(try JSONDecoder().decode(NotificationRequest.self, from: data) == request)
    }

    @Test func changingACopiedChannelLeavesTheOriginalAlone() throws {
        var changed = Self.channel
        changed.importance = .high
        changed.name.arguments = ["x"]
        #expect(Self.channel.importance == .default)
        #expect(Self.channel.name.arguments.isEmpty)
        #expect(changed != Self.channel)
        changed.importance = .default
        changed.name.arguments = []
        #expect(changed == Self.channel)
        #expect(changed.hashValue == Self.channel.hashValue)
        let data = try JSONEncoder().encode(Self.channel)
        let keys = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any]).keys
        #expect(Set(keys) == ["id", "importance", "categoryID", "interruptionLevel", "name", "channelDescription"])
        #expect(try JSONDecoder().decode(NotificationChannel.self, from: data) == Self.channel)
    }

    @Test func requestsAndChannelsPrintTheirFieldsNotTheirBox() {
        let printed = String(describing: Self.request(metadata: ["a": "1"]))
        #expect(printed.hasPrefix("NotificationRequest(identifier: \"r\""))
        #expect(printed.contains("id: \"wave_events\""))
        #expect(!printed.contains("CopyOnWriteBox"))
        #expect(String(describing: Self.channel).hasPrefix("NotificationChannel(id: \"wave_events\""))
    }
}
