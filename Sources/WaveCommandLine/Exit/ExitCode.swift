/// Exit codes, from BSD's `sysexits.h`, as both tools use them.
package enum ExitCode {
    /// Success.
    package static let success: Int32 = 0
    /// A check found problems (the lint, a well-known file served wrong).
    package static let problemsFound: Int32 = 1
    /// Bad usage: an unknown flag or a bad value.
    package static let usage: Int32 = 64
    /// The input data (the scenario, a configuration file) is invalid.
    package static let dataError: Int32 = 65
    /// An input file cannot be read.
    package static let noInput: Int32 = 66
    /// A service the command needs (the desktop notification server, the server to check) is unavailable.
    package static let unavailable: Int32 = 69
    /// Something failed inside the program.
    package static let software: Int32 = 70
    /// An output file named on the command line (`--html FILE`) cannot be created.
    package static let cannotCreate: Int32 = 73
    /// The output could not be written (a closed pipe, a full disk).
    package static let ioError: Int32 = 74
}
