import Foundation
import TestSupport
import Testing
import WaveLinuxAdapter

/// The D-Bus wrapper under the desktop sink, against a private bus (dbus-daemon) with no notification server.
@Suite(.serialized)
struct BusConnectionTests {
    static var canRun: Bool { DesktopEnvironment.find("dbus-daemon") != nil || DesktopEnvironment.isRequired }
    static let interface = "org.wavenotifications.Test"

    static let everyKind: [BusValue] = [
        .byte(255), .boolean(true), .boolean(false), .int32(-1), .uint32(4_000_000_000), .int64(-9_000_000_000),
        .uint64(18_000_000_000_000_000_000), .double(0.25), .string(""), .string("Vague \"imminente\" à 東京 🌊 %s\n"),
        .objectPath("/org/freedesktop/Notifications"), .stringArray([]), .stringArray(["default", "Open"]),
        .variantDictionary([("urgency", .byte(2)), ("category", .string("reminders")), ("nested", .int32(7))]),
        .structure([
            .string("a"), .uint32(1), .array(elementSignature: "(su)", [.structure([.string("b"), .uint32(2)])]),
        ]),
        .variant(.variant(.stringArray(["deep"]))),
    ]

    /// Two connections on one bus: `listener` takes the test interface's signals.
    private func twoConnections(on desktop: DesktopEnvironment) async throws -> (BusConnection, BusConnection) {
        let speaker = try await BusConnection(address: desktop.busAddress)
        let listener = try await BusConnection(address: desktop.busAddress)
        try await listener.addMatch("type='signal',interface='\(Self.interface)'")
        return (speaker, listener)
    }

    @Test(.enabled(if: BusConnectionTests.canRun, "dbus-daemon is not installed"))
    func aSignalCarriesEveryKindOfValueFromOneConnectionToAnother() async throws {
        let desktop = try await DesktopEnvironment.start(notificationServer: false)
        defer { desktop.stop() }
        let (speaker, listener) = try await twoConnections(on: desktop)
        var signals = listener.signals.makeAsyncIterator()
        let sent = BusSignal(
            path: "/org/wavenotifications/Test", interface: Self.interface, member: "Every", arguments: Self.everyKind)
        try await speaker.emit(sent)
        let received = try #require(await signals.next(where: { $0.interface == Self.interface }))
        #expect(received.arguments == Self.everyKind)
        #expect(received.member == "Every")
        #expect(received.sender == speaker.uniqueName)
        speaker.close()
        listener.close()
    }

    @Test(.enabled(if: BusConnectionTests.canRun, "dbus-daemon is not installed"))
    func aNulInAStringArrivesAsTheReplacementCharacter() async throws {
        let desktop = try await DesktopEnvironment.start(notificationServer: false)
        defer { desktop.stop() }
        let (speaker, listener) = try await twoConnections(on: desktop)
        var signals = listener.signals.makeAsyncIterator()
        try await speaker.emit(
            BusSignal(path: "/t", interface: Self.interface, member: "Nul", arguments: [.string("a\u{0}b")]))
        let received = try #require(await signals.next(where: { $0.interface == Self.interface }))
        #expect(received.arguments == [.string("a\u{FFFD}b")])
    }

    @Test(.enabled(if: BusConnectionTests.canRun, "dbus-daemon is not installed"))
    func theBusAnswersACallWithItsValues() async throws {
        let desktop = try await DesktopEnvironment.start(notificationServer: false)
        defer { desktop.stop() }
        let bus = try await BusConnection(address: desktop.busAddress)
        let reply = try await bus.call(
            BusMethodCall(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                member: "GetConnectionUnixProcessID", arguments: [.string(bus.uniqueName)]))
        #expect(reply.arguments == [.uint32(UInt32(ProcessInfo.processInfo.processIdentifier))])
        #expect(reply.sender == "org.freedesktop.DBus")
    }

    @Test(.enabled(if: BusConnectionTests.canRun, "dbus-daemon is not installed"))
    func aCallToANameNobodyOwnsFailsWithTheBussErrorAndMeansThePeerIsMissing() async throws {
        let desktop = try await DesktopEnvironment.start(notificationServer: false)
        defer { desktop.stop() }
        let bus = try await BusConnection(address: desktop.busAddress)
        await #expect {
            try await bus.call(
                BusMethodCall(
                    destination: "org.freedesktop.Notifications", path: "/org/freedesktop/Notifications",
                    interface: "org.freedesktop.Notifications", member: "GetCapabilities"))
        } throws: { error in
            guard case .errorReply(let name, _) = error as? BusError else { return false }
            return name == BusError.serviceUnknown && (error as? BusError)?.meansPeerMissing == true
        }
    }

    /// A connection serves no methods: a call to it is answered with an error at once, not left to time out.
    @Test(.enabled(if: BusConnectionTests.canRun, "dbus-daemon is not installed"))
    func aMethodCallToAConnectionIsRefusedAtOnce() async throws {
        let desktop = try await DesktopEnvironment.start(notificationServer: false)
        defer { desktop.stop() }
        let caller = try await BusConnection(address: desktop.busAddress)
        let callee = try await BusConnection(address: desktop.busAddress)
        await #expect(
            throws: BusError.errorReply(
                name: "org.freedesktop.DBus.Error.UnknownMethod", message: "this connection serves no methods")
        ) {
            try await caller.call(
                BusMethodCall(destination: callee.uniqueName, path: "/", interface: Self.interface, member: "Anything"),
                timeout: .seconds(600))
        }
    }

    /// A call whose timeout passes fails; its late reply is dropped, and the connection goes on.
    @Test(.enabled(if: BusConnectionTests.canRun, "dbus-daemon is not installed"))
    func aCallPastItsTimeoutFailsAndTheConnectionGoesOn() async throws {
        let desktop = try await DesktopEnvironment.start(notificationServer: false)
        defer { desktop.stop() }
        let bus = try await BusConnection(address: desktop.busAddress)
        let listNames = BusMethodCall(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            member: "ListNames")
        // A zero timeout has passed once the call is written, before any reply can have been read.
        await #expect(throws: BusError.timedOut(member: "ListNames", milliseconds: 0)) {
            try await bus.call(listNames, timeout: .zero)
        }
        let names = try await bus.call(listNames).arguments.first?.stringArrayValue
        #expect(names?.contains(bus.uniqueName) == true)
    }

    static let invalidCalls: [(BusMethodCall, String)] = {
        let good = BusMethodCall(destination: "org.example.A", path: "/a", interface: "org.example.A", member: "M")
        var calls: [(BusMethodCall, String)] = []
        for (change, name) in [
            ({ (call: inout BusMethodCall) in call.destination = "not a name" }, "destination"),
            ({ (call: inout BusMethodCall) in call.path = "relative/path" }, "path"),
            ({ (call: inout BusMethodCall) in call.interface = "nodots" }, "interface"),
            ({ (call: inout BusMethodCall) in call.member = "has.dot" }, "member"),
            (
                { (call: inout BusMethodCall) in call.arguments = [.array(elementSignature: "s", [.uint32(1)])] },
                "array element"
            ),
            (
                { (call: inout BusMethodCall) in
                    call.arguments = [
                        .array(
                            elementSignature: "{vs}", [.dictionaryEntry(key: .variant(.byte(1)), value: .string(""))])
                    ]
                }, "variant key"
            ),
            (
                { (call: inout BusMethodCall) in
                    call.arguments = [.dictionaryEntry(key: .string("k"), value: .string("v"))]
                }, "bare entry"
            ),
            ({ (call: inout BusMethodCall) in call.arguments = [.structure([])] }, "empty structure"),
            ({ (call: inout BusMethodCall) in call.arguments = [.objectPath("no/slash")] }, "object path value"),
        ] {
            var call = good
            change(&call)
            calls.append((call, name))
        }
        return calls
    }()

    /// libdbus aborts the process on such a message; the wrapper refuses it first, and the connection goes on.
    @Test(
        .enabled(if: BusConnectionTests.canRun, "dbus-daemon is not installed"),
        arguments: BusConnectionTests.invalidCalls.map(\.0))
    func aMessageLibdbusWouldAbortOnIsRefusedBeforeItIsBuilt(call: BusMethodCall) async throws {
        let desktop = try await DesktopEnvironment.start(notificationServer: false)
        defer { desktop.stop() }
        let bus = try await BusConnection(address: desktop.busAddress)
        await #expect {
            try await bus.call(call)
        } throws: { error in
            guard case .invalidMessage = error as? BusError else { return false }
            return true
        }
        #expect(bus.isOpen)
        _ = try await bus.call(
            BusMethodCall(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                member: "GetId"))
    }

    @Test(.enabled(if: BusConnectionTests.canRun, "dbus-daemon is not installed"))
    func closingFailsLaterCallsAndEndsTheSignals() async throws {
        let desktop = try await DesktopEnvironment.start(notificationServer: false)
        defer { desktop.stop() }
        let bus = try await BusConnection(address: desktop.busAddress)
        bus.close()
        for await _ in bus.signals {}
        #expect(!bus.isOpen)
        await #expect(throws: BusError.disconnected) {
            try await bus.addMatch("type='signal'")
        }
    }

    @Test(.enabled(if: BusConnectionTests.canRun, "dbus-daemon is not installed"))
    func theBusGoingAwayEndsTheSignalsAndFailsCalls() async throws {
        let desktop = try await DesktopEnvironment.start(notificationServer: false)
        let bus = try await BusConnection(address: desktop.busAddress)
        desktop.stop()
        for await _ in bus.signals {}
        #expect(!bus.isOpen)
        await #expect(throws: BusError.disconnected) {
            try await bus.addMatch("type='signal'")
        }
    }

    @Test(arguments: [
        [:], ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/wave-notifications-bus"],
        ["XDG_RUNTIME_DIR": "/nonexistent/wave-notifications-runtime"],
    ])
    func noBusFailsClearly(environment: [String: String]) async throws {
        do throws(BusError) {
            _ = try await BusConnection(address: BusConnection.sessionBusAddress(in: environment))
            Issue.record("connected without a bus")
        } catch {
            #expect(error.meansPeerMissing)
            if environment.isEmpty {
                #expect(error == .noSessionBusAddress)
            } else {
                guard case .connectionFailed(let address, _, _) = error else {
                    Issue.record("unexpected \(error)")
                    return
                }
                #expect(address.hasPrefix("unix:path=/nonexistent/wave-notifications-"))
            }
        }
    }
}

extension AsyncStream.Iterator {
    /// The next element that satisfies `predicate` (the bus also sends `NameAcquired` and the like).
    mutating func next(where predicate: (Element) -> Bool) async -> Element? {
        while let element = await next() {
            if predicate(element) {
                return element
            }
        }
        return nil
    }
}
