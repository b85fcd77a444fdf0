import Testing
import WaveLinuxAdapter

struct GVariantTextTests {
    @Test(arguments: [
        ("plain", #""plain""#),
        (#"say "hi""#, #""say \"hi\"""#),
        (#"back\slash"#, #""back\\slash""#),
        ("it's", #""it's""#),
        ("two\nlines\ttab\rcr", #""two\nlines\ttab\rcr""#),
        ("bell\u{07}del\u{7F}", #""bell\u0007del\u007f""#),
        ("nul\u{0}", "\"nul\u{FFFD}\""),
        ("Zürich 東京 🌊", "\"Zürich 東京 🌊\""),
        ("%s %d", #""%s %d""#),
    ])
    func stringsAreQuotedAndEscaped(text: String, literal: String) {
        #expect(GVariantText.string(text) == literal)
    }

    @Test func arraysAndDictionariesAreTyped() {
        #expect(GVariantText.stringArray([]) == "@as []")
        #expect(GVariantText.stringArray(["default", "Open"]) == #"@as ["default", "Open"]"#)
        #expect(
            GVariantText.variantDictionary([("urgency", "byte 2"), ("x", GVariantText.string("y"))])
                == #"@a{sv} {"urgency": <byte 2>, "x": <"y">}"#)
    }

    @Test func repliesAreParsed() {
        #expect(GVariantText.firstUInt32(in: "(uint32 42,)") == 42)
        #expect(GVariantText.firstUInt32(in: "(7,)") == 7)
        #expect(GVariantText.firstUInt32(in: "()") == nil)
        #expect(
            GVariantText.stringLiterals(in: #"('dunst', 'knopwob', '1.9.0 (2022-06-27)', '1.2')"#)
                == ["dunst", "knopwob", "1.9.0 (2022-06-27)", "1.2"])
        #expect(GVariantText.stringLiterals(in: #"(["it's", 'a\\b\n\u00e9'],)"#) == ["it's", "a\\b\né"])
        #expect(GVariantText.stringLiterals(in: "('open") == nil)
    }
}
