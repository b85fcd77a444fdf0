internal import Foundation

/// This process's resident memory, from `/proc/self/status` (Linux).
struct ProcessMemory: Codable {
    /// `VmHWM`: the peak resident set size since the process started, in bytes.
    var peakResidentBytes: Int
    /// `VmRSS`: the resident set size now, in bytes.
    var residentBytes: Int

    /// Reads the current figures; zero when `/proc` is unavailable.
    static func current() -> ProcessMemory {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        return ProcessMemory(
            peakResidentBytes: kilobytes(of: "VmHWM", in: status) * 1024,
            residentBytes: kilobytes(of: "VmRSS", in: status) * 1024)
    }

    /// The resident set size after asking the allocator to return its free pages to the system: close to
    /// the memory still in use, which plain `VmRSS` overstates after many frees.
    static func liveResidentBytes() -> Int {
        // glibc's `malloc_trim` is not in the Glibc module map; look it up by name.
        typealias Trim = @convention(c) (Int) -> Int32
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
            _ = unsafeBitCast(symbol, to: Trim.self)(0)
        }
        return current().residentBytes
    }

    private static func kilobytes(of field: String, in status: String) -> Int {
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            let digits = line.dropFirst(field.count + 1).filter(\.isNumber)
            return Int(digits) ?? 0
        }
        return 0
    }
}
