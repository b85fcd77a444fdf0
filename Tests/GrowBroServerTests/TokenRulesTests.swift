import Foundation
import Testing
import WaveNotifications
import WavePushPayloads

@testable import GrowBroServer

/// The token registry's decisions alone, without a database: each case of docs/growbro-server.md's "Device tokens".
struct TokenRulesTests {
    static let at = Date(timeIntervalSince1970: 1_777_878_000)
    static let token = String(repeating: "a", count: 64)

    static func installation(_ id: String, user: String, token: String = token, refreshed: Date = at) -> Installation {
        Installation(
            id: id, userID: user, platform: .apns, token: token, environment: .production, permission: .authorized,
            registeredAt: refreshed, refreshedAt: refreshed)
    }

    static func registration(_ id: String, user: String, token: String = token) -> TokenRegistration {
        TokenRegistration(
            userID: user, installationID: id, platform: .apns, token: token, environment: .production, at: at)
    }

    @Test(
        arguments: [
            (nil, [TokenChange.Kind.registered]),
            (installation("i1", user: "ana"), [.refreshed]),
            (installation("i1", user: "ana", token: String(repeating: "b", count: 64)), [.rotated]),
            (installation("i1", user: "ben"), [.moved, .registered]),
        ] as [(Installation?, [TokenChange.Kind])])
    func aRegistrationIsNewARefreshARotationOrAMove(existing: Installation?, kinds: [TokenChange.Kind]) {
        let changes = TokenRules.changes(for: Self.registration("i1", user: "ana"), existing: existing, holders: [])
        #expect(changes.map(\.kind) == kinds)
        #expect(changes.last?.userID == "ana")
        if kinds.first == .moved {
            #expect(changes[0].userID == "ben" && changes[0].reason == "installation signed in to another account")
        }
    }

    @Test func theTokenLeavesTheInstallationThatHeldItFirst() {
        let changes = TokenRules.changes(
            for: Self.registration("i2", user: "ana"), existing: nil,
            holders: [Self.installation("i1", user: "ben")])
        #expect(changes.map(\.kind) == [.moved, .registered])
        #expect(changes[0].installationID == "i1" && changes[0].userID == "ben")
        #expect(changes[0].reason == "token registered again by installation i2")
    }

    @Test func aPurgeTakesTheTokenOnlyWhileTheInstallationHoldsIt() {
        let installation = Self.installation("i1", user: "ana")
        #expect(
            TokenRules.purge(token: Self.token, of: installation, reason: "Unregistered", at: Self.at)?.kind == .purged)
        #expect(TokenRules.purge(token: "other", of: installation, reason: "Unregistered", at: Self.at) == nil)
        #expect(TokenRules.purge(token: Self.token, of: nil, reason: "Unregistered", at: Self.at) == nil)
    }

    @Test func aTokenIsStaleOnlyWhenRefreshedStrictlyBeforeTheAge() {
        let age = Duration.seconds(86_400)
        let limit = Self.at.addingTimeInterval(-86_400)
        let installations = [
            Self.installation("old", user: "ana", refreshed: limit.addingTimeInterval(-0.001)),
            Self.installation("edge", user: "ana", refreshed: limit),
        ]
        let stale = TokenRules.stale(installations, now: Self.at, age: age)
        #expect(stale.map(\.installationID) == ["old"])
        #expect(stale.first?.reason?.hasPrefix("not refreshed since ") == true)
    }

    @Test(
        arguments: [
            (true, PermissionStatus.authorized, nil), (true, .provisional, nil), (true, .denied, "permission_denied"),
            (true, .notDetermined, "permission_denied"), (false, .authorized, "category_disabled"),
            (false, .denied, "category_disabled"),
        ] as [(Bool, PermissionStatus, String?)])
    func aFanOutSkipsASwitchedOffChannelFirstThenADeviceWithoutPermission(
        enabled: Bool, permission: PermissionStatus, reason: String?
    ) {
        var installation = Self.installation("i1", user: "ana")
        installation.permission = permission
        #expect(FanOutRules.skipReason(for: installation, channelEnabled: enabled, background: false) == reason)
        // A background push shows nothing: neither the switch nor the permission keeps it away.
        #expect(FanOutRules.skipReason(for: installation, channelEnabled: enabled, background: true) == nil)
    }
}
