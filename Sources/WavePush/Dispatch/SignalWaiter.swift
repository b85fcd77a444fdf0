internal import Foundation

#if canImport(Glibc)
    internal import Glibc
#endif

/// The write end of the pipe the signal handler writes to; set once by ``SignalWaiter/install()`` before the
/// handler exists, then only read.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1
/// Its read end.
nonisolated(unsafe) private var signalPipeReadEnd: Int32 = -1

/// SIGTERM and SIGINT for `wavepush dispatch`: a handler that only writes the signal's number to a pipe (`write` is
/// async-signal-safe, next to nothing else is), and a thread of its own that reads it. The thread unblocks both
/// signals for itself, so one is taken even when every other thread inherited them blocked.
enum SignalWaiter {
    /// Creates the pipe and installs the handler. Call once, first thing in `main`.
    static func install() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        signalPipeReadEnd = ends[0]
        signalPipeWriteEnd = ends[1]
        for number in [SIGTERM, SIGINT] {
            _ = signal(number) { received in
                var byte = UInt8(truncatingIfNeeded: received)
                _ = write(signalPipeWriteEnd, &byte, 1)
            }
        }
    }

    /// Waits on a thread of its own for SIGTERM or SIGINT and returns its number.
    static func wait() async -> Int32 {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                var set = sigset_t()
                sigemptyset(&set)
                sigaddset(&set, SIGTERM)
                sigaddset(&set, SIGINT)
                pthread_sigmask(SIG_UNBLOCK, &set, nil)
                var byte: UInt8 = 0
                while read(signalPipeReadEnd, &byte, 1) != 1 {
                    // Interrupted by the very signal it waits for (EINTR): read again, the byte is in the pipe.
                    if signalPipeReadEnd < 0 { break }
                }
                continuation.resume(returning: Int32(byte))
            }
            thread.name = "wavepush-signals"
            thread.start()
        }
    }
}
