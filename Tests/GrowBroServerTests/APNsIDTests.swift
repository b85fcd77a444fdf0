import Foundation
import GrowBroServerTesting
import Testing
import WaveNotifications

@testable import GrowBroServer

/// Each send's `apns-id` is a random UUID made at the fan-out and stored with it: unique across sends, databases
/// and runs, and the same on every attempt of the send, so Apple reports on one notification.
struct APNsIDTests {
    private func apnsIDs(_ decisions: [DispatchDecision]) -> [String] {
        decisions.compactMap { $0.request?.headers.value(named: "apns-id") }
    }

    @Test(arguments: TestStore.all)
    func eachSendHasItsOwnRandomIDAndARetryReusesIt(store: TestStore) async throws {
        let harness = try Harness(store: store)
        try harness.register("u1", "phone", apns: 1)
        try harness.register("u1", "tablet", apns: 2)
        try harness.reply("m1", to: "u1")
        harness.script(apns: 1, .status(503, #"{"reason":"ServiceUnavailable"}"#))
        let first = try await harness.dispatch(at: 0)
        #expect(first.map(\.kind) == [.retry, .accepted])
        let ids = apnsIDs(first)
        #expect(ids.count == 2 && Set(ids).count == 2)
        for id in ids {
            #expect(UUID(uuidString: id) != nil, "\(id) is a UUID")
            #expect(id != ProviderRequestBuilder.apnsID(sendID: 1) && id != ProviderRequestBuilder.apnsID(sendID: 2))
        }
        let retryAt = try #require(first.first?.retryAt)
        let second = try await harness.dispatch(at: retryAt.timeIntervalSince(Harness.start))
        #expect(second.map(\.kind) == [.accepted])
        #expect(apnsIDs(second) == [ids[0]])
    }

    /// Two fresh databases given the same events send different ids (they used to send the same ones).
    @Test(arguments: TestStore.all)
    func freshDatabasesSendDifferentIDs(store: TestStore) async throws {
        var ids: [String] = []
        for _ in 0..<2 {
            let harness = try Harness(store: store)
            try harness.register("u1", "phone", apns: 1)
            try harness.reply("m1", to: "u1")
            ids += apnsIDs(try await harness.dispatch(at: 0))
        }
        #expect(ids.count == 2 && ids[0] != ids[1])
    }

    /// A replay's server derives the id from the send id, so its requests are the same on every run.
    @Test(arguments: TestStore.all)
    func derivedIDsFollowTheSendID(store: TestStore) async throws {
        var configuration = GrowBroServerConfiguration()
        configuration.apnsIDs = .derivedFromSendID
        let harness = try Harness(store: store, configuration: configuration)
        try harness.register("u1", "phone", apns: 1)
        try harness.reply("m1", to: "u1")
        let decisions = try await harness.dispatch(at: 0)
        #expect(apnsIDs(decisions) == ["6B0D0000-0000-4000-8000-\(String(format: "%012llX", decisions[0].sendID))"])
    }
}
