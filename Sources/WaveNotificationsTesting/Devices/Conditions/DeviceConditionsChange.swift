public import WaveNotifications

/// A change of some of a phone's conditions, merged over the conditions before it key by key, as a scenario's
/// `device` action is (`docs/scenario-format.md`, Device conditions): what it leaves `nil` stays as it was. Run it with
/// ``DeviceRunAction/Kind/deviceChange(_:)``; ``DeviceRunAction/Kind/device(_:)`` replaces every condition.
///
/// ```swift
/// var revoke = DeviceConditionsChange()
/// revoke.exactAlarmsAllowed = false  // the idle windows, the bucket and the rest stay
/// DeviceRunAction(at: monday, kind: .deviceChange(revoke))
/// ```
public struct DeviceConditionsChange: Hashable, Sendable {
    /// The idle windows (`idle`), replaced whole.
    public var idle: [DeviceConditions.IdleWindow]?
    /// `android.exactAlarms`: whether exact alarms are allowed.
    public var exactAlarmsAllowed: Bool?
    /// `android.bucket`.
    public var bucket: StandbyBucket?
    /// `android.scheduleMode`: `.some(nil)` removes the override.
    public var scheduleMode: AndroidScheduleMode??
    /// `ios.focus`, replaced whole.
    public var focus: [DeviceConditions.FocusWindow]?
    /// `ios.scheduledSummary`: `.some(nil)` takes the app out of the summary.
    public var scheduledSummary: [LocalTime]??
    /// `ios.lowPower`, replaced whole.
    public var lowPower: [LocalTimeWindow]?

    /// Creates a change of nothing; set what changes.
    public init() {}

    /// The conditions with this change merged over them.
    ///
    /// - Parameter conditions: The conditions before.
    /// - Returns: The conditions after.
    public func applied(to conditions: DeviceConditions) -> DeviceConditions {
        var merged = conditions
        if let idle { merged.idle = idle }
        if let exactAlarmsAllowed { merged.android.exactAlarmsAllowed = exactAlarmsAllowed }
        if let bucket { merged.android.bucket = bucket }
        if let scheduleMode { merged.android.scheduleMode = scheduleMode }
        if let focus { merged.ios.focus = focus }
        if let scheduledSummary { merged.ios.scheduledSummary = scheduledSummary }
        if let lowPower { merged.ios.lowPower = lowPower }
        return merged
    }
}
