public import Foundation
import WaveNotifications

// Stand-ins with the shape of BackgroundTasks' types, for the refresh example of docs/conformers.md.

/// `BGTaskRequest`: a task the app asks the system to run, not before `earliestBeginDate`.
public class BGTaskRequest: @unchecked Sendable {
    // Every stored property is behind `lock`.
    private let lock: WaveLock<Date?>
    public let identifier: String

    init(identifier: String) {
        self.identifier = identifier
        lock = WaveLock(nil)
    }

    public var earliestBeginDate: Date? {
        get { lock.withLock { $0 } }
        set { lock.withLock { $0 = newValue } }
    }
}

/// `BGAppRefreshTaskRequest`: a short background run of the app.
public final class BGAppRefreshTaskRequest: BGTaskRequest, @unchecked Sendable {
    override public init(identifier: String) {
        super.init(identifier: identifier)
    }
}

/// `BGTaskScheduler`: keeps the submitted requests, one per identifier (a new one replaces it), as on iOS.
public final class BGTaskScheduler: Sendable {
    public static let shared = BGTaskScheduler()
    private let submitted = WaveLock<[BGTaskRequest]>([])

    /// Stand-in only (iOS has `shared` alone): a scheduler of its own for a test that runs beside others.
    public init() {}

    public func submit(_ taskRequest: BGTaskRequest) throws {
        submitted.withLock { submitted in
            submitted.removeAll { $0.identifier == taskRequest.identifier }
            submitted.append(taskRequest)
        }
    }

    public func pendingTaskRequests() async -> [BGTaskRequest] {
        submitted.withLock { $0 }
    }
}
