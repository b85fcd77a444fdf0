import Testing
import WaveJSON

struct JSONWriterTests {
    @Test func writesMembersInOrderWithCommasPlacedByTheWriter() {
        var json = JSONWriter()
        json.beginObject()
        json.key("type")
        json.string("summary")
        json.key("zeta")
        json.number(-42)
        json.key("list")
        json.strings(["a", "b"])
        json.key("empty")
        json.beginArray()
        json.endArray()
        json.key("nested")
        json.beginObject()
        json.key("flag")
        json.bool(false)
        json.key("nothing")
        json.null()
        json.endObject()
        json.key("late")
        json.number(seconds: .milliseconds(1250))
        json.endObject()
        #expect(
            json.text
                == #"{"type":"summary","zeta":-42,"list":["a","b"],"empty":[],"nested":{"flag":false,"nothing":null},"late":1.25}"#
        )
    }

    @Test(arguments: [
        ("plain", #""plain""#),
        ("quote \" and \\", #""quote \" and \\""#),
        ("line\nbreak\ttab\r", #""line\nbreak\ttab\r""#),
        ("\u{08}\u{0C}\u{01}\u{1F}", #""\b\f\u0001\u001f""#),
        ("sep\u{2028}par\u{2029}", #""sep\u2028par\u2029""#),
        ("é🌊 — ok", "\"é🌊 — ok\""),
        ("sixteen plain ch\"ars", #""sixteen plain ch\"ars""#),
    ])
    func escapesAsJSONRequires(text: String, expected: String) {
        #expect(JSONWriter.quoted(text) == expected)
        var json = JSONWriter()
        json.string(text)
        #expect(json.text == expected)
    }

    @Test func writesAStringFromPiecesAsOneValue() {
        var json = JSONWriter()
        json.beginArray()
        json.number(1)
        json.beginString()
        json.appendToString("event_")
        json.appendToString("a\"b")
        json.appendToStringUnescaped { $0.append(contentsOf: "2026".utf8) }
        json.endString()
        json.endArray()
        #expect(json.text == #"[1,"event_a\"b2026"]"#)
    }

    @Test(arguments: [(5, 3, "005"), (12345, 2, "12345"), (0, 1, "0"), (-5, 3, "0-5"), (7, 0, "7")])
    func padsDecimalsLikeStringDoes(value: Int, width: Int, expected: String) {
        var bytes: [UInt8] = []
        JSONWriter.appendDecimal(value, minimumWidth: width, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == expected)
    }

    @Test(arguments: [
        (Duration.seconds(12), "12"), (.milliseconds(250), "0.25"), (.milliseconds(1005), "1.005"),
        (.seconds(-3), "0"),
    ])
    func writesSecondsWithAtMostThreeDecimals(duration: Duration, expected: String) {
        #expect(JSONWriter.seconds(duration) == expected)
    }

    @Test func whatItWritesParsesBack() throws {
        var json = JSONWriter()
        json.beginObject()
        json.key("text")
        json.string("a\u{0}b\u{2028}\"")
        json.endObject()
        #expect(try JSONParser.parse(json.bytes) == .object([(key: "text", value: .string("a\u{0}b\u{2028}\""))]))
    }

    @Test func writesAfterBytesItIsGivenAndHandsThemBack() {
        var json = JSONWriter(appendingTo: Array("{\"a\":1}\n".utf8))
        json.beginObject()
        json.member("b", 2)
        json.endObject()
        #expect(String(decoding: json.takeBytes(), as: UTF8.self) == "{\"a\":1}\n{\"b\":2}")
        #expect(json.bytes.isEmpty)
    }
}
