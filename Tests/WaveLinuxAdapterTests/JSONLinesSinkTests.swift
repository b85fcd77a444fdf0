import Foundation
import TestSupport
import Testing
import WaveLinuxAdapter
import WaveNotifications
import WaveStrings

struct JSONLinesSinkTests {
    static let paris = NotificationDelivery(
        identifier: Fixtures.identifier("paris-solstice", .eventStarting(.seconds(3600))),
        content: NotificationContent(
            titleKey: "notification_event_starting", bodyKey: "notification_1h_before", bodyArgs: ["Paris"],
            deepLink: "worldwidewaves://event?id=paris-solstice"),
        text: RenderedText(title: "Event starting", body: "Paris: the wave starts in 1 hour", locale: "en"),
        scheduledFor: Date(timeIntervalSince1970: 1_782_057_600),
        deliveredAt: Date(timeIntervalSince1970: 1_782_057_600))

    @Test func writesTheSpecifiedKeysInTheSpecifiedOrder() {
        #expect(
            JSONLinesSink.line(for: Self.paris)
                == #"{"type":"delivered","at":"2026-06-21T16:00:00Z","eventId":"paris-solstice","trigger":"start_60m","#
                + #""identifier":"event_paris-solstice_start_60m","titleKey":"notification_event_starting","#
                + #""bodyKey":"notification_1h_before","bodyArgs":["Paris"],"title":"Event starting","#
                + #""body":"Paris: the wave starts in 1 hour","deepLink":"worldwidewaves://event?id=paris-solstice","#
                + #""locale":"en"}"#)
    }

    @Test func aLateDeliveryEndsWithLateAndItsLateness() {
        var late = Self.paris
        late.isLate = true
        late.deliveredAt = late.scheduledFor.addingTimeInterval(754.25)
        late.lateness = .milliseconds(754_250)
        let line = JSONLinesSink.line(for: late)
        #expect(line.hasPrefix(#"{"type":"delivered","at":"2026-06-21T16:12:34.250Z","#))
        #expect(line.hasSuffix(#""locale":"en","late":true,"latenessSeconds":754.25}"#))
        late.lateness = .seconds(600)
        #expect(JSONLinesSink.line(for: late).hasSuffix(#""late":true,"latenessSeconds":600}"#))
    }

    @Test func escapesEverythingJSONRequiresAndKeepsUnicode() throws {
        var tricky = Self.paris
        tricky.text = RenderedText(
            title: "Quote \" backslash \\ slash / tab \t newline \n cr \r bell \u{07} nul \u{0}",
            body: "Zürich 東京 🌊 \u{2028}", locale: "pt-BR")
        tricky.content.bodyArgs = ["a\"b", "c\\d", ""]
        let line = JSONLinesSink.line(for: tricky)
        #expect(!line.contains("\n"))
        #expect(
            line.contains(#""title":"Quote \" backslash \\ slash / tab \t newline \n cr \r bell \u0007 nul \u0000""#))
        #expect(line.contains(#""body":"Zürich 東京 🌊 \u2028""#))
        #expect(line.contains(#""bodyArgs":["a\"b","c\\d",""]"#))

        // And any JSON parser reads back exactly what went in.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["title"] as? String == tricky.text.title)
        #expect(object["body"] as? String == tricky.text.body)
        #expect(object["bodyArgs"] as? [String] == tricky.content.bodyArgs)
        #expect(object["locale"] as? String == "pt-BR")
    }

    @Test func theWriterReceivesOneLinePerDelivery() async throws {
        let lines = WaveLock<[String]>([])
        let sink = JSONLinesSink { line in lines.withLock { $0.append(line) } }
        try await sink.deliver(Self.paris)
        try await sink.deliver(Self.paris)
        #expect(lines.withLock { $0 } == [JSONLinesSink.line(for: Self.paris), JSONLinesSink.line(for: Self.paris)])
    }

    @Test func aFileHandleGetsNewlineTerminatedLines() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.appending("out.jsonl")
        #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
        let handle = try FileHandle(forWritingTo: file)
        let sink = JSONLinesSink(fileHandle: handle)
        try await sink.deliver(Self.paris)
        try handle.close()
        #expect(try String(contentsOf: file, encoding: .utf8) == JSONLinesSink.line(for: Self.paris) + "\n")
    }
}
