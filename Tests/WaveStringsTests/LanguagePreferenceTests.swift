import Testing
import WaveStrings

/// Picking the language from the argument and the (injected) environment.
struct LanguagePreferenceTests {
    @Test func lcAllBeatsLcMessagesBeatsLang() {
        let all = ["LC_ALL": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8", "LANG": "es_ES.UTF-8"]
        #expect(LanguagePreference.resolve(argument: nil, environment: all).tag?.description == "de-DE")
        #expect(LanguagePreference.resolve(argument: nil, environment: all).source == .environment(variable: "LC_ALL"))

        var messages = all
        messages["LC_ALL"] = nil
        #expect(LanguagePreference.resolve(argument: nil, environment: messages).tag?.description == "fr-FR")

        let lang = ["LANG": "es_ES.UTF-8"]
        #expect(LanguagePreference.resolve(argument: nil, environment: lang).tag?.description == "es-ES")
        #expect(LanguagePreference.resolve(argument: nil, environment: lang).source == .environment(variable: "LANG"))
    }

    @Test func anArgumentBeatsTheEnvironment() {
        let preference = LanguagePreference.resolve(argument: "ja", environment: ["LC_ALL": "de_DE.UTF-8"])
        #expect(preference.tag?.description == "ja")
        #expect(preference.source == .argument)
        #expect(preference.requested == "ja")
    }

    @Test(arguments: ["C", "POSIX", "C.UTF-8", ""])
    func cAndPosixMeanNoPreference(_ value: String) {
        let preference = LanguagePreference.resolve(
            argument: value, environment: ["LC_ALL": value, "LC_MESSAGES": value, "LANG": "fr_CA.UTF-8"])
        #expect(preference.tag?.description == "fr-CA")
        #expect(preference.requested == "fr_CA.UTF-8")
    }

    @Test func nothingSetMeansNoPreference() {
        let preference = LanguagePreference.resolve(argument: nil, environment: ["LANG": "C"])
        #expect(preference == LanguagePreference(requested: nil, tag: nil, source: .none))
    }

    @Test func aMalformedArgumentIsStillAnExplicitRequest() {
        let preference = LanguagePreference.resolve(argument: "!!", environment: ["LANG": "fr_FR.UTF-8"])
        #expect(preference.source == .argument)
        #expect(preference.tag == nil)
    }
}
