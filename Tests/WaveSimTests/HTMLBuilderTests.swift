import Testing

@testable import WaveSim

/// The page writer's escaping and names: nothing a scenario says can open an element or end an attribute.
struct HTMLBuilderTests {
    @Test(arguments: [
        ("plain", "plain", "plain"),
        ("a < b > c", "a &lt; b &gt; c", "a &lt; b &gt; c"),
        ("Tom & Jerry", "Tom &amp; Jerry", "Tom &amp; Jerry"),
        ("say \"hi\" it's", "say \"hi\" it's", "say &quot;hi&quot; it&#39;s"),
        (
            "</title><script>alert(1)</script>", "&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;",
            "&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;"
        ),
        ("&amp;", "&amp;amp;", "&amp;amp;"),
        ("Vitamin D · 💊 ثم", "Vitamin D · 💊 ثم", "Vitamin D · 💊 ثم"),
    ])
    func escapesTextAndAttributeValues(raw: String, text: String, attribute: String) {
        #expect(HTMLBuilder.escapeText(raw) == text)
        #expect(HTMLBuilder.escapeAttribute(raw) == attribute)
    }

    @Test func elementsCarryEscapedTextAndAttributesInOrder() {
        var html = HTMLBuilder()
        html.start("svg", ["viewBox": "0 0 10 10", "aria-label": "a \"quoted\" label"])
        html.start("circle", ["data-mark": "delivered", "cx": "5"])
        html.element("title", text: "07:00 · <fluids> & \"more\"")
        html.end()
        html.empty("rect", ["x": "1"])
        html.end()
        html.empty("meta", ["charset": "utf-8"])
        #expect(
            html.document
                == "<svg viewBox=\"0 0 10 10\" aria-label=\"a &quot;quoted&quot; label\">"
                + "<circle data-mark=\"delivered\" cx=\"5\"><title>07:00 · &lt;fluids&gt; &amp; \"more\"</title>"
                + "</circle><rect x=\"1\"/></svg><meta charset=\"utf-8\">")
    }

    @Test(arguments: [
        ("svg", true), ("data-mark", true), ("xml:lang", true), ("h1", true), ("", false), ("1a", false),
        ("on click", false), ("a\"b", false), ("a>b", false), ("-x", false), ("é", false),
    ])
    func acceptsOnlyPlainNames(name: String, accepted: Bool) {
        #expect(HTMLBuilder.isName(name) == accepted)
    }

    @Test(arguments: [
        (12.0, "12"), (12.25, "12.3"), (12.04, "12"), (0.0, "0"), (-0.04, "0"), (-0.5, "-0.5"), (-12.5, "-12.5"),
        (960.0, "960"), (1.96, "2"),
    ])
    func writesNumbersWithAtMostOneDecimal(value: Double, text: String) {
        #expect(HTMLBuilder.number(value) == text)
    }
}
