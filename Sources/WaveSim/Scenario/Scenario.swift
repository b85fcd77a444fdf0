package import Foundation
package import WaveNotifications
package import WaveNotificationsTesting

/// A replay scenario: events, when the replay starts, and what the user does along the way.
package struct Scenario: Sendable, Hashable {
    /// When the replay starts: the file's `now`, else two hours before the earliest start.
    package var start: Date
    /// The events, in file order.
    package var events: [ScenarioEvent]
    /// The user's actions, sorted by instant; actions at one instant keep their file order.
    package var actions: [ScenarioAction]
    /// The platform the file names (`"platform"`), if any; `--platform` wins over it.
    package var platform: ReplayOptions.Platform?
    /// Whether the app has a boot receiver on Android (`"bootReceiver"`, default true): it runs and syncs at a reboot.
    package var bootReceiver: Bool
    /// The zone the device's daily windows are read in (`"timeZone"`); UTC when absent.
    package var timeZone: TimeZone?
    /// The device's conditions at the start (`"device"`).
    package var device = DeviceConditions()
    /// Whether the file gives any device condition (a `device` key with a member, or a `device` action).
    package var hasDeviceConditions = false

    /// Creates a scenario.
    ///
    /// - Parameters:
    ///   - start: When the replay starts.
    ///   - events: The events.
    ///   - actions: The actions; sorted by instant here, stably.
    ///   - platform: The platform the file names, if any.
    ///   - bootReceiver: Whether the app runs at an Android reboot.
    package init(
        start: Date, events: [ScenarioEvent], actions: [ScenarioAction], platform: ReplayOptions.Platform? = nil,
        bootReceiver: Bool = true
    ) {
        self.start = start
        self.events = events
        self.platform = platform
        self.bootReceiver = bootReceiver
        self.actions = actions.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }
            .map(\.element)
    }
}

/// One event of a scenario, as the replay tracks it: the event itself and what the scenario adds to it.
package struct ScenarioEvent: WaveEvent, Hashable {
    /// The event as the notification system sees it.
    package var record: WaveEventRecord
    /// Whether the user starts with this event as a favorite.
    package var isFavorite: Bool
    /// When the wave reaches the user, if it does.
    package var waveHitAt: Date?

    package var id: String { record.id }
    package var name: String { record.name }
    package var location: String { record.location }
    package var startDate: Date { record.startDate }
    package var endDate: Date { record.endDate }
    package var timeZone: TimeZone? { record.timeZone }

    /// Creates an event.
    ///
    /// - Parameters:
    ///   - record: The event.
    ///   - isFavorite: Whether it starts as a favorite.
    ///   - waveHitAt: When the wave reaches the user.
    package init(record: WaveEventRecord, isFavorite: Bool = false, waveHitAt: Date? = nil) {
        self.record = record
        self.isFavorite = isFavorite
        self.waveHitAt = waveHitAt
    }
}

/// Something the user (or the event service) does at an instant during a replay.
package struct ScenarioAction: Sendable, Hashable {
    /// What happens.
    package enum Kind: Sendable, Hashable {
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
        /// The system lets the app run briefly in the background; it syncs as at a launch.
        case backgroundRefresh
        /// The device restarts (`docs/scenario-format.md`, Platforms): Android forgets every pending request.
        case reboot
        /// The device's conditions change: the action's `value` merged over the conditions before it.
        case device(DeviceConditions)
        /// The user kills the app (`docs/scenario-format.md`, Killed apps).
        case forceStop
    }

    /// When it happens.
    package var at: Date
    /// What happens.
    package var kind: Kind
    /// Its position in the file's `actions` array, for messages.
    package var index: Int

    /// Creates an action.
    ///
    /// - Parameters:
    ///   - at: When it happens.
    ///   - kind: What happens.
    ///   - index: Its position in the file.
    package init(at: Date, kind: Kind, index: Int) {
        self.at = at
        self.kind = kind
        self.index = index
    }

    /// The event the action is about, if any.
    package var eventID: String? {
        switch kind {
        case .favorite(let id), .unfavorite(let id), .remove(let id), .update(let id, _, _, _): return id
        case .launch, .backgroundRefresh, .reboot, .device, .forceStop: return nil
        }
    }
}
