import GrowBroNotifications
import Testing
import WaveNotifications

struct GrowBroLinksTests {
    @Test func identifiersFollowTheSpec() throws {
        #expect(GrowBroLinks.messageIdentifier("abc-1") == "msg_abc-1")
        #expect(GrowBroLinks.taskIdentifier("t_7") == "task_t_7")
        #expect(GrowBroLinks.digestIdentifier(try LocalDate(year: 2026, month: 3, day: 5)) == "overdue_2026-03-05")
        #expect(GrowBroLinks.postThread("p9") == "post_p9")
        #expect(GrowBroLinks.likeCollapseID("p9") == "like_p9")
    }

    @Test func aDigestIdentifierGivesBackItsDate() throws {
        let date = try LocalDate(year: 2026, month: 3, day: 5)
        #expect(GrowBroLinks.digestDate(ofIdentifier: GrowBroLinks.digestIdentifier(date)) == date)
        for other in ["overdue_2026-13-05", "overdue_", "task_overdue_2026-03-05", "msg_1"] {
            #expect(GrowBroLinks.digestDate(ofIdentifier: other) == nil)
        }
    }

    @Test func deepLinksFollowTheSpec() {
        #expect(GrowBroLinks.post("p9") == "growbro://post/p9")
        #expect(GrowBroLinks.task("t_7") == "growbro://task/t_7")
        #expect(GrowBroLinks.profile("u-7") == "growbro://profile/u-7")
        #expect(GrowBroLinks.calendar == "growbro://calendar")
        #expect(GrowBroLinks.inbox == "growbro://inbox")
    }

    @Test(arguments: [
        (GrowBroFixtures.reply, "msg_m1", "growbro://post/p42"), (GrowBroFixtures.like, "msg_m2", "growbro://post/p42"),
        (GrowBroFixtures.system, "msg_m3", "growbro://inbox"),
    ])
    func everyPushGetsItsIdentifierAndLink(push: GrowBroPush, identifier: String, link: String) {
        let request = GrowBroDeliveryRules.request(
            for: push, receivedAt: GrowBroFixtures.instant("2026-06-10T12:00:00Z"))
        #expect(request.identifier == identifier)
        #expect(request.deepLink == link)
        #expect(request.numericID == NotificationRequest.numericID(for: identifier))
    }
}
