internal import Foundation

/// Reads a credential file once, whole.
enum KeyFile {
    /// The file's bytes.
    ///
    /// - Parameter path: The file.
    /// - Returns: Its bytes; the caller overwrites them once parsed.
    /// - Throws: ``CredentialError/unreadableFile(path:reason:)`` when it is missing or unreadable.
    static func read(_ path: String) throws(CredentialError) -> [UInt8] {
        guard FileManager.default.fileExists(atPath: path) else {
            throw .unreadableFile(path: path, reason: "no such file")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadableFile(path: path, reason: "not readable by this user")
        }
        return [UInt8](data)
    }
}
