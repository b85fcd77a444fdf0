import Foundation
import Synchronization
import Testing
// README-EXAMPLE-BEGIN
import WaveNotifications

/// The few calls of a platform notification center the manager needs. On iOS a thin wrapper over
/// `UNUserNotificationCenter` conforms to it; in tests an in-memory fake does.
protocol NotificationCenterClient: Sendable {
    /// Adds a request. A pending request with the same identifier is replaced; a request with a `nil`
    /// delay is shown at once and leaves pending requests alone.
    func add(_ request: CenterRequest) async throws
    /// The identifiers of the pending requests in `thread`.
    func pendingIdentifiers(inThread thread: String) async -> [String]
    /// Removes pending requests; identifiers that are not pending are ignored.
    func removePendingRequests(withIdentifiers identifiers: [String]) async
}

/// One request as the center receives it.
struct CenterRequest: Hashable, Sendable {
    /// `event_<id>_<trigger>`: the same event and trigger replace each other.
    var identifier: String
    /// `event_<id>`: groups an event's requests so they can be cancelled together.
    var thread: String
    /// Localization keys and arguments, resolved by the platform when the notification is shown.
    var content: NotificationContent
    /// How long from now it fires; `nil` to show it now.
    var delay: Duration?
}

/// A `NotificationManager` that forwards every request to a notification center.
struct CenterNotificationManager: NotificationManager {
    let center: any NotificationCenterClient

    func scheduleNotification(
        eventID: String, trigger: NotificationTrigger, delay: Duration, content: NotificationContent
    ) async throws {
        // NotificationIdentifier validates the id, so an invalid one throws as the contract requires.
        let id = try NotificationIdentifier(eventID: eventID, trigger: trigger)
        try await center.add(
            CenterRequest(identifier: id.requestIdentifier, thread: id.workTag, content: content, delay: delay))
    }

    func deliverNow(eventID: String, trigger: NotificationTrigger, content: NotificationContent) async throws {
        let id = try NotificationIdentifier(eventID: eventID, trigger: trigger)
        try await center.add(
            CenterRequest(identifier: id.requestIdentifier, thread: id.workTag, content: content, delay: nil))
    }

    func cancelNotification(eventID: String, trigger: NotificationTrigger) async throws {
        let id = try NotificationIdentifier(eventID: eventID, trigger: trigger)
        await center.removePendingRequests(withIdentifiers: [id.requestIdentifier])
    }

    func cancelAllNotifications(eventID: String) async throws {
        // Match the thread, not an identifier prefix: ids may contain "_", so "event_a_" also
        // prefixes the requests of an event called "a_b".
        let thread = try NotificationIdentifier(eventID: eventID, trigger: .eventFinished).workTag
        await center.removePendingRequests(withIdentifiers: await center.pendingIdentifiers(inThread: thread))
    }
}

/// Wires the manager into the shared scheduling logic.
func makeScheduler(
    center: any NotificationCenterClient, favorites: any FavoriteEventsStore, observer: any SchedulerObserver
) -> DefaultNotificationScheduler {
    DefaultNotificationScheduler(
        manager: CenterNotificationManager(center: center), favorites: favorites, observer: observer)
}

/// What the app does when the user stars an event.
func userDidFavorite(
    _ event: some WaveEvent, favorites: any FavoriteEventsStore, scheduler: DefaultNotificationScheduler
) async {
    await favorites.setFavorite(true, eventID: event.id)
    if await scheduler.shouldScheduleNotifications(for: event) {
        await scheduler.scheduleAllNotifications(for: event)
    }
}
// README-EXAMPLE-END

/// The conformer example above is the one docs/conformers.md shows, verbatim.
struct ReadmeExampleTests {
    /// The Swift code between the README-EXAMPLE markers of this file (its copy is in `docs/conformers.md`).
    private static func exampleCode() throws -> String {
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let lines = source.components(separatedBy: "\n")
        let begin = try #require(lines.firstIndex(of: "// README-EXAMPLE-BEGIN"))
        let end = try #require(lines.firstIndex(of: "// README-EXAMPLE-END"))
        return lines[(begin + 1)..<end].joined(separator: "\n")
    }

    private static func repositoryFile(_ relativePath: String) throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return try String(contentsOf: root.appendingPathComponent(relativePath), encoding: .utf8)
    }

    /// Fails whenever the example here and its copy in `docs/conformers.md` (writing a platform conformer) differ.
    @Test func theConformerGuideContainsTheExampleExactly() throws {
        let block = "```swift\n\(try Self.exampleCode())\n```"
        let guide = try Self.repositoryFile("docs/conformers.md")
        #expect(
            guide.contains(block), "docs/conformers.md must contain the code block of ReadmeExampleTests.swift verbatim"
        )
    }
}
