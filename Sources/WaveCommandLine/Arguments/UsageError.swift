/// A command line the program cannot act on: the message names the flag and what it accepts; the program exits 64
/// and points to the help of ``subcommand``.
package struct UsageError: Error, CustomStringConvertible {
    /// What is wrong.
    package var description: String
    /// The subcommand whose help explains the fix, if any.
    package var subcommand: String?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - description: What is wrong.
    ///   - subcommand: The subcommand whose help explains the fix.
    package init(_ description: String, subcommand: String? = nil) {
        self.description = description
        self.subcommand = subcommand
    }
}
