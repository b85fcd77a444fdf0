#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// Readable text for `errno` values.
package enum SystemErrorText {
    /// The C library's message for an `errno` value.
    ///
    /// - Parameter code: The `errno` value.
    /// - Returns: For example "No such file or directory".
    package static func describe(_ code: Int32) -> String {
        guard let message = strerror(code) else { return "error \(code)" }
        return String(cString: message)
    }
}
