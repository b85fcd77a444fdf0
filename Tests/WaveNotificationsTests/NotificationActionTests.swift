import Foundation
import Testing
import WaveNotifications

struct NotificationActionTests {
    private static let title = LocalizedText(table: "GrowBro", key: "growbro.action.reply")

    @Test func anActionIsNotTextInputUnlessAsked() {
        #expect(!NotificationAction(id: "log", title: Self.title).isTextInput)
        #expect(NotificationAction(id: "reply", title: Self.title, isTextInput: true).isTextInput)
    }

    @Test func anActionEncodedBeforeTextInputExistedDecodesAsAPlainButton() throws {
        let plain = NotificationAction(id: "log", title: Self.title)
        let encoded = try JSONEncoder().encode(plain)
        let object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        // A plain action encodes as before: no new key.
        #expect(Set(object.keys) == ["id", "title"])
        #expect(try JSONDecoder().decode(NotificationAction.self, from: encoded) == plain)
    }

    @Test func aTextInputActionRoundTrips() throws {
        let reply = NotificationAction(id: "reply", title: Self.title, isTextInput: true)
        let decoded = try JSONDecoder().decode(NotificationAction.self, from: try JSONEncoder().encode(reply))
        #expect(decoded == reply)
        #expect(decoded.isTextInput)
        #expect(decoded != NotificationAction(id: "reply", title: Self.title))
    }
}
