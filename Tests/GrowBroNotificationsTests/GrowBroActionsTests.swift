import Foundation
import GrowBroNotifications
import Testing
import WaveNotifications
import WaveNotificationsTesting

/// Reply and View profile on `community.interactions` (seed 004, requirement 1.7) and what each opens.
struct GrowBroActionsTests {
    typealias F = GrowBroFixtures

    private static let receivedAt = F.instant("2026-06-10T12:00:00Z")
    private static let replyWithAuthor = GrowBroPush.reply(
        messageID: "m7", postID: "p42", author: "Kim", text: "Nice buds!", authorID: "kim_42")

    private static func request(_ push: GrowBroPush) -> NotificationRequest {
        GrowBroDeliveryRules.request(for: push, receivedAt: receivedAt)
    }

    @Test func aReplyWithAnAuthorIDOffersReplyAsTextInputAndViewProfile() {
        let request = Self.request(Self.replyWithAuthor)
        #expect(request.actions.map(\.id) == ["reply", "view_profile"])
        #expect(request.actions.map(\.isTextInput) == [true, false])
        #expect(request.channel.categoryID == "COMMUNITY_INTERACTIONS")
        #expect(request.metadataValue(forKey: "authorId") == "kim_42")
        #expect(request.metadataValue(forKey: "messageId") == "m7")
    }

    @Test func aReplyWithoutAnAuthorIDOffersOnlyReply() {
        let request = Self.request(F.reply)
        #expect(request.actions.map(\.id) == ["reply"])
        #expect(request.metadataValue(forKey: "authorId") == nil)
    }

    @Test func likesAndSystemMessagesOfferNoActionsAndALikeKeepsItsAuthorID() {
        let like = Self.request(.like(messageID: "m8", postID: "p42", author: "Ana", authorID: "ana"))
        #expect(like.actions.isEmpty)
        #expect(like.metadataValue(forKey: "authorId") == "ana")
        #expect(Self.request(F.system).actions.isEmpty)
    }

    @Test(
        arguments: [
            (nil, "growbro://post/p42"), ("default", "growbro://post/p42"), ("reply", "growbro://post/p42"),
            ("view_profile", "growbro://profile/kim_42"), ("snooze", nil), ("", nil),
        ] as [(String?, String?)])
    func eachActionOnAReplyOpensItsLink(actionID: String?, link: String?) {
        #expect(GrowBroActions.link(forAction: actionID, on: Self.request(Self.replyWithAuthor)) == link)
    }

    @Test func actionsANotificationDoesNotOfferOpenNothing() {
        #expect(GrowBroActions.link(forAction: "view_profile", on: Self.request(F.reply)) == nil)
        let like = Self.request(.like(messageID: "m8", postID: "p42", author: "Ana", authorID: "ana"))
        #expect(GrowBroActions.link(forAction: "view_profile", on: like) == nil)
        #expect(GrowBroActions.link(forAction: "reply", on: like) == nil)
        #expect(GrowBroActions.link(forAction: nil, on: like) == "growbro://post/p42")
        #expect(GrowBroActions.link(forAction: nil, on: Self.request(F.system)) == "growbro://inbox")
    }

    @Test func theServiceRoutesViewProfileToTheProfileRoute() throws {
        let service = GrowBroNotificationService(settings: GrowBroSettings(), center: RecordingRequestCenter())
        let link = try #require(service.link(forAction: "view_profile", on: Self.request(Self.replyWithAuthor)))
        let match = try service.openLink(link)
        #expect(match.route == "profile")
        #expect(match.parameters == ["id": "kim_42"])
        let post = try service.openLink(try #require(service.link(forAction: "reply", on: Self.request(F.reply))))
        #expect(post.route == "post")
    }

    @Test func aPushSavedBeforeAuthorIDsDecodesWithoutOne() throws {
        let saved = Data(#"{"reply":{"messageID":"m1","postID":"p42","author":"Kim","text":"Nice buds!"}}"#.utf8)
        let push = try JSONDecoder().decode(GrowBroPush.self, from: saved)
        #expect(push == F.reply)
        #expect(push.authorID == nil)
        let again = try JSONDecoder().decode(GrowBroPush.self, from: try JSONEncoder().encode(Self.replyWithAuthor))
        #expect(again.authorID == "kim_42")
    }
}
