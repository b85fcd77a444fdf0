internal import Foundation
internal import Synchronization
internal import WaveLinuxAdapter
internal import WaveNotifications
internal import WaveStringTables
internal import WaveStrings

/// Workload 5: loading the 34 translation tables, and resolving title and body pairs; each beside
/// Foundation's alternative (PropertyListSerialization for the tables, `String(format:)` for the text).
enum LocalizationWorkload {
    /// The number of bundled languages.
    static let expectedTableCount = 34

    /// A fresh LocalizedStringResolver over the bundled tables, then every key resolved in every language:
    /// indexing, reading, parsing and compiling all 34 tables.
    static func load() throws -> [String: Double] {
        let observer = CountingLocalizationObserver()
        let start = ContinuousClock.now
        let resolver = LocalizedStringResolver(language: "en", environment: [:], observer: observer)
        var checksum = 0
        for language in resolver.availableLanguages {
            resolver.setLanguage(language)
            for key in LocalizationKey.allCases {
                checksum &+= resolver.string(forKey: key.rawValue, arguments: ["Paris", "Wave"]).utf8.count
            }
        }
        let seconds = (ContinuousClock.now - start).seconds
        let tables = resolver.availableLanguages.count
        try WorkloadFailure.check(
            tables == expectedTableCount, "\(tables) tables found, expected \(expectedTableCount)")
        try WorkloadFailure.check(observer.unusableTables == 0, "\(observer.unusableTables) tables could not be parsed")
        try WorkloadFailure.check(checksum > 0, "nothing was resolved")
        return [
            "seconds": seconds, "operations": Double(tables),
            "missingTranslations": Double(observer.missingTranslations),
        ]
    }

    /// StringsFileParser alone over the 34 files.
    static func parse() throws -> [String: Double] {
        let start = ContinuousClock.now
        var entries = 0
        let files = tableFiles()
        for file in files {
            entries += try StringsFileParser.parse(contentsOf: file).entries.count
        }
        let seconds = (ContinuousClock.now - start).seconds
        try checkTables(files.count, entries: entries)
        return ["seconds": seconds, "operations": Double(files.count), "entries": Double(entries)]
    }

    /// Foundation's PropertyListSerialization over the same 34 files, as `Bundle.localizedString` would read them.
    static func parseWithFoundation() throws -> [String: Double] {
        let start = ContinuousClock.now
        var entries = 0
        let files = tableFiles()
        for file in files {
            entries += try foundationTable(at: file).count
        }
        let seconds = (ContinuousClock.now - start).seconds
        try checkTables(files.count, entries: entries)
        return ["seconds": seconds, "operations": Double(files.count), "entries": Double(entries)]
    }

    /// `count` title and body pairs rendered by LocalizedStringResolver in English, cycling through the seven
    /// notification kinds for ten cities.
    static func resolve(count: Int) throws -> [String: Double] {
        let resolver = LocalizedStringResolver(language: "en", environment: [:])
        let contents = sampleContents()
        // Warm-up: parse the table and compile each template once, outside the timed loop.
        for content in contents { _ = resolver.render(content) }
        let start = ContinuousClock.now
        var checksum = 0
        for index in 0..<count {
            let text = resolver.render(contents[index % contents.count])
            checksum &+= text.title.utf8.count &+ text.body.utf8.count
        }
        let seconds = (ContinuousClock.now - start).seconds
        try WorkloadFailure.check(checksum > 0, "nothing was rendered")
        return ["seconds": seconds, "operations": Double(count), "checksum": Double(checksum)]
    }

    /// The alternative: look both keys up in a dictionary loaded with PropertyListSerialization and fill the
    /// body with `String(format:)`.
    static func resolveWithFoundation(count: Int) throws -> [String: Double] {
        guard
            let english = tableFiles().first(where: { $0.deletingLastPathComponent().lastPathComponent == "en.lproj" })
        else { throw WorkloadFailure("no en.lproj table") }
        let table = try foundationTable(at: english)
        let contents = sampleContents()
        func render(_ content: NotificationContent) -> (title: String, body: String) {
            let title = table[content.titleKey] ?? content.titleKey
            let format = table[content.bodyKey] ?? content.bodyKey
            return (title, String(format: format, arguments: content.bodyArgs.map { $0 as any CVarArg }))
        }
        // Both renderings must agree, or the comparison would not be like with like.
        let resolver = LocalizedStringResolver(language: "en", environment: [:])
        let mismatches = contents.filter { content in
            let ours = resolver.render(content)
            let theirs = render(content)
            return ours.title != theirs.title || ours.body != theirs.body
        }
        try WorkloadFailure.check(
            mismatches.isEmpty, "String(format:) and the resolver disagree on \(mismatches.count) payloads")
        let start = ContinuousClock.now
        var checksum = 0
        for index in 0..<count {
            let text = render(contents[index % contents.count])
            checksum &+= text.title.utf8.count &+ text.body.utf8.count
        }
        let seconds = (ContinuousClock.now - start).seconds
        try WorkloadFailure.check(checksum > 0, "nothing was rendered")
        return ["seconds": seconds, "operations": Double(count), "checksum": Double(checksum)]
    }

    /// Every `<code>.lproj/Notifications.strings` bundled, sorted.
    static func tableFiles() -> [URL] {
        let directory = BundledStringTables.directory
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".lproj") }.sorted().map {
            directory.appendingPathComponent($0).appendingPathComponent(LocalizedStringResolver.tableFileName)
        }
    }

    private static func foundationTable(at file: URL) throws -> [String: String] {
        let data = try Data(contentsOf: file)
        let plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        guard let table = plist as? [String: String] else {
            throw WorkloadFailure("\(file.path) is not a strings table for PropertyListSerialization")
        }
        return table
    }

    private static func checkTables(_ count: Int, entries: Int) throws {
        try WorkloadFailure.check(count == expectedTableCount, "\(count) tables found, expected \(expectedTableCount)")
        let keys = LocalizationKey.allCases.count
        try WorkloadFailure.check(
            entries >= count * keys, "\(entries) entries in \(count) tables, expected \(keys) each")
    }

    /// The seven notification kinds (five reminders, finished, wave hit) for ten cities: 70 payloads.
    private static func sampleContents() -> [NotificationContent] {
        let provider = DefaultNotificationContentProvider()
        let cities = [
            "Paris", "Lagos", "São Paulo", "Tokyo", "Cairo", "Mumbai", "Mexico City", "Jakarta", "Berlin", "Sydney",
        ]
        return cities.enumerated().flatMap { number, city in
            let event = WaveEventRecord(
                id: "city-\(number)", name: "Wave \(city)", location: city, startDate: .distantFuture,
                endDate: .distantFuture)
            return NotificationTrigger.standardStartingIntervals.map {
                provider.startingNotification(for: event, before: $0)
            }
                + [provider.finishedNotification(for: event), provider.waveHitNotification(for: event)]
        }
    }
}

/// Counts the resolver's diagnostics.
final class CountingLocalizationObserver: LocalizationObserver {
    private let missing = Atomic<Int>(0)
    private let unusable = Atomic<Int>(0)

    var missingTranslations: Int { missing.load(ordering: .relaxed) }
    var unusableTables: Int { unusable.load(ordering: .relaxed) }

    func translationMissing(key: String, language: String, fallbackLanguage: String?) {
        missing.add(1, ordering: .relaxed)
    }

    func tableUnusable(language: String, error: StringsParseError) {
        unusable.add(1, ordering: .relaxed)
    }
}
