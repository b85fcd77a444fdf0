/// A failure that ends a command with a given exit status and a one-line message (`<tool>: error: <message>`).
package struct CommandFailure: Error, CustomStringConvertible {
    /// The exit status, one of ``ExitCode``'s.
    package var status: Int32
    /// The message.
    package var description: String

    /// Creates a failure.
    ///
    /// - Parameters:
    ///   - status: The exit status.
    ///   - description: The message.
    package init(_ status: Int32, _ description: String) {
        self.status = status
        self.description = description
    }

    /// A file's bytes, or a failure with status 66 (`noInput`) naming it.
    ///
    /// - Parameter path: The file, as named on the command line.
    /// - Returns: Its bytes.
    /// - Throws: ``CommandFailure`` when it cannot be read.
    package static func readFile(_ path: String) throws(CommandFailure) -> [UInt8] {
        guard let bytes = FileBytes.read(path) else {
            throw CommandFailure(ExitCode.noInput, "cannot read '\(path)': no such file or not readable")
        }
        return bytes
    }
}
