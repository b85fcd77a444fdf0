internal import Foundation

/// A whole file's bytes.
enum FileBytes {
    static func read(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }
}
