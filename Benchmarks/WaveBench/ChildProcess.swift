internal import Foundation
internal import Synchronization

/// The parent side: re-executes this binary with the hidden `--case` flag and reads its result back.
///
/// A fresh process per run keeps one case's heap (and the allocator's retained pages) out of another's
/// peak memory, and makes every run start from the same state.
enum ChildProcess {
    /// Runs one case once in a child process.
    ///
    /// - Returns: The child's result, or a result whose ``CaseResult/failure`` says what went wrong (a crash,
    ///   a timeout, a non-zero exit, unreadable output).
    static func run(
        _ benchCase: BenchCase, size: Int, context: CaseContext, timeout: Duration
    ) -> CaseResult {
        var arguments = ["--case", benchCase.rawValue, "--size", String(size)]
        if context.quick { arguments.append("--quick") }
        if let input = context.input { arguments += ["--input", input] }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        // The child's standard error stays the parent's, so a crash message shows where it happened.

        func failed(_ message: String) -> CaseResult {
            CaseResult(
                caseName: benchCase.rawValue, size: size, metrics: [:], peakResidentBytes: 0, residentBytes: 0,
                failure: message)
        }
        do {
            try process.run()
        } catch {
            return failed("cannot start the child process: \(error)")
        }

        let watch = Watchdog(pid: process.processIdentifier, timeout: timeout)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watch.childExited()

        if watch.didKill {
            return failed("timed out after \(timeout) and was killed")
        }
        let decoded = data.split(separator: UInt8(ascii: "\n")).last.flatMap {
            try? JSONDecoder().decode(CaseResult.self, from: Data($0))
        }
        if process.terminationReason == .uncaughtSignal {
            return failed("killed by signal \(process.terminationStatus)")
        }
        guard var result = decoded else {
            return failed("exited with status \(process.terminationStatus) without a result")
        }
        if process.terminationStatus != 0 && result.failure == nil {
            result.failure = "exited with status \(process.terminationStatus)"
        }
        return result
    }
}

/// Kills a child that outlives its timeout; a thread of its own, so a blocked parent still enforces it.
private final class Watchdog: Sendable {
    private let exited = Atomic<Bool>(false)
    private let killed = Atomic<Bool>(false)

    init(pid: Int32, timeout: Duration) {
        let thread = Thread { [self] in
            let deadline = ContinuousClock.now + timeout
            while ContinuousClock.now < deadline {
                if exited.load(ordering: .acquiring) { return }
                Thread.sleep(forTimeInterval: 0.05)
            }
            if !exited.load(ordering: .acquiring) {
                killed.store(true, ordering: .releasing)
                kill(pid, SIGKILL)
            }
        }
        thread.start()
    }

    var didKill: Bool { killed.load(ordering: .acquiring) }

    func childExited() {
        exited.store(true, ordering: .releasing)
    }
}
