/// How many notifications each mobile platform lets an app keep scheduled at once.
///
/// Use one as ``LinuxNotificationManager/Configuration/pendingLimit`` to reproduce that platform's budget.
public enum PendingLimit {
    /// iOS keeps at most 64 pending local notification requests per app.
    public static let iOS = 64
    /// Android's WorkManager starts refusing work at about 500 enqueued requests per app.
    public static let android = 500
}
