internal import Foundation
package import WaveCommandLine

/// How `wavesim fleet` runs: the flags of `wavesim fleet FILE` and `wavesim fleet merge PARTS…`.
package struct FleetOptions: Sendable, Equatable {
    /// What the command does.
    package enum Mode: Sendable, Equatable {
        /// Replays the fleet (or one shard of it).
        case run(file: String)
        /// Combines the parts of the shards.
        case merge(parts: [String])
    }

    /// What the command does.
    package var mode: Mode
    /// The answer's format.
    package var format: ReplayOptions.Format = .text
    /// The shard to run, `(index, count)`: then a part is written, not an answer.
    package var shard: (index: Int, count: Int)?
    /// How many users run at once; `nil` for one per core.
    package var threads: Int?
    /// Whether the progress bar stays off even on a terminal.
    package var isQuiet = false
    /// With ``emitsScenario``, the user whose scenario is written.
    package var user: Int?
    /// Writes the scenario of ``user`` instead of running the fleet.
    package var emitsScenario = false
    /// A file to write the answer's page to (`--html FILE`, ``FleetPage``), beside the answer; `nil` for none.
    package var htmlPath: String?
    /// Whether `--format` was given (a shard writes a part, which has one format).
    private var formatGiven = false

    package static func == (lhs: FleetOptions, rhs: FleetOptions) -> Bool {
        lhs.mode == rhs.mode && lhs.format == rhs.format && lhs.shard?.index == rhs.shard?.index
            && lhs.shard?.count == rhs.shard?.count && lhs.threads == rhs.threads && lhs.isQuiet == rhs.isQuiet
            && lhs.user == rhs.user && lhs.emitsScenario == rhs.emitsScenario
            && lhs.htmlPath == rhs.htmlPath
    }

    /// Parses the arguments after `fleet`.
    ///
    /// - Parameters:
    ///   - arguments: The arguments.
    ///   - environment: The environment (`JOB_COMPLETION_INDEX`, the shard index of a Kubernetes Indexed Job).
    /// - Returns: The options.
    /// - Throws: ``UsageError`` naming the flag and what it accepts.
    package static func parse(_ arguments: [String], environment: [String: String]) throws(UsageError) -> FleetOptions {
        var options = FleetOptions(mode: .run(file: ""))
        var reader = ArgumentReader(arguments, subcommand: "fleet")
        var positional: [String] = []
        var shardCount: Int?
        while let argument = reader.next() {
            switch argument.name {
            case "--format":
                options.format = try reader.choice(for: argument, ReplayOptions.Format.self)
                options.formatGiven = true
            case "--shard":
                let value = try reader.value(for: argument)
                let parts = value.split(separator: "/", omittingEmptySubsequences: false)
                guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
                    (0..<count).contains(index)
                else {
                    throw reader.error("--shard: '\(value)' is not i/K with 0 <= i < K, for example 0/4")
                }
                options.shard = (index, count)
            case "--shards":
                let value = try reader.value(for: argument)
                guard let count = Int(value), count >= 1 else {
                    throw reader.error("--shards: '\(value)' is not a whole number of at least 1")
                }
                shardCount = count
            case "--threads":
                let value = try reader.value(for: argument)
                guard let threads = Int(value), (1...1024).contains(threads) else {
                    throw reader.error("--threads: '\(value)' is not a whole number from 1 to 1024")
                }
                options.threads = threads
            case "--html":
                options.htmlPath = try reader.value(for: argument)
            case "--quiet":
                options.isQuiet = true
            case "--user":
                let value = try reader.value(for: argument)
                guard let user = Int(value), user >= 0 else {
                    throw reader.error("--user: '\(value)' is not a user index (0 or more)")
                }
                options.user = user
            case "--emit-scenario":
                options.emitsScenario = true
            default:
                if argument.name.hasPrefix("-") && argument.name != "-" && !argument.isAfterTerminator {
                    throw reader.error("unknown option '\(argument.name)'")
                }
                positional.append(argument.name)
            }
        }
        if positional.first == "merge" {
            let parts = Array(positional.dropFirst())
            guard !parts.isEmpty else { throw reader.error("merge: give the parts, for example part-*.json") }
            guard options.shard == nil, shardCount == nil, options.user == nil, !options.emitsScenario else {
                throw reader.error("merge takes only --format, --html and the parts")
            }
            options.mode = .merge(parts: parts)
            return options
        }
        guard positional.count == 1 else {
            throw reader.error(
                positional.isEmpty
                    ? "missing the fleet file, for example Examples/fleet-hydracat-android.json"
                    : "unexpected argument '\(positional[1])': give one fleet file")
        }
        options.mode = .run(file: positional[0])
        if let count = shardCount {
            guard options.shard == nil else { throw reader.error("--shards: give --shard i/K or --shards K, not both") }
            guard let text = environment["JOB_COMPLETION_INDEX"] else {
                throw reader.error(
                    "--shards \(count): the shard index comes from JOB_COMPLETION_INDEX, which is not set")
            }
            guard let index = Int(text), (0..<count).contains(index) else {
                throw reader.error("JOB_COMPLETION_INDEX: '\(text)' is not a shard index from 0 to \(count - 1)")
            }
            options.shard = (index, count)
        }
        if options.shard != nil, options.formatGiven {
            throw reader.error("--format: a shard writes a part (JSON); give --format to 'wavesim fleet merge'")
        }
        if options.htmlPath != nil, options.shard != nil {
            throw reader.error("--html: a shard writes a part; give --html to 'wavesim fleet merge'")
        }
        if options.htmlPath != nil, options.emitsScenario {
            throw reader.error("--html: --emit-scenario writes one user's scenario, not an answer")
        }
        if options.emitsScenario != (options.user != nil) {
            throw reader.error("--user N and --emit-scenario go together: they write the scenario user N gets")
        }
        if options.emitsScenario, options.shard != nil {
            throw reader.error("--emit-scenario writes one user's scenario; it takes no shard")
        }
        return options
    }
}
