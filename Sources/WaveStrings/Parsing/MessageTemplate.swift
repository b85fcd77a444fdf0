/// A translation value pre-parsed into text and argument slots, so rendering is one pass of appends.
///
/// Substitution is literal: an argument is appended as is and never scanned again, so `%@`, `%1$@` or `%n`
/// typed by a user shows up unchanged. Only plain `%n$@` directives are slots; `%%` becomes `%`; any other
/// directive, and a slot whose position is beyond the arguments given, stays visible as typed.
struct MessageTemplate: Sendable {
    /// One piece of the template.
    enum Segment: Sendable {
        /// Text appended as is.
        case text(String)
        /// The argument at this 0-based index, or `typed` when there is no such argument.
        case argument(index: Int, typed: String)
    }

    /// The pieces in order; adjacent text is merged.
    let segments: [Segment]
    /// Whether each argument is wrapped in FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE (right-to-left text).
    let isolatesArguments: Bool
    /// What ``render(_:)`` returns instead of an empty string.
    let emptyReplacement: String

    /// The text of a template without slots, kept whole so rendering it allocates nothing.
    private let constantText: String?

    /// Pre-parses `value`.
    ///
    /// - Parameters:
    ///   - value: The translation value, escapes already decoded.
    ///   - isolatesArguments: Whether to wrap arguments in bidi isolates.
    ///   - emptyReplacement: The non-empty text to return when a rendering comes out empty.
    init(compiling value: String, isolatesArguments: Bool, emptyReplacement: String) {
        var segments: [Segment] = []
        var text = ""
        for token in FormatScanner.tokens(in: value) {
            switch token {
            case .literal(let literal): text += literal
            case .percentSign: text += "%"
            case .strayPercent(let typed): text += typed
            case .specifier(let specifier):
                guard specifier.isPositionalObject, let position = specifier.position else {
                    text += specifier.text
                    continue
                }
                if !text.isEmpty {
                    segments.append(.text(text))
                    text = ""
                }
                segments.append(.argument(index: position - 1, typed: specifier.text))
            }
        }
        if !text.isEmpty { segments.append(.text(text)) }
        self.segments = segments
        self.isolatesArguments = isolatesArguments
        self.emptyReplacement = emptyReplacement
        if segments.isEmpty {
            constantText = emptyReplacement
        } else if segments.count == 1, case .text(let only) = segments[0] {
            constantText = only
        } else {
            constantText = nil
        }
    }

    /// A template that renders `text` verbatim, `%` signs included (used to show a missing key).
    ///
    /// - Parameters:
    ///   - text: The text to show.
    ///   - emptyReplacement: What to show if `text` is empty.
    init(verbatim text: String, emptyReplacement: String) {
        segments = text.isEmpty ? [] : [.text(text)]
        isolatesArguments = false
        self.emptyReplacement = emptyReplacement
        constantText = text.isEmpty ? emptyReplacement : text
    }

    /// Fills the slots with `arguments`; extra arguments are ignored.
    ///
    /// - Parameter arguments: The values of `%1$@`, `%2$@` …
    /// - Returns: The final text, never empty.
    func render(_ arguments: [String]) -> String {
        if let constantText { return constantText }
        var result = ""
        for segment in segments {
            switch segment {
            case .text(let text):
                result += text
            case .argument(let index, let typed):
                guard index < arguments.count else {
                    result += typed
                    continue
                }
                if isolatesArguments {
                    result.unicodeScalars.append("\u{2068}")
                    result += arguments[index]
                    result.unicodeScalars.append("\u{2069}")
                } else {
                    result += arguments[index]
                }
            }
        }
        return result.isEmpty ? emptyReplacement : result
    }
}
