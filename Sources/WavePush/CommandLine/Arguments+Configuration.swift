internal import WaveCommandLine

extension Arguments {
    /// The one configuration file a subcommand takes, its only positional argument.
    ///
    /// - Parameter subcommand: The subcommand, for the usage error.
    /// - Returns: The file's path.
    /// - Throws: ``UsageError`` when there is not exactly one positional argument.
    func configurationFile(of subcommand: String) throws(UsageError) -> String {
        guard positional.count == 1 else {
            throw UsageError("\(subcommand) takes one configuration file", subcommand: subcommand)
        }
        return positional[0]
    }

    /// The server database of a long-running subcommand (`dispatch`, `serve`): `--db`, else the configuration's
    /// `database`.
    ///
    /// - Parameters:
    ///   - configured: The configuration's `database`, if any.
    ///   - subcommand: The subcommand, for the usage error.
    /// - Returns: The database's file or URI.
    /// - Throws: ``UsageError`` when neither names one.
    func database(configured: String?, of subcommand: String) throws(UsageError) -> String {
        guard let database = values["db"] ?? configured else {
            throw UsageError(
                "\(subcommand) needs a database: --db FILE or \"database\" in the configuration", subcommand: subcommand
            )
        }
        return database
    }
}
