internal import Foundation
internal import WaveCommandLine

/// The file `--html FILE` names, written whole or not at all.
///
/// A temporary file beside it is created before the replay or the fleet runs, so a folder that cannot be written
/// fails at once; the page goes into it at the end, as standard output is written, and it is renamed over the path
/// only once every byte is on disk. A run that fails leaves the path as it was (an earlier page stays) and no
/// temporary file behind.
final class HTMLFile {
    /// The path as given.
    let path: String
    private let temporaryPath: String
    private var descriptor: Int32

    /// Creates the temporary file beside the path.
    ///
    /// - Parameter path: The path, as named on the command line.
    /// - Throws: ``CommandFailure`` with status 73 (`cannotCreate`) naming the path and the system's reason.
    init(creating path: String) throws(CommandFailure) {
        self.path = path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw CommandFailure(ExitCode.cannotCreate, "--html: cannot create '\(path)': it is a directory")
        }
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        var template = Array(((folder.isEmpty ? "" : folder + "/") + ".\(name).XXXXXX").utf8CString)
        descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw CommandFailure(
                ExitCode.cannotCreate, "--html: cannot create '\(path)': \(String(cString: strerror(errno)))")
        }
        temporaryPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        // mkstemp makes the file private (0600); a page is as readable as any file the user writes.
        _ = fchmod(descriptor, 0o644)
    }

    /// The file `--html` named, created; `nil` when the flag was not given.
    ///
    /// - Parameter path: The flag's path, if given.
    /// - Returns: The file.
    /// - Throws: ``CommandFailure`` with status 73 when it cannot be created.
    static func create(_ path: String?) throws(CommandFailure) -> HTMLFile? {
        guard let path else { return nil }
        return try HTMLFile(creating: path)
    }

    deinit {
        // Not written (the run failed) or not renamed (the write failed): nothing is left behind.
        if descriptor >= 0 {
            close(descriptor)
            unlink(temporaryPath)
        }
    }

    /// Writes the page, closes the file and puts it at the path.
    ///
    /// - Parameter page: The page.
    /// - Throws: ``CommandFailure`` with status 74 (`ioError`) when the bytes cannot all be written or the file
    ///   cannot be put at the path.
    func write(_ page: String) throws(CommandFailure) {
        defer {
            if descriptor >= 0 {
                close(descriptor)
                descriptor = -1
                unlink(temporaryPath)
            }
        }
        let bytes = Array(page.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                Foundation.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                throw CommandFailure(
                    ExitCode.ioError, "--html: cannot write '\(path)': \(String(cString: strerror(errno)))")
            }
            written += count
        }
        let status = close(descriptor)
        descriptor = -1
        guard status == 0, rename(temporaryPath, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporaryPath)
            throw CommandFailure(ExitCode.ioError, "--html: cannot write '\(path)': \(reason)")
        }
    }
}
