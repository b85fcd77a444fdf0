/// A writing system that the lint expects a language's values to be mostly written in.
///
/// Membership is by Unicode block, so signs such as the Japanese prolonged sound mark `ー` count with
/// their script. Only letters are counted (scalars with the Unicode `Alphabetic` property), so digits,
/// punctuation and spaces neither help nor hurt.
enum WritingScript: String, Sendable, CaseIterable {
    case arabic = "Arabic"
    case hebrew = "Hebrew"
    case ethiopic = "Ethiopic"
    case bengali = "Bengali"
    case devanagari = "Devanagari"
    case gurmukhi = "Gurmukhi"
    case thai = "Thai"
    case japanese = "Hiragana/Katakana/Han"
    case hangul = "Hangul"
    case han = "Han"
    case cyrillic = "Cyrillic"

    /// The script expected for a language code, by its base language; `nil` for Latin-script or unlisted ones.
    ///
    /// - Parameter language: A language code such as `ru` or `zh-Hant`.
    /// - Returns: The script its values must mostly use.
    static func expected(forLanguage language: String) -> WritingScript? {
        switch LanguageTag(language)?.language {
        case "ar", "fa", "ur": return .arabic
        case "he": return .hebrew
        case "am": return .ethiopic
        case "bn": return .bengali
        case "hi": return .devanagari
        case "pa": return .gurmukhi
        case "th": return .thai
        case "ja": return .japanese
        case "ko": return .hangul
        case "zh": return .han
        case "ru", "uk": return .cyrillic
        default: return nil
        }
    }

    /// The blocks (inclusive scalar value ranges) that make up the script.
    private var ranges: [ClosedRange<UInt32>] {
        let han: [ClosedRange<UInt32>] = [
            0x2E80...0x2FDF, 0x3005...0x3007, 0x3021...0x3029, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xF900...0xFAFF, 0x20000...0x3134F,
        ]
        switch self {
        case .arabic: return [0x0600...0x06FF, 0x0750...0x077F, 0x08A0...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF]
        case .hebrew: return [0x0590...0x05FF, 0xFB1D...0xFB4F]
        case .ethiopic: return [0x1200...0x139F, 0x2D80...0x2DDF, 0xAB00...0xAB2F]
        case .bengali: return [0x0980...0x09FF]
        case .devanagari: return [0x0900...0x097F, 0xA8E0...0xA8FF]
        case .gurmukhi: return [0x0A00...0x0A7F]
        case .thai: return [0x0E00...0x0E7F]
        case .japanese: return [0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F] + han
        case .hangul: return [0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7AF, 0xD7B0...0xD7FF]
        case .han: return han
        case .cyrillic: return [0x0400...0x052F, 0x1C80...0x1C8F, 0x2DE0...0x2DFF, 0xA640...0xA69F]
        }
    }

    /// Whether `scalar` belongs to this script.
    func contains(_ scalar: Unicode.Scalar) -> Bool {
        ranges.contains { $0.contains(scalar.value) }
    }

    /// Counts the letters of `text`, and those in this script.
    ///
    /// - Parameter text: A value with its placeholders already removed.
    /// - Returns: The number of letters in this script and the number of letters in all.
    func letterCounts(in text: String) -> (inScript: Int, letters: Int) {
        var inScript = 0
        var letters = 0
        for scalar in text.unicodeScalars where scalar.properties.isAlphabetic {
            letters += 1
            if contains(scalar) { inScript += 1 }
        }
        return (inScript, letters)
    }
}
