import Foundation
import TestSupport
import Testing
import WaveLinuxAdapter
import WaveNotifications
import WaveNotificationsTesting
import WaveStrings

/// A text whose key a table lacks: shown in English where English has it, else as its key, and reported once per
/// key to the manager's observer through the resolver.
struct MissingTranslationTests {
    let clock = ManualWaveClock(now: Fixtures.start)
    let sink = RecordingSink()
    let log = EventLog()

    private func request(_ identifier: String, at seconds: Double, title: String, body: String) -> NotificationRequest {
        NotificationRequest(
            identifier: identifier, threadID: "reminders", channel: Fixtures.channel(),
            fireAt: Fixtures.start.addingTimeInterval(seconds),
            title: LocalizedText(table: IncompleteStringTables.table, key: title),
            body: LocalizedText(table: IncompleteStringTables.table, key: body), deepLink: "app://log")
    }

    private func makeManager(language: String) throws -> LinuxNotificationManager {
        let resolver = LocalizedStringResolver(
            directory: IncompleteStringTables.directory, language: language, environment: [:],
            observer: ManagerLocalizationObserver(forwardingTo: log))
        return try LinuxNotificationManager(
            configuration: .init(pendingLimit: PendingLimit.iOS), clock: clock, sink: sink, renderer: resolver,
            observer: log)
    }

    private var missing: [MissingTranslation] {
        log.all.compactMap { event in
            if case .translationMissing(let missing) = event { return missing }
            return nil
        }
    }

    @Test func aKeyMissingInGermanIsShownInEnglishAndReportedOnce() async throws {
        let manager = try makeManager(language: "de")
        try await manager.add([
            request("first", at: 60, title: "reminder_title", body: "reminder_body"),
            request("second", at: 120, title: "reminder_title", body: "reminder_body"),
        ])
        await clock.advance(by: .seconds(180))
        #expect(sink.deliveries.map(\.text.title) == ["Zeit für deine Erinnerung", "Zeit für deine Erinnerung"])
        #expect(sink.deliveries.map(\.text.body) == ["Open the app to log it.", "Open the app to log it."])
        #expect(
            missing == [
                MissingTranslation(key: "reminder_body", table: "Reminders", language: "de", fallbackLanguage: "en")
            ])
        // The report comes before the delivery that needed the text.
        let names = log.names
        let reported = try #require(names.firstIndex(of: "translation missing reminder_body"))
        let delivered = try #require(names.firstIndex(of: "delivered first"))
        #expect(reported < delivered)
    }

    @Test func aKeyNoTableHasIsShownAsItselfAndReportedOnce() async throws {
        let manager = try makeManager(language: "en")
        try await manager.add([
            request("first", at: 60, title: "reminder_title_new", body: "reminder_body"),
            request("second", at: 120, title: "reminder_title_new", body: "reminder_body"),
        ])
        await clock.advance(by: .seconds(180))
        #expect(sink.deliveries.map(\.text.title) == ["reminder_title_new", "reminder_title_new"])
        #expect(
            missing == [
                MissingTranslation(key: "reminder_title_new", table: "Reminders", language: "en", fallbackLanguage: nil)
            ])
        #expect(
            missing.map(\.description) == [
                "the key 'reminder_title_new' of table 'Reminders' is missing; no table has it, so the key itself is shown"
            ])
    }

    @Test func aCompleteTableReportsNothing() async throws {
        let manager = try makeManager(language: "en")
        try await manager.add([request("first", at: 60, title: "reminder_title", body: "reminder_body")])
        await clock.advance(by: .seconds(60))
        #expect(sink.deliveries.count == 1)
        #expect(missing.isEmpty)
    }
}
