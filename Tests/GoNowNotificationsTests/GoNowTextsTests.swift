import Foundation
import GoNowNotifications
import Testing
import WaveNotifications

private typealias F = GoNowFixtures

struct GoNowTextsTests {
    /// The English table, read from the source tree, rendered with positional arguments.
    private static let english = table("en")
    private static let hebrew = table("he")

    private static func table(_ language: String) -> [String: String] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(
                "Resources/Localizations/\(language).lproj/GoNow.strings")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        var result: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("\"") && line.hasSuffix("\";") {
            let parts = line.dropLast(2).components(separatedBy: "\" = \"")
            if parts.count == 2 { result[String(parts[0].dropFirst())] = parts[1] }
        }
        return result
    }

    private func render(_ text: LocalizedText) -> String {
        var value = Self.english[text.key] ?? "<missing \(text.key)>"
        for (index, argument) in text.arguments.enumerated() {
            value = value.replacingOccurrences(of: "%\(index + 1)$@", with: argument)
        }
        return value
    }

    private func candidate(
        _ mode: GoNowMode, _ kind: GoNowCandidateKind, start: String = "07:00", scores: [Int] = [80, 80],
        reason: String? = nil
    ) -> GoNowCandidate {
        let begin = F.local("2026-06-01T\(start)")
        let window = GoNowWindow(
            mode: mode, date: try! LocalDate(parsing: "2026-06-01"), start: begin,
            end: begin.addingTimeInterval(Double(scores.count) * 3600), scores: scores, topReason: reason)
        return GoNowCandidate(
            mode: mode, kind: kind, date: window.date, window: window, fireAt: begin, isMorningSlot: true)
    }

    private func body(_ candidate: GoNowCandidate, dog: String? = nil) -> String {
        render(GoNowTexts.body(for: candidate, dogName: dog, in: F.zone))
    }

    @Test func perfectFromAnAverageOfEightyFive() {
        #expect(body(candidate(.swimSolo, .best, scores: [85])) == "The sea is calling. 07:00-08:00 looks perfect.")
        #expect(
            body(candidate(.swimSolo, .best, scores: [85, 84], reason: "Waves calm"))
                == "Best time: 07:00-09:00. Waves calm.")
        #expect(
            body(candidate(.runSolo, .best, scores: [90, 90]))
                == "Lace up. 07:00-09:00 is perfect — cool, calm, clean air.")
    }

    @Test(arguments: [("Waves calm", "Waves calm"), ("Waves calm.", "Waves calm"), ("  Cool breeze. ", "Cool breeze")])
    func reasonGetsExactlyOnePeriod(reason: String, argument: String) {
        let text = GoNowTexts.body(for: candidate(.runSolo, .best, reason: reason), dogName: nil, in: F.zone)
        #expect(text.key == "gonow.run_solo.good")
        #expect(text.arguments == ["07:00", "09:00", argument])
        #expect(render(text) == "07:00-09:00. \(argument).")
    }

    @Test(arguments: [nil, "", "   "] as [String?])
    func goodWithoutReasonLeavesTheSentenceOut(reason: String?) {
        let text = GoNowTexts.body(for: candidate(.swimSolo, .best, reason: reason), dogName: nil, in: F.zone)
        #expect(text.key == "gonow.swim_solo.good_no_reason")
        #expect(render(text) == "Best time: 07:00-09:00.")
    }

    @Test func dogNameAndYourDogFallback() {
        #expect(render(GoNowTexts.title(for: .swimDog, dogName: "Luna")) == "Swim with Luna")
        #expect(render(GoNowTexts.title(for: .runDog, dogName: nil)) == "Run with your dog")
        #expect(render(GoNowTexts.title(for: .runSolo, dogName: "Luna")) == "Run window")
        let perfect = candidate(.swimDog, .best, scores: [90])
        #expect(body(perfect, dog: "Luna") == "Luna approved. 07:00-08:00 — calm waves, good temps.")
        #expect(body(perfect, dog: " ") == "Your dog approved. 07:00-08:00 — calm waves, good temps.")
        #expect(
            body(candidate(.swimDog, .best, reason: "Waves low"), dog: nil)
                == "07:00-09:00 looks good for a swim with your dog. Waves low.")
        #expect(
            body(candidate(.runDog, .best, reason: "Cooler temps, lower UV"), dog: "Rex")
                == "07:00-09:00 is safe for Rex. Cooler temps, lower UV.")
        #expect(
            body(candidate(.runDog, .best, scores: [88]), dog: nil)
                == "Morning run with your dog? 07:00-08:00 before the heat kicks in.")
    }

    @Test func backupTexts() {
        #expect(
            body(candidate(.swimSolo, .backup, start: "17:00", scores: [75]))
                == "Backup plan: 17:00-18:00 if morning doesn't work.")
        #expect(
            body(candidate(.swimDog, .backup, start: "17:00", scores: [75]), dog: "Luna")
                == "Afternoon backup: 17:00-18:00 works for Luna too.")
        let runDog = GoNowTexts.body(for: candidate(.runDog, .backup, scores: [90]), dogName: "Luna", in: F.zone)
        #expect(runDog.key == "gonow.run_dog.backup")
        #expect(render(runDog) == "Backup option: 07:00-08:00. Still comfortable for paws.")
    }

    @Test(arguments: [("11:00", "morning"), ("12:00", "afternoon"), ("16:00", "afternoon"), ("17:00", "evening")])
    func tomorrowNamesThePartOfTheDay(start: String, part: String) {
        let solo = GoNowTexts.body(for: candidate(.swimSolo, .tomorrow, start: start), dogName: nil, in: F.zone)
        #expect(solo.key == "gonow.swim_solo.tomorrow.\(part)")
        #expect(render(solo).hasPrefix("Tomorrow \(part) looks good for a swim. \(start)-"))
        #expect(
            body(candidate(.runSolo, .tomorrow, start: start), dog: nil).hasPrefix(
                "Tomorrow \(part) looks solid for a run."))
        #expect(
            body(candidate(.runDog, .tomorrow, start: start), dog: nil)
                .hasPrefix("Your dog would approve of tomorrow \(part). \(start)-"))
        #expect(
            body(candidate(.runDog, .tomorrow, start: start), dog: "Rex").hasPrefix(
                "Rex would approve of tomorrow \(part)."))
        #expect(
            body(candidate(.swimDog, .tomorrow, start: start), dog: "Luna")
                .hasPrefix("Tomorrow's looking good for Luna. \(start)-"))
    }

    @Test func heatWarningNamesTheDog() {
        let heat = GoNowCandidate(
            mode: .runDog, kind: .heat, date: try! LocalDate(parsing: "2026-06-01"), window: nil,
            fireAt: F.local("2026-06-01T06:30"), isMorningSlot: true)
        #expect(body(heat, dog: "Rex") == "No good run windows for Rex today. Too warm.")
        #expect(body(heat, dog: nil) == "No good run windows for your dog today. Too warm.")
    }

    @Test func everyKeyTheCodeUsesIsInBothTablesWithItsArguments() {
        var texts: [LocalizedText] = []
        for mode in GoNowMode.allCases {
            for dog in ["Luna", nil] as [String?] {
                texts.append(GoNowTexts.title(for: mode, dogName: dog))
                for kind in GoNowCandidateKind.allCases where kind != .heat {
                    for start in ["07:00", "13:00", "18:00"] {
                        for scores in [[95], [75]] {
                            for reason in ["Calm", nil] as [String?] {
                                texts.append(
                                    GoNowTexts.body(
                                        for: candidate(mode, kind, start: start, scores: scores, reason: reason),
                                        dogName: dog, in: F.zone))
                            }
                        }
                    }
                }
            }
            texts.append(GoNowChannels.channel(for: mode).name)
            texts.append(GoNowChannels.channel(for: mode).channelDescription)
        }
        texts += GoNowChannels.actions.map(\.title)
        let heat = GoNowCandidate(
            mode: .runDog, kind: .heat, date: try! LocalDate(parsing: "2026-06-01"), window: nil, fireAt: .distantPast,
            isMorningSlot: true)
        texts += ["Rex", nil].map { GoNowTexts.body(for: heat, dogName: $0, in: F.zone) }
        for table in [Self.english, Self.hebrew] {
            for text in texts {
                let value = table[text.key]
                #expect(value != nil, "missing \(text.key)")
                let expected = Set((0..<text.arguments.count).map { "%\($0 + 1)$@" })
                let found = Set((1...9).map { "%\($0)$@" }.filter { value?.contains($0) == true })
                #expect(found == expected, "\(text.key)")
            }
        }
        #expect(Set(Self.english.keys) == Set(Self.hebrew.keys))
        #expect(Set(texts.map(\.key)) == Set(Self.english.keys))
    }
}
