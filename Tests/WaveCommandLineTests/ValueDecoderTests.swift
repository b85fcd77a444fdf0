import Testing
import WaveJSON

@testable import WaveCommandLine

/// ``ValueDecoder/nonEmptyText``: its ASCII shortcut must say what the Unicode properties say.
struct ValueDecoderTests {
    private static func check(_ text: String) -> [String] {
        var diagnostics = DecodingDiagnostics()
        let decoded = ValueDecoder<String>.nonEmptyText.decode(.string(text), "name", &diagnostics)
        #expect((decoded == nil) == !diagnostics.problems.isEmpty)
        if let decoded { #expect(decoded == text) }
        return diagnostics.problems.map(\.message)
    }

    @Test(arguments: ["Luna", "Wave 0", " a ", "~", "!", "Café", "東京", "a\u{A0}b"])
    func acceptsText(text: String) {
        #expect(Self.check(text).isEmpty)
    }

    @Test(arguments: ["", " ", "   ", "\t", "\n\r", "\u{0B}\u{0C}", "\u{A0}", "\u{85}", "\u{2003}\u{3000}"])
    func rejectsBlankText(text: String) {
        #expect(Self.check(text) == ["is empty; expected some text"])
    }

    @Test(arguments: [
        ("a\u{7F}", "7F"), ("\u{1F}x", "1F"), ("a\u{0}", "0"), ("x\ty", "9"), ("caf\u{E9}\u{9F}", "9F"),
        ("Wave\u{1B}[0m", "1B"),
    ])
    func rejectsControlCharacters(text: String, hex: String) {
        #expect(
            Self.check(text) == ["contains the control character U+\(hex); expected plain text"])
    }
}
