import WaveNotifications

/// A ``SchedulerObserver`` that keeps every report, in order, in a comparable form.
final class RecordingSchedulerObserver: SchedulerObserver {
    /// A report with its error reduced to a description, so reports can be compared with `==`.
    enum Report: Hashable, Sendable {
        case managerCallFailed(ManagerCall, error: String)
        case invalidEventID(String, EventIDError)
    }

    private let storage = WaveLock<[Report]>([])

    /// Every report received so far.
    var reports: [Report] { storage.withLock { $0 } }

    func schedulerDidReport(_ problem: SchedulerProblem) {
        let report: Report
        switch problem {
        case .managerCallFailed(let call, let error):
            report = .managerCallFailed(call, error: String(describing: error))
        case .invalidEventID(let id, let error):
            report = .invalidEventID(id, error)
        }
        storage.withLock { $0.append(report) }
    }
}
