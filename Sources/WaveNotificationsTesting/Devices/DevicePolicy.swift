/// What a platform decides about every app it runs, as a value a simulated device is given and a ``DeviceRunLoop``
/// reads once (`docs/scenario-format.md`, Platforms): which platform it is, how many pending requests it arms or holds,
/// whether the app runs at a reboot, and whether the scenario gave it conditions.
public struct DevicePolicy: Hashable, Sendable {
    /// Which platform it is.
    public var platform: DevicePlatform
    /// How many pending requests it arms or holds at once (64 on iOS, 500 alarms on Android).
    public var pendingLimit: Int
    /// Whether the device runs the app at a reboot (Android's boot receiver).
    public var hasBootReceiver: Bool
    /// Whether the scenario gave it conditions (Doze, buckets, Focus …): the loop then tells it of wakes and asks it
    /// when the app's own alarms run.
    public var hasConditions: Bool

    /// Creates a policy.
    ///
    /// - Parameters:
    ///   - platform: Which platform it is.
    ///   - pendingLimit: How many pending requests it arms or holds at once.
    ///   - hasBootReceiver: Whether the app runs at a reboot (default `true`).
    ///   - hasConditions: Whether the scenario gave it conditions (default `false`: an ideal device).
    public init(platform: DevicePlatform, pendingLimit: Int, hasBootReceiver: Bool = true, hasConditions: Bool = false)
    {
        self.platform = platform
        self.pendingLimit = pendingLimit
        self.hasBootReceiver = hasBootReceiver
        self.hasConditions = hasConditions
    }
}
