import Foundation
import GrowBroServer
import GrowBroServerTesting
import Testing
import WaveNotifications
import WavePushPayloads

/// Registration, refresh, rotation, reinstall, multi-account, multi-device, logout and the stale purge.
struct TokenRegistryTests {
    @Test(arguments: TestStore.all)
    func theSameTokenAgainIsARefreshThatKeepsOneInstallation(store: TestStore) throws {
        let harness = try Harness(store: store)
        try harness.register("u1", "i1", apns: 1)
        let changes = try harness.register("u1", "i1", apns: 1, at: 3_600)
        #expect(changes.map(\.kind) == [.refreshed])
        let installations = try harness.server.installations(of: "u1")
        #expect(installations.count == 1)
        #expect(installations[0].registeredAt == Harness.start)
        #expect(installations[0].refreshedAt == Harness.start.addingTimeInterval(3_600))
    }

    @Test(arguments: TestStore.all)
    func aNewTokenForAnInstallationReplacesItsOldOne(store: TestStore) throws {
        let harness = try Harness(store: store)
        try harness.register("u1", "i1", fcm: 1)
        let changes = try harness.register("u1", "i1", fcm: 2, at: 60)
        #expect(changes.map(\.kind) == [.rotated])
        #expect(try harness.server.installations(of: "u1").map(\.token) == [Harness.fcmToken(2)])
    }

    @Test(arguments: TestStore.all)
    func aReinstallIsANewInstallationAndTheOldOneLosesTheToken(store: TestStore) throws {
        let harness = try Harness(store: store)
        try harness.register("u1", "old", apns: 1)
        let changes = try harness.register("u1", "new", apns: 1, at: 60)
        #expect(changes.map(\.kind) == [.moved, .registered])
        #expect(changes[0].installationID == "old")
        #expect(try harness.server.installations(of: "u1").map(\.id) == ["new"])
    }

    @Test(arguments: TestStore.all)
    func anInstallationSignedInToAnotherAccountLeavesThePreviousUser(store: TestStore) throws {
        let harness = try Harness(store: store)
        try harness.register("u1", "i1", apns: 1)
        let changes = try harness.register("u2", "i1", apns: 1, at: 60)
        #expect(changes.map(\.kind) == [.moved, .registered])
        #expect(changes[0].userID == "u1")
        #expect(try harness.server.installations(of: "u1").isEmpty)
        #expect(try harness.server.installations(of: "u2").map(\.id) == ["i1"])
    }

    @Test(arguments: TestStore.all)
    func aRegistrationTakingOnlyFromAllowedUsersLeavesOthersInstallationsAndTokens(store: TestStore) throws {
        let harness = try Harness(store: store)
        try harness.register("u1", "i1", apns: 1)
        try harness.register("u1", "i2", apns: 2)
        let before = try harness.server.tokenChanges()
        let onlyU2 = { (user: String) in user == "u2" }
        func attempt(_ installation: String, apns n: Int) throws {
            try harness.server.register(
                TokenRegistration(
                    userID: "u2", installationID: installation, platform: .apns, token: Harness.apnsToken(n),
                    environment: .production, permission: .authorized, at: Harness.start.addingTimeInterval(60)),
                takingOnlyFrom: onlyU2)
        }
        #expect(throws: GrowBroServerError.heldByAnotherUser(field: "installation")) { try attempt("i1", apns: 9) }
        #expect(throws: GrowBroServerError.heldByAnotherUser(field: "token")) { try attempt("i3", apns: 2) }
        #expect(try harness.server.tokenChanges() == before)
        #expect(try harness.server.installations(of: "u1").map(\.id).sorted() == ["i1", "i2"])
        #expect(try !harness.server.isKnownUser("u2"))
        // Its own installations and tokens, and new ones, it may take.
        try attempt("i3", apns: 3)
        try attempt("i4", apns: 3)
        #expect(try harness.server.installations(of: "u2").map(\.id) == ["i4"])
    }

    @Test(arguments: TestStore.all)
    func aPushQueuedForThePreviousAccountIsDroppedNotSentToTheNewOne(store: TestStore) async throws {
        let harness = try Harness(store: store)
        try harness.register("u1", "i1", apns: 1)
        try harness.reply("m1", to: "u1")
        try harness.register("u2", "i1", apns: 1, at: 1)
        let decisions = try await harness.dispatch(at: 2)
        #expect(decisions.map(\.kind) == [.dropped])
        #expect(harness.transport.requests.isEmpty)
    }

    @Test(arguments: TestStore.all)
    func aPermissionRevokedAfterTheFanOutDropsThePushAndTheNextFanOutSkipsTheInstallation(store: TestStore) async throws
    {
        let harness = try Harness(store: store)
        try harness.register("u1", "i1", apns: 1)
        try harness.reply("m1", to: "u1")
        try harness.register("u1", "i1", apns: 1, at: 1, permission: .denied)
        let decisions = try await harness.dispatch(at: 2)
        #expect(decisions.map(\.kind) == [.dropped])
        #expect(decisions.map(\.reason) == [.permissionDenied])
        #expect(try harness.reply("m2", to: "u1", at: 3).skipped.map(\.reason) == ["permission_denied"])
        try harness.register("u1", "i1", apns: 1, at: 4, permission: .provisional)
        #expect(try harness.reply("m3", to: "u1", at: 5).sends.count == 1)
    }

    @Test(arguments: TestStore.all)
    func aUserHasAnyNumberOfInstallations(store: TestStore) throws {
        let harness = try Harness(store: store)
        try harness.register("u1", "phone", apns: 1)
        try harness.register("u1", "tablet", apns: 2)
        try harness.register("u1", "android", fcm: 3)
        let result = try harness.reply("m1", to: "u1")
        #expect(result.sends.map(\.installationID) == ["android", "phone", "tablet"])
        #expect(result.sends.map(\.platform) == [.fcm, .apns, .apns])
    }

    @Test(arguments: TestStore.all)
    func logoutRemovesOneInstallationAndAnUnknownOneIsAnError(store: TestStore) throws {
        let harness = try Harness(store: store)
        try harness.register("u1", "phone", apns: 1)
        try harness.register("u1", "tablet", apns: 2)
        let change = try harness.server.logout(installationID: "phone", at: Harness.start.addingTimeInterval(5))
        #expect(change.kind == .loggedOut)
        #expect(try harness.server.installations(of: "u1").map(\.id) == ["tablet"])
        #expect(throws: GrowBroServerError.unknownInstallation("phone")) {
            try harness.server.logout(installationID: "phone", at: Harness.start)
        }
    }

    /// A sign-out for a user whose installation was signed in to another account since changes nothing: the other
    /// account keeps it, and the caller is told no more than of an unknown installation.
    @Test(arguments: TestStore.all)
    func logoutForAUserRemovesTheInstallationOnlyWhileItIsTheirs(store: TestStore) throws {
        let harness = try Harness(store: store)
        try harness.register("u1", "phone", apns: 1)
        try harness.register("u2", "phone", apns: 1, at: 10)  // the installation moves to u2
        #expect(throws: GrowBroServerError.unknownInstallation("phone")) {
            try harness.server.logout(installationID: "phone", ifUser: "u1", at: Harness.start.addingTimeInterval(20))
        }
        #expect(try harness.server.installations(of: "u2").map(\.id) == ["phone"])
        #expect(try harness.server.tokenChanges().last?.kind == .registered)
        let change = try harness.server.logout(
            installationID: "phone", ifUser: "u2", at: Harness.start.addingTimeInterval(30))
        #expect(change.kind == .loggedOut && change.userID == "u2")
        #expect(try harness.server.installations(of: "u2").isEmpty)
        #expect(throws: GrowBroServerError.unknownInstallation("phone")) {
            try harness.server.logout(installationID: "phone", ifUser: "u2", at: Harness.start)
        }
    }

    @Test(arguments: TestStore.all)
    func aTokenNotRefreshedFor270DaysIsPurgedAsStale(store: TestStore) throws {
        let harness = try Harness(store: store)
        let day: TimeInterval = 86_400
        try harness.register("u1", "old", apns: 1)
        try harness.register("u1", "fresh", apns: 2, at: 100 * day)
        #expect(try harness.server.purgeStaleTokens(now: Harness.start.addingTimeInterval(270 * day)).isEmpty)
        let purged = try harness.server.purgeStaleTokens(now: Harness.start.addingTimeInterval(270 * day + 1))
        #expect(purged.map(\.installationID) == ["old"])
        #expect(purged.map(\.kind) == [.stale])
        #expect(try harness.server.installations(of: "u1").map(\.id) == ["fresh"])
    }

    @Test(arguments: TestStore.all)
    func theStaleAgeIsConfigurable(store: TestStore) throws {
        let harness = try Harness(
            store: store, configuration: GrowBroServerConfiguration(staleTokenAge: .seconds(3_600)))
        try harness.register("u1", "i1", fcm: 1)
        #expect(try harness.server.purgeStaleTokens(now: Harness.start.addingTimeInterval(3_601)).count == 1)
    }

    @Test(arguments: TestStore.all)
    func everyChangeIsLoggedWithItsInstant(store: TestStore) throws {
        let harness = try Harness(store: store)
        try harness.register("u1", "i1", apns: 1)
        try harness.register("u1", "i1", apns: 2, at: 10)
        _ = try harness.server.logout(installationID: "i1", at: Harness.start.addingTimeInterval(20))
        let log = try harness.server.tokenChanges()
        #expect(log.map(\.kind) == [.registered, .rotated, .loggedOut])
        #expect(log.map(\.at) == [0, 10, 20].map { Harness.start.addingTimeInterval($0) })
    }

    static let badRegistrations: [(TokenRegistration, String)] = [
        (
            TokenRegistration(
                userID: "u1", installationID: "i1", platform: .apns, token: "zz", environment: .production,
                at: Harness.start),
            "token: malformed apns token: an APNs token is hexadecimal (0-9, a-f)"
        ),
        (
            TokenRegistration(
                userID: "u1", installationID: "i1", platform: .apns, token: String(repeating: "a", count: 63),
                environment: .production, at: Harness.start),
            "token: malformed apns token: an APNs token has an even number of 64 to 200 hex digits, not 63"
        ),
        (
            TokenRegistration(
                userID: "u1", installationID: "i1", platform: .fcm,
                token: "has a space " + String(repeating: "x", count: 40), at: Harness.start),
            "token: malformed fcm token: an FCM token has only A-Z a-z 0-9 _ - : ."
        ),
        (
            TokenRegistration(
                userID: "u1", installationID: "i1", platform: .apns, token: Harness.apnsToken(1), at: Harness.start),
            "environment: '' is not valid; expected production or sandbox for an APNs token"
        ),
        (
            TokenRegistration(
                userID: "u 1", installationID: "i1", platform: .fcm, token: Harness.fcmToken(1), at: Harness.start),
            "user: 'u 1' is not valid; expected 1 to 128 of A-Z a-z 0-9 _ - . :"
        ),
    ]

    @Test(arguments: TestStore.all, badRegistrations)
    func badInputIsRefusedNamingTheFieldAndNothingIsStored(
        store: TestStore, example: (registration: TokenRegistration, message: String)
    ) throws {
        let (registration, message) = example
        let harness = try Harness(store: store)
        try harness.register("u1", "i1", fcm: 9)
        #expect {
            try harness.server.register(registration)
        } throws: { error in
            (error as? GrowBroServerError)?.description == message
        }
        #expect(try harness.server.installations(of: "u1").map(\.token) == [Harness.fcmToken(9)])
        #expect(try harness.server.tokenChanges().count == 1)
    }
}
