internal import Foundation
internal import WaveJSON
internal import WaveNotifications
internal import WaveNotificationsTesting

/// An app scenario: the common envelope of `docs/scenario-format.md` (App scenarios) with the app's actions decoded.
struct AppScenario: Sendable {
    /// One action of the scenario, in time order (file order at equal instants).
    struct Action: Sendable {
        /// What the action does.
        enum Kind: Sendable {
            /// The app opens and reconciles.
            case launch
            /// The system lets the app run briefly; it reconciles.
            case backgroundRefresh
            /// The device restarts (see ``AppScenario/platform``).
            case reboot
            /// The permission changes.
            case permission(PermissionStatus)
            /// The device moves to another zone.
            case timeZone(TimeZone)
            /// The settings, already merged over the previous ones and validated.
            case settings(JSONValue)
            /// The device's conditions change: the `device` value, already merged over the previous conditions and
            /// decoded.
            case device(DeviceConditions)
            /// The user kills the app (`docs/scenario-format.md`, Killed apps).
            case forceStop
            /// One of the app's own actions.
            case app(any AppActionPayload)
        }

        /// When it happens.
        var at: Date
        /// Its JSON path, like `actions[3]`, for warnings.
        var path: String
        /// What it does.
        var kind: Kind
    }

    /// The app's name (`gonow`, `hydracat`, `shadow`, `growbro`).
    var app: String
    /// The device's zone at the start.
    var timeZone: TimeZone
    /// When the replay starts.
    var start: Date
    /// When it ends; nothing after it is delivered.
    var until: Date?
    /// The permission at the start.
    var permission: PermissionStatus
    /// Where requests wait: `--platform`, else the scenario's `platform`, else iOS.
    var platform: ReplayOptions.Platform
    /// Android: whether the app runs at a reboot (its boot receiver).
    var bootReceiver: Bool
    /// The actions, sorted by instant, file order at equal instants.
    var actions: [Action]
    /// The device's conditions at the start (`device`): an ideal phone when absent.
    var device = DeviceConditions()
    /// Whether the scenario gives any device condition (a `device` key with a member, or a `device` action): only
    /// then does the output add the 50-on-screen cap and the summary's `late` and `quiet`.
    var hasDeviceConditions = false
}
