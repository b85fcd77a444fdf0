/// A system call on the state directory failed.
public struct StateStorageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was being done, for example `fsync` or `rename`.
    public var operation: String
    /// The file or directory it was done to.
    public var path: String
    /// The `errno` value.
    public var code: Int32

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - operation: What was being done.
    ///   - path: The file or directory.
    ///   - code: The `errno` value.
    public init(operation: String, path: String, code: Int32) {
        self.operation = operation
        self.path = path
        self.code = code
    }

    public var description: String {
        "\(operation) \(path) failed: \(SystemErrorText.describe(code)) (errno \(code))"
    }
}
