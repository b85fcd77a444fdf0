internal import Foundation
internal import WaveJSON
internal import WaveNotifications

/// A fleet file (`docs/fleet.md`): one app scenario as a template, a population, and how many users to draw from it.
struct FleetFile: Sendable {
    /// How many users the fleet has.
    var users: Int
    /// The seed every user's draws start from (with the user's index).
    var seed: UInt64
    /// The local date every user's replay starts on, at 00:00 in the user's zone.
    var start: LocalDate
    /// How many days each user is replayed.
    var days: Int
    /// The app scenario every user starts from, without the keys the population sets.
    var template: JSONValue
    /// The template's app: `worldwidewaves`, `gonow`, `hydracat`, `shadow` or `growbro`.
    var app: String
    /// The distributions each user's conditions and habits are drawn from.
    var population: FleetPopulation
    /// A hash of the file's bytes, so that `merge` refuses parts of different fleets.
    var fingerprint: String
}

/// The distributions of a fleet's users: platform, zone, sleep, the phone's conditions and the user's habits.
struct FleetPopulation: Sendable {
    /// A choice among named values, each with its share of the users (the shares sum to 1).
    struct Shares: Sendable {
        /// The choices in file order, each with its share.
        var choices: [(name: String, share: Double)]

        /// The choice a number in [0, 1) falls on: the first whose running sum of shares exceeds it.
        func pick(_ unit: Double) -> String {
            var sum = 0.0
            for choice in choices {
                sum += choice.share
                if unit < sum { return choice.name }
            }
            // Rounding may leave the sum a hair under 1: the last choice with a share takes the rest.
            return choices.last { $0.share > 0 }?.name ?? choices[choices.count - 1].name
        }
    }

    /// A daily local window drawn per user: its start uniformly in a range of local times, its length in a range.
    struct Window: Sendable {
        /// The share of users who have it.
        var share: Double
        /// The earliest start, minutes after local midnight.
        var earliestStart: Int
        /// The latest start, minutes after local midnight; below `earliestStart` when the range crosses midnight.
        var latestStart: Int
        /// The shortest length in minutes.
        var shortest: Int
        /// The longest length in minutes.
        var longest: Int
    }

    /// iOS's Scheduled Summary: who has the app in it, and at which local times it is delivered.
    struct Summary: Sendable {
        /// The share of iOS users with the app in their summary.
        var share: Double
        /// The summary's local times, `HH:MM`.
        var times: [String]
    }

    /// Which platform each user has (`ios`, `android`).
    var platform = Shares(choices: [("ios", 1)])
    /// Which zone each user lives in (IANA names).
    var timeZone = Shares(choices: [("UTC", 1)])
    /// The nightly idle window (the phone lies still, screen off); `nil` for none.
    var sleep: Window?
    /// The share of sleepers whose phone charges through the night.
    var charging = 0.0
    /// The mean launches a day, at waking times.
    var launchesPerDay = 0.0
    /// The mean background refreshes a day, at any time.
    var backgroundRefreshesPerDay = 0.0
    /// The mean force stops a day (the user kills the app), at waking times.
    var forceStopsPerDay = 0.0
    /// GrowBro's background pushes (`push` of kind `refresh`): the mean a day, at any time.
    var backgroundPushesPerDay = 0.0
    /// The share of Android users who deny exact alarms.
    var exactAlarmsDenied = 0.0
    /// Android's App Standby buckets.
    var bucket = Shares(choices: [("active", 1)])
    /// iOS's Focus window; `nil` for none.
    var focus: Window?
    /// The share of Focus users whose Focus silences time-sensitive notifications too.
    var focusSilencesTimeSensitive = 0.0
    /// iOS's Scheduled Summary; `nil` for none.
    var summary: Summary?
    /// iOS's Low Power Mode window; `nil` for none.
    var lowPower: Window?
    /// GrowBro's pushes: the mean a day of each kind (`reply`, `like`, `system`), in that order.
    var pushesPerDay: [(kind: String, rate: Double)] = []
}
