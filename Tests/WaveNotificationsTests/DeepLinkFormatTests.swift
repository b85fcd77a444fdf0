import Testing
import WaveNotifications

struct DeepLinkFormatTests {
    private static let fiftyOne = String(repeating: "a", count: 51)

    @Test(arguments: ["abc", "paris-2026", "Tokyo_Wave", String(repeating: "z", count: 50)])
    func builtLinksParseBackToTheirID(id: String) throws {
        let link = try DeepLinkFormat.worldWideWaves.link(forEventID: id)
        #expect(link == "worldwidewaves://event?id=\(id)")
        #expect(try DeepLinkFormat.worldWideWaves.eventID(fromLink: link) == id)
    }

    @Test(arguments: [
        ("worldwidewaves://event?id=abc", "abc"),
        ("WorldWideWaves://EVENT?id=abc", "abc"),
        ("WORLDWIDEWAVES://Event?id=abc", "abc"),
        ("worldwidewaves://event?id=AbC-_9", "AbC-_9"),
    ])
    func acceptsTheExactShapeInAnyCaseOfSchemeAndHost(link: String, expectedID: String) throws {
        #expect(try DeepLinkFormat.worldWideWaves.eventID(fromLink: link) == expectedID)
    }

    @Test(arguments: [
        ("javascript:alert(1)", DeepLinkRejection.unsupportedScheme("javascript")),
        ("file:///etc/passwd", .unsupportedScheme("file")),
        ("https://event?id=x", .unsupportedScheme("https")),
        ("worldwidewaves2://event?id=x", .unsupportedScheme("worldwidewaves2")),
        ("worldwidewaves://evil.example?id=x", .unexpectedHost("evil.example")),
        ("worldwidewaves://event.evil.example?id=x", .unexpectedHost("event.evil.example")),
        ("worldwidewaves://?id=x", .unexpectedHost("")),
        ("worldwidewaves:///event?id=x", .unexpectedHost("")),
        ("worldwidewaves://event\\?id=x", .unexpectedHost("event\\")),
        ("//evil.example?id=x", .missingScheme),
        (":event?id=x", .missingScheme),
        ("1worldwidewaves://event?id=x", .missingScheme),
        ("worldwidewaves:event?id=x", .missingHost),
        ("worldwidewaves:/event?id=x", .missingHost),
        ("worldwidewaves://user@event?id=x", .hasUserInfo),
        ("worldwidewaves://@event?id=x", .hasUserInfo),
        ("worldwidewaves://event:80?id=x", .hasPort),
        ("worldwidewaves://event/?id=x", .hasPath),
        ("worldwidewaves://event/path?id=x", .hasPath),
        ("worldwidewaves://event?id=x#frag", .hasFragment),
        ("worldwidewaves://event#?id=x", .hasFragment),
        ("worldwidewaves://event?id=..%2F..%2Fetc", .percentEncoded),
        ("worldwidewaves://event%2Fevil?id=x", .percentEncoded),
        ("worldwidewaves://event?id=%61", .percentEncoded),
        ("worldwidewaves://event?id=a&id=b", .duplicateQueryItem("id")),
        ("worldwidewaves://event?id=a&x=1", .unexpectedQueryItem("x")),
        ("worldwidewaves://event?x=1", .unexpectedQueryItem("x")),
        ("worldwidewaves://event?ID=x", .unexpectedQueryItem("ID")),
        ("worldwidewaves://event", .missingEventID),
        ("worldwidewaves://event?id", .malformedQuery("id")),
        ("worldwidewaves://event?", .malformedQuery("")),
        ("worldwidewaves://event?id=x&", .malformedQuery("")),
        ("worldwidewaves://event?id=", .invalidEventID(.empty)),
        ("worldwidewaves://event?id=\(fiftyOne)", .invalidEventID(.tooLong(length: 51))),
        ("worldwidewaves://event?id=a/b", .invalidEventID(.invalidCharacter("/", offset: 1))),
        ("worldwidewaves://event?id=..", .invalidEventID(.invalidCharacter(".", offset: 0))),
        ("worldwidewaves://event?id=a=b", .invalidEventID(.invalidCharacter("=", offset: 1))),
        ("worldwidewaves://event?id=a?b", .invalidEventID(.invalidCharacter("?", offset: 1))),
        ("worldwidewaves://event?id=a b", .disallowedCharacter(" ")),
        ("worldwidewaves://\u{E9}vent?id=x", .disallowedCharacter("\u{E9}")),
        ("worldwidewaves://\u{435}vent?id=x", .disallowedCharacter("\u{435}")),
        ("worldwidewaves://event?id=x\nhttps://evil.example", .disallowedCharacter("\n")),
        ("worldwidewaves://event?id=x\r\nSet-Cookie:a", .disallowedCharacter("\r")),
        ("worldwidewaves://event?id=x\u{0}", .disallowedCharacter("\u{0}")),
        ("worldwidewaves://event?id=x\u{200B}", .disallowedCharacter("\u{200B}")),
        (" worldwidewaves://event?id=x", .disallowedCharacter(" ")),
        ("", .missingScheme),
    ])
    func hostileLinksAreRejectedForTheRightReason(link: String, expected: DeepLinkRejection) {
        #expect(throws: expected) {
            try DeepLinkFormat.worldWideWaves.eventID(fromLink: link)
        }
    }

    @Test func consumerFormatBuildsAndParsesItsOwnLinks() throws {
        let format = try DeepLinkFormat(scheme: "myapp", host: "wave")
        #expect(format.scheme == "myapp")
        #expect(format.host == "wave")
        let link = try format.link(forEventID: "paris")
        #expect(link == "myapp://wave?id=paris")
        #expect(try format.eventID(fromLink: link) == "paris")
        #expect(try format.eventID(fromLink: "MYAPP://WAVE?id=paris") == "paris")
    }

    @Test func consumerFormatRejectsWorldWideWavesLinks() throws {
        let format = try DeepLinkFormat(scheme: "myapp", host: "wave")
        #expect(throws: DeepLinkRejection.unsupportedScheme("worldwidewaves")) {
            try format.eventID(fromLink: "worldwidewaves://event?id=paris")
        }
        #expect(throws: DeepLinkRejection.unexpectedHost("event")) {
            try format.eventID(fromLink: "myapp://event?id=paris")
        }
        #expect(throws: DeepLinkRejection.unsupportedScheme("myapp")) {
            try DeepLinkFormat.worldWideWaves.eventID(fromLink: "myapp://wave?id=paris")
        }
    }

    @Test func schemeAndHostAreStoredLowercased() throws {
        let format = try DeepLinkFormat(scheme: "My.App+1-x", host: "Wave.Example-1")
        #expect(format.scheme == "my.app+1-x")
        #expect(format.host == "wave.example-1")
        #expect(try format.link(forEventID: "a") == "my.app+1-x://wave.example-1?id=a")
        #expect(try format.eventID(fromLink: "My.App+1-x://WAVE.example-1?id=a") == "a")
    }

    @Test(arguments: ["", "1app", "my app", "my_app", "myapp:", "my/app", "app\u{E9}", "-app"])
    func invalidSchemesThrow(scheme: String) {
        #expect(throws: DeepLinkFormatError.invalidScheme(scheme)) {
            try DeepLinkFormat(scheme: scheme, host: "wave")
        }
    }

    @Test(arguments: ["", "wa ve", "wave/x", "user@wave", "wave:80", "wav\u{E9}", "wave?id=x", "wave#x", "wave_x"])
    func invalidHostsThrow(host: String) {
        #expect(throws: DeepLinkFormatError.invalidHost(host)) {
            try DeepLinkFormat(scheme: "myapp", host: host)
        }
    }

    @Test(arguments: [
        ("", EventIDError.empty), ("a b", .invalidCharacter(" ", offset: 1)),
        ("../x", .invalidCharacter(".", offset: 0)),
        (String(repeating: "a", count: 51), .tooLong(length: 51)),
    ])
    func linkForAnInvalidIDThrows(id: String, expected: EventIDError) throws {
        #expect(throws: expected) {
            try DeepLinkFormat.worldWideWaves.link(forEventID: id)
        }
        let custom = try DeepLinkFormat(scheme: "myapp", host: "wave")
        #expect(throws: expected) {
            try custom.link(forEventID: id)
        }
    }

    @Test func rejectionsDescribeTheirReason() {
        #expect(DeepLinkRejection.disallowedCharacter("\n").description.contains("U+A"))
        #expect(DeepLinkRejection.unsupportedScheme("file").description.contains("'file'"))
        #expect(DeepLinkRejection.invalidEventID(.empty).description == EventIDError.empty.description)
    }
}
