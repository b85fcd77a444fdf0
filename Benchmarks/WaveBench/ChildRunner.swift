internal import Foundation

/// The child side: runs one case once and reports it on the original standard output.
enum ChildRunner {
    /// Runs `benchCase` at `size`, then writes one ``CaseResult`` JSON line.
    ///
    /// Everything the workload itself writes to standard output (the replay's JSON Lines) goes to
    /// `/dev/null`; the result goes to a duplicate of the original descriptor, so nothing can corrupt it.
    /// - Returns: The exit status: 0, or 1 when the workload failed.
    static func run(_ benchCase: BenchCase, size: Int, context: CaseContext) async -> Int32 {
        let resultDescriptor = dup(STDOUT_FILENO)
        let devNull = open("/dev/null", O_WRONLY)
        guard resultDescriptor >= 0, devNull >= 0, dup2(devNull, STDOUT_FILENO) >= 0 else {
            FileHandle.standardError.write(Data("wavebench: cannot redirect standard output\n".utf8))
            return 1
        }
        close(devNull)

        var metrics: [String: Double] = [:]
        var failure: String?
        let load = MachineFacts.loadAverage().split(separator: " ").first.flatMap { Double($0) }
        do {
            metrics = try await benchCase.run(size: size, context: context)
        } catch {
            failure = "\(error)"
        }
        // The one-minute load average as the run started: how busy the shared machine was.
        metrics["loadAverage"] = load
        let memory = ProcessMemory.current()
        let result = CaseResult(
            caseName: benchCase.rawValue, size: size, metrics: metrics, peakResidentBytes: memory.peakResidentBytes,
            residentBytes: memory.residentBytes, failure: failure)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var line = (try? encoder.encode(result)) ?? Data("{}".utf8)
        line.append(UInt8(ascii: "\n"))
        let handle = FileHandle(fileDescriptor: resultDescriptor, closeOnDealloc: true)
        handle.write(line)
        return failure == nil ? 0 : 1
    }
}
