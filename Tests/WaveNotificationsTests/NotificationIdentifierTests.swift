import Testing
import WaveNotifications

struct NotificationIdentifierTests {
    /// FNV-1a-32 written out again here, so `integerID` is checked against an independent computation.
    private static func independentFNV1a32(_ text: String) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in text.utf8 {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        return hash
    }

    @Test(arguments: [
        (NotificationTrigger.eventStarting(.seconds(3600)), "start_60m"), (.eventStarting(.seconds(90)), "start_1m"),
        (.eventFinished, "finished"), (.waveHit, "wave_hit"),
    ])
    func platformNamesCombineEventAndTriggerIDs(trigger: NotificationTrigger, triggerID: String) throws {
        let identifier = try NotificationIdentifier(eventID: "paris_2026", trigger: trigger)
        #expect(identifier.eventID == "paris_2026")
        #expect(identifier.trigger == trigger)
        #expect(identifier.requestIdentifier == "event_paris_2026_\(triggerID)")
        #expect(identifier.workName == "notification_paris_2026_\(triggerID)")
        #expect(identifier.workTag == "event_paris_2026")
        #expect(identifier.description == identifier.requestIdentifier)
    }

    @Test(arguments: [
        ("paris", NotificationTrigger.eventStarting(.seconds(3600))), ("paris", .eventStarting(.seconds(1800))),
        ("paris", .eventFinished), ("paris", .waveHit), ("tokyo-2026", .eventStarting(.seconds(60))),
        ("a", .eventStarting(.seconds(600))), ("A_b-C", .eventStarting(.seconds(300))),
        (String(repeating: "z", count: 50), .eventFinished),
    ])
    func integerIDIsMaskedFNV1aOfTheRequestIdentifier(eventID: String, trigger: NotificationTrigger) throws {
        let identifier = try NotificationIdentifier(eventID: eventID, trigger: trigger)
        let expected = Int32(bitPattern: Self.independentFNV1a32(identifier.requestIdentifier) & 0x7FFF_FFFF)
        #expect(identifier.integerID == expected)
        #expect(identifier.integerID >= 0)
    }

    @Test func integerIDClearsTheTopBitOfTheHash() throws {
        // FNV-1a-32("event_paris_start_60m") is 0xA46298F6: its top bit is set, so the mask matters here.
        let identifier = try NotificationIdentifier(eventID: "paris", trigger: .eventStarting(.seconds(3600)))
        #expect(FNV1a.hash32(identifier.requestIdentifier) == 0xA462_98F6)
        #expect(identifier.integerID == 0x2462_98F6)
    }

    @Test func sameEventAndTriggerMakeEqualIdentifiers() throws {
        let first = try NotificationIdentifier(eventID: "paris", trigger: .eventStarting(.seconds(3600)))
        let second = try NotificationIdentifier(eventID: "paris", trigger: .eventStarting(.seconds(60 * 60)))
        let other = try NotificationIdentifier(eventID: "paris", trigger: .eventStarting(.seconds(1800)))
        #expect(first == second)
        #expect(first != other)
    }

    @Test(arguments: [("", EventIDError.empty), ("a/b", .invalidCharacter("/", offset: 1))])
    func invalidEventIDsAreRejected(eventID: String, expected: EventIDError) {
        #expect(throws: expected) {
            try NotificationIdentifier(eventID: eventID, trigger: .waveHit)
        }
    }
}
