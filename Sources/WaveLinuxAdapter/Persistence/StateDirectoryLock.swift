package import Foundation
internal import WaveNotifications

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// An exclusive, non-blocking `flock` on `<directory>/lock`, so one process at a time owns a state directory.
///
/// The kernel drops the lock when the holder exits, even on `SIGKILL`, so a crash never leaves a stale lock.
/// The holder writes its pid into the file only so the refusal can name it.
package final class StateDirectoryLock: Sendable {
    /// The lock file.
    package let lockFile: URL
    // The descriptor holding the lock, or -1 once released; behind a WaveLock so release is safe from any task.
    private let descriptor: WaveLock<Int32>

    /// Takes the lock, creating the directory and the lock file if needed.
    ///
    /// - Parameter directory: The state directory.
    /// - Throws: ``LinuxNotificationManagerError/stateDirectoryLocked(_:holderPID:)`` when another process
    ///   (or another manager in this one) holds it; ``StateStorageError`` when the directory or file cannot
    ///   be created or opened.
    package init(directory: URL) throws {
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw StateStorageError(operation: "mkdir", path: directory.path, code: Self.errnoValue(of: error))
        }
        lockFile = directory.appendingPathComponent("lock", isDirectory: false)
        let fd = open(lockFile.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw StateStorageError(operation: "open", path: lockFile.path, code: errno)
        }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            let holder = Self.readPID(fd)
            close(fd)
            if code == EWOULDBLOCK {
                throw LinuxNotificationManagerError.stateDirectoryLocked(directory, holderPID: holder)
            }
            throw StateStorageError(operation: "flock", path: lockFile.path, code: code)
        }
        let pid = Array("\(getpid())\n".utf8)
        if ftruncate(fd, 0) == 0 {
            _ = pid.withUnsafeBytes { pwrite(fd, $0.baseAddress!, $0.count, 0) }
        }
        descriptor = WaveLock(fd)
    }

    deinit {
        release()
    }

    /// Releases the lock; later calls do nothing.
    package func release() {
        let fd = descriptor.withLock { fd in
            defer { fd = -1 }
            return fd
        }
        guard fd >= 0 else { return }
        flock(fd, LOCK_UN)
        close(fd)
    }

    private static func readPID(_ fd: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, $0.count, 0) }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[0..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return Int32(text)
    }

    private static func errnoValue(of error: any Error) -> Int32 {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain
        {
            return Int32(underlying.code)
        }
        return nsError.domain == NSPOSIXErrorDomain ? Int32(nsError.code) : EIO
    }
}
