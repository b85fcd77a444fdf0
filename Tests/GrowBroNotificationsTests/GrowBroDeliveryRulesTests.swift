import Foundation
import GrowBroNotifications
import Testing
import WaveNotifications

struct GrowBroDeliveryRulesTests {
    private let zone = GrowBroFixtures.berlin
    private let noon = GrowBroFixtures.instant("2026-06-10T12:00:00+02:00")

    private func decide(
        _ push: GrowBroPush, at instant: Date, settings: GrowBroSettings = GrowBroSettings(),
        permission: PermissionStatus = .authorized
    ) -> GrowBroDelivery {
        GrowBroDeliveryRules.decide(
            push, receivedAt: instant, settings: settings, permission: permission, timeZone: zone)
    }

    @Test func replyShowsAuthorPreviewThreadAndPostLink() throws {
        let text = String(repeating: "🌱", count: 120)
        let push = GrowBroPush.reply(messageID: "r-9", postID: "p_1", author: "Kim", text: text)
        guard case .shown(let request) = decide(push, at: noon) else {
            Issue.record("a reply at noon with everything on must be shown")
            return
        }
        #expect(request.identifier == "msg_r-9")
        #expect(request.threadID == "post_p_1")
        #expect(request.channel.id == "community.interactions")
        #expect(request.interruptionLevel == .active)
        #expect(request.fireAt == noon)
        #expect(request.deepLink == "growbro://post/p_1")
        #expect(request.title == LocalizedText(table: "GrowBro", key: "growbro.reply.title", arguments: ["Kim"]))
        #expect(request.body.arguments == [String(repeating: "🌱", count: 99) + "…"])
        #expect(request.collapseID == nil)
        #expect(request.metadata["messageId"] == "r-9")
    }

    @Test func onlyRepliesAreThreadedForAPushServer() {
        #expect(GrowBroPush.reply(messageID: "m1", postID: "p42", author: "Mia", text: "Hi").threadID == "post_p42")
        #expect(GrowBroPush.like(messageID: "m2", postID: "p42", author: "Ben").threadID == nil)
        #expect(GrowBroPush.system(messageID: "m3", title: "News", text: "Hello").threadID == nil)
    }

    @Test func likeCarriesCollapseIDPerPostOnTheLikesChannel() {
        let first = decide(GrowBroPush.like(messageID: "l1", postID: "p42", author: "Ana"), at: noon).request
        let second = decide(GrowBroPush.like(messageID: "l2", postID: "p42", author: "Bo"), at: noon).request
        let other = decide(GrowBroPush.like(messageID: "l3", postID: "p7", author: "Ana"), at: noon).request
        #expect(first.collapseID == "like_p42")
        #expect(second.collapseID == first.collapseID)
        #expect(other.collapseID == "like_p7")
        #expect(first.identifier == "msg_l1")
        #expect(second.identifier == "msg_l2")
        #expect(first.channel.id == "community.likes")
        #expect(first.title == LocalizedText(table: "GrowBro", key: "growbro.like.title"))
        #expect(first.body == LocalizedText(table: "GrowBro", key: "growbro.like.body", arguments: ["Ana"]))
        #expect(first.deepLink == "growbro://post/p42")
    }

    @Test func systemMessageUsesItsOwnTextsAndTheInboxLink() {
        let request = decide(GrowBroFixtures.system, at: noon).request
        #expect(request.identifier == "msg_m3")
        #expect(request.channel.id == "system.updates")
        #expect(request.deepLink == "growbro://inbox")
        #expect(request.title.arguments == ["Maintenance"])
        #expect(request.body.arguments == ["Back at 10:00."])
        #expect(request.collapseID == nil)
    }

    @Test(arguments: [
        ("2026-06-10T22:00:00+02:00", true), ("2026-06-10T23:30:00+02:00", true),
        ("2026-06-11T06:59:00+02:00", true), ("2026-06-11T07:00:00+02:00", false),
        ("2026-06-10T21:59:00+02:00", false),
    ])
    func pushInsideQuietHoursIsSuppressedNotDeferred(at text: String, inside: Bool) {
        let instant = GrowBroFixtures.instant(text)
        let delivery = decide(
            GrowBroFixtures.reply, at: instant, settings: GrowBroSettings(quietHours: GrowBroFixtures.quiet()))
        if inside {
            #expect(delivery.suppression == Suppression(identifier: "msg_m1", fireAt: instant, reason: .quietHours))
        } else {
            #expect(delivery == .shown(delivery.request))
        }
        #expect(delivery.request.fireAt == instant)
    }

    @Test func quietHoursOffShowsAtNight() {
        let night = GrowBroFixtures.instant("2026-06-10T23:30:00+02:00")
        #expect(decide(GrowBroFixtures.reply, at: night).suppression == nil)
    }

    @Test(arguments: [PermissionStatus.denied, .notDetermined])
    func closedPermissionSuppressesFirst(permission: PermissionStatus) {
        let night = GrowBroFixtures.instant("2026-06-10T23:30:00+02:00")
        let settings = GrowBroSettings(channels: [.interactions: false], quietHours: GrowBroFixtures.quiet())
        let delivery = decide(GrowBroFixtures.reply, at: night, settings: settings, permission: permission)
        #expect(delivery.suppression == Suppression(identifier: "msg_m1", fireAt: night, reason: .permissionDenied))
    }

    @Test(arguments: [
        (GrowBroFixtures.reply, GrowBroChannel.interactions), (GrowBroFixtures.like, .likes),
        (GrowBroFixtures.system, .updates),
    ])
    func channelSwitchedOffSuppressesOnlyItsOwnPushes(push: GrowBroPush, channel: GrowBroChannel) {
        let settings = GrowBroSettings(channels: [channel: false])
        for other in [GrowBroFixtures.reply, GrowBroFixtures.like, GrowBroFixtures.system] {
            let delivery = decide(other, at: noon, settings: settings)
            if other == push {
                #expect(delivery.suppression?.reason == .categoryDisabled)
                #expect(delivery.suppression?.fireAt == noon)
            } else {
                #expect(delivery.suppression == nil)
            }
        }
    }

    @Test func channelOffWinsOverQuietHours() {
        let night = GrowBroFixtures.instant("2026-06-10T23:30:00+02:00")
        let settings = GrowBroSettings(channels: [.likes: false], quietHours: GrowBroFixtures.quiet())
        #expect(decide(GrowBroFixtures.like, at: night, settings: settings).suppression?.reason == .categoryDisabled)
    }

    @Test func provisionalPermissionShowsPassively() {
        let delivery = decide(GrowBroFixtures.reply, at: noon, permission: .provisional)
        guard case .shown(let request) = delivery else {
            Issue.record("provisional permission shows")
            return
        }
        #expect(request.interruptionLevel == .passive)
    }

    @Test func taskReminderAtFireObeysPermissionThenChannel() {
        let task = GrowBroTask(id: "t1", title: "Water", due: GrowBroFixtures.local("2026-06-10T12:00"))
        let reminder = GrowBroPlanner.reminder(for: task, in: zone)
        let off = GrowBroSettings(channels: [.reminders: false])
        func decideAtFire(_ settings: GrowBroSettings, _ permission: PermissionStatus) -> GrowBroDelivery {
            GrowBroDeliveryRules.decideAtFire(
                reminder, at: noon, settings: settings, permission: permission, timeZone: zone)
        }
        #expect(decideAtFire(off, .denied).suppression?.reason == .permissionDenied)
        #expect(decideAtFire(GrowBroSettings(), .notDetermined).suppression?.reason == .permissionDenied)
        #expect(decideAtFire(off, .authorized).suppression?.reason == .categoryDisabled)
        #expect(decideAtFire(GrowBroSettings(channels: [.likes: false]), .authorized) == .shown(reminder))
        #expect(decideAtFire(GrowBroSettings(), .provisional).request.interruptionLevel == .passive)
        #expect(reminder.interruptionLevel == .timeSensitive)
    }

    @Test func inboxEntryIsMadeForShownAndSuppressedAlike() {
        let night = GrowBroFixtures.instant("2026-06-10T23:30:00+02:00")
        let suppressed = decide(
            GrowBroFixtures.reply, at: night, settings: GrowBroSettings(quietHours: GrowBroFixtures.quiet()))
        #expect(suppressed.suppression != nil)
        let entry = suppressed.inboxEntry(receivedAt: night)
        #expect(entry.identifier == "msg_m1")
        #expect(entry.channelID == "community.interactions")
        #expect(entry.deepLink == "growbro://post/p42")
        #expect(entry.title.arguments == ["Kim"])
        #expect(entry.readAt == nil)
        #expect(entry.deletedAt == nil)
    }
}
