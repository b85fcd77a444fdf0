/// Exit codes, from BSD's `sysexits.h`, as `wavesim` uses them.
public enum ExitCode {
    /// Success.
    public static let success: Int32 = 0
    /// A check found problems (a well-known file served wrong).
    public static let problemsFound: Int32 = 1
    /// Bad usage: an unknown flag or a bad value.
    public static let usage: Int32 = 64
    /// The input data (the scenario, the configuration) is invalid.
    public static let dataError: Int32 = 65
    /// An input file cannot be read.
    public static let noInput: Int32 = 66
    /// A service the command needs (the server to check) is unavailable.
    public static let unavailable: Int32 = 69
    /// Something failed inside the program.
    public static let software: Int32 = 70
    /// The output could not be written.
    public static let ioError: Int32 = 74
}

/// A command line the program cannot act on; the message names the flag.
struct UsageError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}

/// A failure with its exit code and message.
struct CommandFailure: Error, CustomStringConvertible {
    var status: Int32
    var description: String

    init(_ status: Int32, _ description: String) {
        self.status = status
        self.description = description
    }
}
