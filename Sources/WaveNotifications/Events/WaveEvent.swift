public import Foundation

/// A wave event as the notification system sees it: who, where and when.
///
/// Conform your app's own event model to this protocol; ``WaveEventRecord`` is a plain implementation.
///
/// Implementation requirements:
/// - ``id`` should satisfy ``EventID/validate(_:)``; events with other ids are rejected by the scheduler
///   before any notification is built.
/// - ``endDate`` should not be before ``startDate``.
public protocol WaveEvent: Sendable {
    /// The event's stable id, 1 to 50 characters from `A–Z a–z 0–9 _ -`.
    var id: String { get }
    /// The event's display name, used in the finished and wave-hit notifications.
    var name: String { get }
    /// Where the event takes place (usually a city), used in the reminders.
    var location: String { get }
    /// The instant the event starts.
    var startDate: Date { get }
    /// The instant the event ends.
    var endDate: Date { get }
    /// The event's local time zone, if known; used only to display local times.
    var timeZone: TimeZone? { get }
}

/// A plain, value-type ``WaveEvent``.
public struct WaveEventRecord: WaveEvent, Hashable, Codable {
    public var id: String
    public var name: String
    public var location: String
    public var startDate: Date
    public var endDate: Date
    public var timeZone: TimeZone?

    /// Creates an event.
    ///
    /// - Parameters:
    ///   - id: The event's id.
    ///   - name: The display name.
    ///   - location: The place, usually a city.
    ///   - startDate: When it starts.
    ///   - endDate: When it ends.
    ///   - timeZone: Its local time zone, if known.
    public init(
        id: String, name: String, location: String, startDate: Date, endDate: Date, timeZone: TimeZone? = nil
    ) {
        self.id = id
        self.name = name
        self.location = location
        self.startDate = startDate
        self.endDate = endDate
        self.timeZone = timeZone
    }

    /// Copies any event into a record.
    ///
    /// - Parameter event: The event to copy.
    public init(_ event: some WaveEvent) {
        self.init(
            id: event.id, name: event.name, location: event.location,
            startDate: event.startDate, endDate: event.endDate, timeZone: event.timeZone
        )
    }
}
