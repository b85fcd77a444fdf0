internal import Foundation
internal import WaveCommandLine

/// The file `--html FILE` names: created (or emptied) before the replay or the fleet runs, so a path that cannot be
/// written fails at once, and written once at the end, as standard output is.
final class HTMLFile {
    /// The path as given.
    let path: String
    private var descriptor: Int32

    /// Creates or empties the file.
    ///
    /// - Parameter path: The path, as named on the command line.
    /// - Throws: ``CommandFailure`` with status 73 (`cannotCreate`) naming the path and the system's reason.
    init(creating path: String) throws(CommandFailure) {
        self.path = path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw CommandFailure(ExitCode.cannotCreate, "--html: cannot create '\(path)': it is a directory")
        }
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw CommandFailure(
                ExitCode.cannotCreate, "--html: cannot create '\(path)': \(String(cString: strerror(errno)))")
        }
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
        if descriptor >= 0 { close(descriptor) }
    }

    /// Writes the page and closes the file.
    ///
    /// - Parameter page: The page.
    /// - Throws: ``CommandFailure`` with status 74 (`ioError`) when the bytes cannot all be written.
    func write(_ page: String) throws(CommandFailure) {
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
        guard status == 0 else {
            throw CommandFailure(
                ExitCode.ioError, "--html: cannot write '\(path)': \(String(cString: strerror(errno)))")
        }
    }
}
