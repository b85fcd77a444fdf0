import Foundation
import GrowBroNotifications
import GrowBroServer
import GrowBroServerTesting
import Testing
import WaveNotifications

/// Opens, dismissals, deliveries and the per-category report with its alert.
struct EngagementReportTests {
    static let window = (Harness.start, Harness.start.addingTimeInterval(86_400))

    @Test(arguments: TestStore.all)
    func theReportGivesOptInAcceptanceDeliveryAndOpenRatesByCategory(store: TestStore) async throws {
        let harness = try Harness(store: store)
        try harness.register("u1", "phone", apns: 1)
        try harness.register("u1", "android", fcm: 1)
        try harness.register("u2", "android2", fcm: 2)
        try harness.register("u3", "denied", fcm: 3, permission: .denied)
        try harness.server.setPreferences(userID: "u2", channels: [.likes: false], at: Harness.start)
        harness.script(fcm: 2, .status(404, #"{"error":{"status":"NOT_FOUND"}}"#))
        try harness.reply("m1", to: "u1")
        try harness.reply("m2", to: "u2")
        _ = try await harness.dispatch()
        let at = Harness.start.addingTimeInterval(10)
        try harness.server.recordEngagement(.delivered, messageID: "m1", installationID: "android", at: at)
        try harness.server.recordEngagement(.opened, messageID: "m1", installationID: "phone", at: at)
        try harness.server.recordEngagement(.dismissed, messageID: "m1", installationID: "android", at: at)
        #expect(try !harness.server.recordEngagement(.opened, messageID: "m1", installationID: "phone", at: at))

        let report = try harness.server.report(from: Self.window.0, to: Self.window.1)
        let replies = try #require(report.categories.first { $0.channelID == "community.interactions" })
        #expect(replies.sends == 3)
        #expect(replies.accepted == 2)
        #expect(replies.acceptanceRate == 2.0 / 3.0)
        #expect(replies.measurableAccepted == 1)
        #expect(replies.deliveryRate == 1)
        #expect(replies.openRate == 0.5)
        #expect(replies.dismissed == 1)
        // u2's android installation was purged by the 404: u1 and u3 have installations, only u1 has permission.
        #expect(replies.usersWithInstallation == 2)
        #expect(replies.optInRate == 0.5)
        let likes = try #require(report.categories.first { $0.channelID == "community.likes" })
        #expect(likes.deliveryRate == nil)
        #expect(report.alerts.isEmpty)
    }

    @Test(arguments: TestStore.all)
    func anAPNsOnlyCategoryHasNoDeliveryRate(store: TestStore) async throws {
        let harness = try Harness(store: store)
        try harness.register("u1", "phone", apns: 1)
        try harness.reply("m1", to: "u1")
        _ = try await harness.dispatch()
        let report = try harness.server.report(from: Self.window.0, to: Self.window.1)
        #expect(report.categories.first { $0.channelID == "community.interactions" }?.deliveryRate == nil)
    }

    @Test(arguments: TestStore.all, [(9, 10, true), (10, 10, false), (8, 9, false)])
    func aDeliveryRateBelowTheThresholdOverEnoughSendsIsAlerted(
        store: TestStore, example: (delivered: Int, sends: Int, alerted: Bool)
    ) async throws {
        let (delivered, sends, alerted) = example
        let harness = try Harness(store: store, configuration: GrowBroServerConfiguration(alertMinimumSends: 10))
        try harness.register("u1", "android", fcm: 1)
        for index in 0..<sends { try harness.reply("m\(index)", to: "u1", at: Double(index)) }
        _ = try await harness.dispatch(at: Double(sends))
        for index in 0..<delivered {
            try harness.server.recordEngagement(
                .delivered, messageID: "m\(index)", installationID: "android", at: Harness.start.addingTimeInterval(60))
        }
        let report = try harness.server.report(from: Self.window.0, to: Self.window.1)
        #expect(report.alerts.map(\.channelID) == (alerted ? ["community.interactions"] : []))
    }

    @Test(arguments: TestStore.all)
    func anOpenForAnUnknownMessageIsAnError(store: TestStore) throws {
        let harness = try Harness(store: store)
        #expect(throws: GrowBroServerError.unknownMessage("nope")) {
            try harness.server.recordEngagement(.opened, messageID: "nope", installationID: "phone", at: Harness.start)
        }
    }

    @Test(arguments: TestStore.all)
    func anOpenFromAnInstallationTheMessageDidNotGoToOrWithAMalformedIdIsNamed(store: TestStore) throws {
        let harness = try Harness(store: store)
        try harness.register("u1", "phone", apns: 1)
        try harness.reply("m1", to: "u1")
        try harness.register("u1", "tablet", apns: 2)
        #expect(throws: GrowBroServerError.notSentTo(messageID: "m1", installationID: "tablet")) {
            try harness.server.recordEngagement(.opened, messageID: "m1", installationID: "tablet", at: Harness.start)
        }
        #expect(
            throws: GrowBroServerError.invalidValue(field: "messageId", value: "m 1", expected: "[A-Za-z0-9_-]{1,64}")
        ) {
            try harness.server.recordEngagement(.opened, messageID: "m 1", installationID: "phone", at: Harness.start)
        }
        #expect(
            try harness.server.recordEngagement(.opened, messageID: "m1", installationID: "phone", at: Harness.start))
    }
}
