internal import CDBus
internal import WaveNotifications

#if canImport(Glibc)
    internal import Glibc
#endif

/// Hands work from any thread to a ``BusConnection``'s loop thread and wakes it: the one place the two meet.
///
/// The commands wait behind a ``WaveLock``; the wake-up is an `eventfd` that the loop polls beside the bus socket.
/// Every command's continuation is resumed exactly once: by the loop once it is done with it, or with
/// ``BusError/disconnected`` when the loop has ended (``submit(_:)`` refuses it, or ``finish()`` hands it back).
final class BusMailbox: Sendable {
    /// One piece of work for the loop.
    enum Command: Sendable {
        /// Send a method call and resume `reply` with its answer (or an error) within `timeout`.
        case call(BusMethodCall, timeout: Duration, reply: ThreadHandoff<Result<BusReply, BusError>>)
        /// Send a signal (to `destination` alone, or to every matching rule) and resume `sent` once it is queued.
        case emit(BusSignal, destination: String?, sent: CheckedContinuation<Result<Void, BusError>, Never>)

        /// Resumes the command's continuation with `error`.
        func fail(_ error: BusError) {
            switch self {
            case .call(_, _, let reply): reply.deliver(.failure(error))
            case .emit(_, _, let sent): sent.resume(returning: .failure(error))
            }
        }
    }

    private struct State {
        var commands: [Command] = []
        var isClosing = false
        var isFinished = false
    }

    // Every stored property is Sendable: the state behind a WaveLock, the descriptor an immutable number (written
    // and closed only under the lock; read by the loop, which closes it only through `finish()`).
    private let state = WaveLock(State())
    /// The `eventfd` the loop polls: readable once something was submitted.
    let wakeDescriptor: Int32

    /// Creates a mailbox with its `eventfd` (non-blocking, and closed on `exec` from the start, so that a child
    /// process started meanwhile by another thread does not inherit it).
    ///
    /// - Parameter address: The bus address, for the error.
    /// - Throws: ``BusError/connectionFailed(address:name:message:)`` when the process has no descriptor left.
    init(address: String) throws(BusError) {
        let descriptor = eventfd(0, Int32(EFD_CLOEXEC) | Int32(EFD_NONBLOCK))
        guard descriptor >= 0 else {
            throw .connectionFailed(address: address, name: "eventfd", message: String(cString: strerror(errno)))
        }
        wakeDescriptor = descriptor
    }

    /// Whether the loop still takes commands (not closing, not ended).
    var isOpen: Bool { state.withLock { !$0.isClosing && !$0.isFinished } }

    /// Queues a command and wakes the loop; once the loop has ended or is closing, fails the command instead.
    ///
    /// - Parameter command: The work.
    func submit(_ command: Command) {
        let accepted = state.withLock { state in
            guard !state.isClosing && !state.isFinished else { return false }
            state.commands.append(command)
            wake()
            return true
        }
        if !accepted {
            command.fail(.disconnected)
        }
    }

    /// Asks the loop to close the connection; commands already queued are still handed to it.
    func requestClose() {
        state.withLock { state in
            guard !state.isClosing && !state.isFinished else { return }
            state.isClosing = true
            wake()
        }
    }

    /// What the loop has to do: the queued commands, and whether it must close afterwards.
    ///
    /// - Returns: The commands (now the loop's to resume) and the close request.
    func take() -> (commands: [Command], isClosing: Bool) {
        state.withLock { state in
            defer { state.commands = [] }
            return (state.commands, state.isClosing)
        }
    }

    /// Resets the `eventfd` after the loop woke up on it.
    func drainWakeUps() {
        var count: UInt64 = 0
        _ = read(wakeDescriptor, &count, MemoryLayout<UInt64>.size)
    }

    /// Ends the mailbox for good: closes the `eventfd` and returns the commands nobody will take, for the loop to
    /// fail.
    ///
    /// - Returns: The commands queued since the last ``take()``.
    func finish() -> [Command] {
        state.withLock { state in
            defer { state.commands = [] }
            if !state.isFinished {
                state.isFinished = true
                close(wakeDescriptor)
            }
            return state.commands
        }
    }

    /// Makes the `eventfd` readable; called with the lock held, so never after ``finish()`` closed it.
    private func wake() {
        var one: UInt64 = 1
        _ = write(wakeDescriptor, &one, MemoryLayout<UInt64>.size)
    }
}
