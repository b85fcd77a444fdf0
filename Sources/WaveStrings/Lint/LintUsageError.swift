/// Why the lint could not run at all: bad usage rather than bad translations (a command line exits 64, `EX_USAGE`).
public enum LintUsageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path does not exist.
    case directoryNotFound(path: String)
    /// The path exists but is not a directory.
    case notADirectory(path: String)
    /// The directory cannot be listed.
    case unreadable(path: String, reason: String)
    /// The directory has no `en.lproj` folder, so there is no reference to compare with.
    case missingEnglish(path: String)

    /// The exit status for bad usage, `EX_USAGE` from `sysexits.h`.
    public static let exitStatus: Int32 = 64

    /// A one-line explanation naming the path.
    public var description: String {
        switch self {
        case .directoryNotFound(let path): "\(path): no such directory"
        case .notADirectory(let path): "\(path): not a directory"
        case .unreadable(let path, let reason): "\(path): cannot read the directory: \(reason)"
        case .missingEnglish(let path):
            "\(path): no en.lproj folder; English is the reference the other languages are compared with"
        }
    }
}
