internal import Foundation
internal import WaveCommandLine
internal import WaveNotifications

#if canImport(Glibc)
    internal import Glibc
#endif

/// The keys in force, read from the key file and read again whenever the file changes (its inode, size, or
/// modification or change time), so a key is added, rotated or revoked by rewriting the file, without a restart.
///
/// A file that cannot be read or is not valid closes the API (every keyed route answers 503) until it is fixed: a
/// half-written revocation must not leave the revoked key working. The check is one `stat` per request.
package final class APIKeyring: Sendable {
    /// What a request's `Authorization` field came to.
    package enum Verdict: Sendable, Equatable {
        /// A key in force: the request acts with its rights.
        case key(APIKey)
        /// No `Authorization: Bearer …` field.
        case missing
        /// A bearer key that is none of the keys in force (wrong, or revoked).
        case unknown
        /// The key file cannot be read or is not valid; the reason names the file and path, never a key.
        case unavailable(String)
    }

    private struct FileSignature: Equatable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modified: timespec
        var changed: timespec

        static func == (lhs: FileSignature, rhs: FileSignature) -> Bool {
            lhs.device == rhs.device && lhs.inode == rhs.inode && lhs.size == rhs.size
                && lhs.modified.tv_sec == rhs.modified.tv_sec && lhs.modified.tv_nsec == rhs.modified.tv_nsec
                && lhs.changed.tv_sec == rhs.changed.tv_sec && lhs.changed.tv_nsec == rhs.changed.tv_nsec
        }
    }

    private struct State {
        var signature: FileSignature?
        var keys: Result<[APIKey], Unavailable> = .failure(Unavailable(reason: "not read yet"))
    }

    /// Why no key is in force: the key file's path and problem, never a key.
    package struct Unavailable: Error, Sendable, CustomStringConvertible {
        /// The reason.
        package var reason: String

        package var description: String { reason }
    }

    /// The key file.
    package let path: String
    private let state = WaveLock(State())
    private let onReload: @Sendable (Result<[String], Unavailable>) -> Void

    /// Reads the key file.
    ///
    /// - Parameters:
    ///   - path: The key file.
    ///   - onReload: Told each time the file is read: the key names in force, or why none is (for the log).
    /// - Throws: ``ScenarioError`` or a ``KeyFileError`` when the file cannot be read or is not valid at start.
    package init(path: String, onReload: @escaping @Sendable (Result<[String], Unavailable>) -> Void = { _ in }) throws
    {
        self.path = path
        self.onReload = onReload
        let signature = Self.signature(of: path)
        let keys = try APIKeyFile.decode(try Self.bytes(of: path), file: path)
        state.withLock {
            $0.signature = signature
            $0.keys = .success(keys)
        }
        onReload(.success(keys.map(\.name)))
    }

    /// The keys in force now, after reading the file again if it changed.
    ///
    /// - Returns: The keys, or why there are none.
    package func currentKeys() -> Result<[APIKey], Unavailable> {
        let signature = Self.signature(of: path)
        let (keys, reloaded) = state.withLock { state -> (Result<[APIKey], Unavailable>, Bool) in
            // A file that stays missing is not read again on every request: its failure stands until it reappears.
            guard signature != state.signature else { return (state.keys, false) }
            state.signature = signature
            do {
                state.keys = .success(try APIKeyFile.decode(try Self.bytes(of: path), file: path))
            } catch {
                state.keys = .failure(Unavailable(reason: "\(error)"))
            }
            return (state.keys, true)
        }
        if reloaded {
            switch keys {
            case .success(let keys): onReload(.success(keys.map(\.name)))
            case .failure(let failure): onReload(.failure(failure))
            }
        }
        return keys
    }

    /// Finds the key a request presents, comparing it with every key in force in constant time.
    ///
    /// - Parameter authorization: The request's `Authorization` field, if any.
    /// - Returns: The verdict.
    package func verdict(authorization: String?) -> Verdict {
        guard let authorization, authorization.utf8.count > 7,
            authorization.prefix(7).lowercased() == "bearer "
        else { return .missing }
        let presented = Array(authorization.utf8.dropFirst(7))
        switch currentKeys() {
        case .failure(let failure):
            return .unavailable(failure.reason)
        case .success(let keys):
            // Every key is compared, whichever matches: the time taken says nothing about which one or how close.
            var found: APIKey?
            for key in keys where key.matches(presented) && found == nil { found = key }
            return found.map(Verdict.key) ?? .unknown
        }
    }

    private static func signature(of path: String) -> FileSignature? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileSignature(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
            modified: info.st_mtim, changed: info.st_ctim)
    }

    private static func bytes(of path: String) throws(KeyFileError) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else { throw KeyFileError(path: path) }
        return Array(data)
    }
}

/// A key file that cannot be read (missing, or not readable by the server's user).
package struct KeyFileError: Error, Sendable, CustomStringConvertible {
    /// The file.
    package var path: String

    package var description: String { "\(path): cannot read the key file" }
}
