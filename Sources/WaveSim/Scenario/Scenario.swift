public import Foundation
public import WaveNotifications

/// A replay scenario: events, when the replay starts, and what the user does along the way.
public struct Scenario: Sendable, Hashable {
    /// When the replay starts: the file's `now`, else two hours before the earliest start.
    public var start: Date
    /// The events, in file order.
    public var events: [ScenarioEvent]
    /// The user's actions, sorted by instant; actions at one instant keep their file order.
    public var actions: [ScenarioAction]

    /// Creates a scenario.
    ///
    /// - Parameters:
    ///   - start: When the replay starts.
    ///   - events: The events.
    ///   - actions: The actions; sorted by instant here, stably.
    public init(start: Date, events: [ScenarioEvent], actions: [ScenarioAction]) {
        self.start = start
        self.events = events
        self.actions = actions.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }
            .map(\.element)
    }
}

/// One event of a scenario, as the replay tracks it.
public struct ScenarioEvent: WaveEvent, Hashable {
    public var id: String
    public var name: String
    public var location: String
    public var startDate: Date
    public var endDate: Date
    public var timeZone: TimeZone?
    /// Whether the user starts with this event as a favorite.
    public var isFavorite: Bool
    /// When the wave reaches the user, if it does.
    public var waveHitAt: Date?

    /// Creates an event.
    ///
    /// - Parameters:
    ///   - id: The event id.
    ///   - name: The display name.
    ///   - location: The place.
    ///   - startDate: When it starts.
    ///   - endDate: When it ends.
    ///   - timeZone: Its local zone, for displaying local times.
    ///   - isFavorite: Whether it starts as a favorite.
    ///   - waveHitAt: When the wave reaches the user.
    public init(
        id: String, name: String, location: String, startDate: Date, endDate: Date, timeZone: TimeZone? = nil,
        isFavorite: Bool = false, waveHitAt: Date? = nil
    ) {
        self.id = id
        self.name = name
        self.location = location
        self.startDate = startDate
        self.endDate = endDate
        self.timeZone = timeZone
        self.isFavorite = isFavorite
        self.waveHitAt = waveHitAt
    }
}

/// Something the user (or the event service) does at an instant during a replay.
public struct ScenarioAction: Sendable, Hashable {
    /// What happens.
    public enum Kind: Sendable, Hashable {
        /// The user marks the event as a favorite.
        case favorite(eventID: String)
        /// The user unmarks the event.
        case unfavorite(eventID: String)
        /// The event's times change; `nil` fields stay as they are.
        case update(eventID: String, start: Date?, end: Date?, waveHitAt: Date?)
        /// The event is removed from the list (for example cancelled by the organisers).
        case remove(eventID: String)
        /// The app launches and syncs its notifications.
        case launch
    }

    /// When it happens.
    public var at: Date
    /// What happens.
    public var kind: Kind
    /// Its position in the file's `actions` array, for messages.
    public var index: Int

    /// Creates an action.
    ///
    /// - Parameters:
    ///   - at: When it happens.
    ///   - kind: What happens.
    ///   - index: Its position in the file.
    public init(at: Date, kind: Kind, index: Int) {
        self.at = at
        self.kind = kind
        self.index = index
    }

    /// The event the action is about, if any.
    public var eventID: String? {
        switch kind {
        case .favorite(let id), .unfavorite(let id), .remove(let id), .update(let id, _, _, _): return id
        case .launch: return nil
        }
    }
}
