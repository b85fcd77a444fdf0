internal import Dispatch
package import Foundation

#if canImport(Glibc)
    internal import Glibc

    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    internal import Darwin

    private let systemWrite = Darwin.write
#endif

/// Reads and atomically replaces `state.json` in a state directory: the format before the SQLite store, now read
/// once to import it (``LinuxNotificationManager`` never writes it).
///
/// A save writes a temporary file in the same directory, fsyncs it, renames it over `state.json` and
/// fsyncs the directory, so after a crash at any point the file is either the old state or the new one.
/// Callers hold the directory's ``StateDirectoryLock``, so there is exactly one writer.
package final class StateFileStore: Sendable {
    /// The result of reading the state file.
    package enum LoadResult: Sendable {
        /// There is no state file yet.
        case empty
        /// The file was intact: the state and its validated pending notifications.
        case loaded(PersistedState, [PendingNotification])
        /// The file was damaged and has been renamed to `movedTo`.
        case damaged(StateFileDamage, movedTo: URL)
    }

    /// The state directory.
    package let directory: URL
    /// `<directory>/state.json`.
    package let stateFile: URL
    /// The temporary file a save writes before renaming it into place.
    package let temporaryFile: URL

    /// One serial queue for the blocking writes, so they stay off the cooperative thread pool.
    private let writes = DispatchQueue(label: "WaveLinuxAdapter.StateFileStore")

    /// Creates a store for a directory (which must exist).
    ///
    /// - Parameter directory: The state directory.
    package init(directory: URL) {
        self.directory = directory
        stateFile = directory.appendingPathComponent("state.json", isDirectory: false)
        temporaryFile = directory.appendingPathComponent(".state.json.tmp", isDirectory: false)
    }

    /// Reads the state file, moving a damaged one aside, and removes a temporary file a crash left behind.
    ///
    /// - Parameter now: The instant used to name a moved-aside file.
    /// - Returns: What was found.
    /// - Throws: ``StateStorageError`` when the file exists but cannot be read or moved aside.
    package func load(now: Date) throws -> LoadResult {
        // A leftover temporary file is a save that never reached its rename: garbage by construction.
        if unlink(temporaryFile.path) != 0 && errno != ENOENT {
            throw StateStorageError(operation: "unlink", path: temporaryFile.path, code: errno)
        }
        let bytes: Data
        do {
            bytes = try readFile(stateFile.path)
        } catch let error as StateStorageError where error.code == ENOENT {
            return .empty
        }
        do throws(StateFileDamage) {
            let state = try PersistedState.decode(bytes)
            return .loaded(state, try state.pendingNotifications())
        } catch {
            return .damaged(error, movedTo: try moveAside(now: now))
        }
    }

    /// Replaces the state file with `bytes`, durably, on the store's writer queue.
    ///
    /// - Parameter bytes: The complete new file.
    /// - Throws: ``StateStorageError`` naming the system call that failed; the old file is then intact.
    package func write(_ bytes: Data) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            writes.async {
                continuation.resume(with: Result { try self.writeNow(bytes) })
            }
        }
    }

    /// Replaces the state file with `bytes`, durably, on the calling thread.
    ///
    /// - Parameter bytes: The complete new file.
    /// - Throws: ``StateStorageError`` naming the system call that failed; the old file is then intact.
    package func writeNow(_ bytes: Data) throws {
        let temporaryPath = temporaryFile.path
        let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw StateStorageError(operation: "open", path: temporaryPath, code: errno)
        }
        do {
            try writeAll(bytes, to: descriptor, path: temporaryPath)
            guard fsync(descriptor) == 0 else {
                throw StateStorageError(operation: "fsync", path: temporaryPath, code: errno)
            }
        } catch {
            close(descriptor)
            unlink(temporaryPath)
            throw error
        }
        guard close(descriptor) == 0 else {
            let code = errno
            unlink(temporaryPath)
            throw StateStorageError(operation: "close", path: temporaryPath, code: code)
        }
        guard rename(temporaryPath, stateFile.path) == 0 else {
            let code = errno
            unlink(temporaryPath)
            throw StateStorageError(operation: "rename", path: stateFile.path, code: code)
        }
        try syncDirectory()
    }

    /// Renames the state file, once its content is safely elsewhere, to `state.json.imported-<UTC timestamp>`
    /// (adding `-2`, `-3`… if that name is taken), so it is never imported twice and never deleted.
    ///
    /// - Parameter now: The instant used to name the file.
    /// - Returns: Its new name.
    /// - Throws: ``StateStorageError`` when the rename fails (the file is then still `state.json`).
    package func markImported(now: Date) throws -> URL {
        try renameStateFile(suffix: "imported", now: now)
    }

    /// Renames the state file to `state.json.corrupt-<UTC timestamp>`, adding `-2`, `-3`… if that name is taken.
    private func moveAside(now: Date) throws -> URL {
        try renameStateFile(suffix: "corrupt", now: now)
    }

    private func renameStateFile(suffix: String, now: Date) throws -> URL {
        let stamp = Self.timestamp(now)
        var candidate = directory.appendingPathComponent("state.json.\(suffix)-\(stamp)")
        var attempt = 1
        while access(candidate.path, F_OK) == 0 {
            attempt += 1
            candidate = directory.appendingPathComponent("state.json.\(suffix)-\(stamp)-\(attempt)")
        }
        guard rename(stateFile.path, candidate.path) == 0 else {
            throw StateStorageError(operation: "rename", path: stateFile.path, code: errno)
        }
        try syncDirectory()
        return candidate
    }

    private func syncDirectory() throws {
        let descriptor = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw StateStorageError(operation: "open", path: directory.path, code: errno)
        }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else {
            throw StateStorageError(operation: "fsync", path: directory.path, code: errno)
        }
    }

    private func writeAll(_ bytes: Data, to descriptor: Int32, path: String) throws {
        try bytes.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw StateStorageError(operation: "write", path: path, code: errno)
                }
                offset += written
            }
        }
    }

    private func readFile(_ path: String) throws -> Data {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw StateStorageError(operation: "open", path: path, code: errno)
        }
        defer { close(descriptor) }
        var result = Data()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw StateStorageError(operation: "read", path: path, code: errno)
            }
            if count == 0 { return result }
            result.append(contentsOf: chunk[0..<count])
        }
    }

    /// `yyyyMMdd'T'HHmmss'Z'` in UTC.
    private static func timestamp(_ date: Date) -> String {
        let iso = UTCDateParts(Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))).iso8601
        return iso.filter { $0 != "-" && $0 != ":" }
    }
}
