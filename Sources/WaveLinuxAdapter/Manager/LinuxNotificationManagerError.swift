public import Foundation

/// Why a ``LinuxNotificationManager`` refused to be created, started or used.
public enum LinuxNotificationManagerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The configuration is unusable; the text says which setting and why.
    case invalidConfiguration(String)
    /// Another manager, in this process or another one, holds the state directory's lock.
    case stateDirectoryLocked(URL, holderPID: Int32?)
    /// The manager was stopped; call ``LinuxNotificationManager/start()`` again to use it.
    case stopped

    public var description: String {
        switch self {
        case .invalidConfiguration(let reason):
            return "invalid configuration: \(reason)"
        case .stateDirectoryLocked(let directory, let holderPID):
            let holder = holderPID.map { " by process \($0)" } ?? ""
            return "state directory \(directory.path) is in use\(holder); only one manager may own it at a time"
        case .stopped:
            return "the notification manager is stopped"
        }
    }
}
