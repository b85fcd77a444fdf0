public import Foundation

extension LinuxNotificationManager {
    /// How a manager budgets, where it saves, and how late it still shows what fired while it was down.
    public struct Configuration: Hashable, Sendable {
        /// How many notifications may be armed at once (at least 1); the rest wait in a backlog.
        ///
        /// ``PendingLimit/iOS`` (64, the default) or ``PendingLimit/android`` (500) reproduce those platforms.
        public var pendingLimit: Int
        /// Where state is saved, or `nil` to keep it in memory only.
        ///
        /// ``defaultStateDirectory(environment:)`` is the conventional place.
        public var stateDirectory: URL?
        /// How late a saved notification may still be shown after a restart; older ones are recorded as missed.
        public var gracePeriod: Duration
        /// How many shown notifications the manager remembers for withdrawal, expiry and collapsing (at least 1);
        /// beyond that the oldest shown is forgotten, not withdrawn.
        public var shownLimit: Int
        /// How long a commit waits for another connection's lock on the database before the call fails with a
        /// busy ``SQLiteError`` (5 seconds by default); only another program opening the file can hold one.
        public var databaseBusyTimeout: Duration

        /// Creates a configuration.
        ///
        /// - Parameters:
        ///   - pendingLimit: How many notifications may be armed at once; 64 (iOS) by default.
        ///   - stateDirectory: Where state is saved; memory only by default.
        ///   - gracePeriod: How late a notification may be shown after a restart; 30 minutes by default.
        ///   - shownLimit: How many shown notifications are remembered; 512 by default.
        ///   - databaseBusyTimeout: How long a commit waits for another connection's lock; 5 seconds by default.
        public init(
            pendingLimit: Int = PendingLimit.iOS, stateDirectory: URL? = nil, gracePeriod: Duration = .seconds(1800),
            shownLimit: Int = 512, databaseBusyTimeout: Duration = .seconds(5)
        ) {
            self.pendingLimit = pendingLimit
            self.stateDirectory = stateDirectory
            self.gracePeriod = gracePeriod
            self.shownLimit = shownLimit
            self.databaseBusyTimeout = databaseBusyTimeout
        }

        /// The XDG state directory for this library: `$XDG_STATE_HOME/wavenotifications`, or
        /// `$HOME/.local/state/wavenotifications` when `XDG_STATE_HOME` is unset, empty or relative.
        ///
        /// - Parameter environment: The process environment, usually `ProcessInfo.processInfo.environment`.
        /// - Returns: The directory; it may not exist yet (the manager creates it).
        public static func defaultStateDirectory(environment: [String: String]) -> URL {
            // The XDG spec says relative paths in these variables are invalid and must be ignored.
            if let stateHome = environment["XDG_STATE_HOME"], stateHome.hasPrefix("/") {
                return URL(fileURLWithPath: stateHome, isDirectory: true)
                    .appendingPathComponent("wavenotifications", isDirectory: true)
            }
            let home: URL
            if let path = environment["HOME"], path.hasPrefix("/") {
                home = URL(fileURLWithPath: path, isDirectory: true)
            } else {
                home = FileManager.default.homeDirectoryForCurrentUser
            }
            return home.appendingPathComponent(".local/state/wavenotifications", isDirectory: true)
        }

        /// Checks the settings.
        ///
        /// - Throws: ``LinuxNotificationManagerError/invalidConfiguration(_:)`` naming the bad setting.
        func validate() throws(LinuxNotificationManagerError) {
            guard pendingLimit >= 1 else {
                throw .invalidConfiguration("pendingLimit is \(pendingLimit); it must be at least 1")
            }
            guard shownLimit >= 1 else {
                throw .invalidConfiguration("shownLimit is \(shownLimit); it must be at least 1")
            }
            guard gracePeriod >= .zero else {
                throw .invalidConfiguration("gracePeriod is \(gracePeriod); it must not be negative")
            }
            guard databaseBusyTimeout >= .zero else {
                throw .invalidConfiguration("databaseBusyTimeout is \(databaseBusyTimeout); it must not be negative")
            }
            if let stateDirectory, !stateDirectory.isFileURL {
                throw .invalidConfiguration("stateDirectory \(stateDirectory) is not a file URL")
            }
        }
    }
}
