import WaveLinuxAdapter
import WaveNotifications
import WaveStrings

/// A renderer whose output names the key, the arguments and the current language, so tests can see when
/// (and in which language) text was rendered.
final class FakeRenderer: NotificationTextRenderer {
    private let language: WaveLock<String>
    private let renders = WaveLock(0)

    init(language: String = "en") {
        self.language = WaveLock(language)
    }

    /// Switches the language used by later renders.
    func switchLanguage(to language: String) {
        self.language.withLock { $0 = language }
    }

    /// How many times ``render(_:)`` was called.
    var renderCount: Int { renders.withLock { $0 } }

    func render(_ content: NotificationContent) -> RenderedText {
        renders.withLock { $0 += 1 }
        let language = self.language.withLock { $0 }
        return RenderedText(
            title: "\(language):\(content.titleKey)",
            body: "\(language):\(content.bodyKey)(\(content.bodyArgs.joined(separator: ",")))", locale: language)
    }
}
