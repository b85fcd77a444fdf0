internal import Foundation

/// CPU time this process has used, on every thread: what a workload costs the machine, which wall time
/// hides when part of the work runs on a second core (a pool thread, libdispatch's timer thread).
enum ProcessCPU {
    /// User plus system CPU seconds used so far by the whole process.
    static func seconds() -> Double {
        var usage = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return .nan }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// User plus system CPU seconds used so far by this process's children that have ended and been waited for
    /// (the `gdbus` processes of the old desktop sink).
    static func childrenSeconds() -> Double {
        var usage = rusage()
        guard getrusage(RUSAGE_CHILDREN.rawValue, &usage) == 0 else { return .nan }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}
