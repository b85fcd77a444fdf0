internal import Foundation
package import WaveCommandLine
internal import WaveJSON

/// `wavesim fleet`: replays a population of users drawn from one app scenario and answers what share of them is
/// told on time (`docs/fleet.md`); `--shard i/K` writes one shard's part, `wavesim fleet merge` combines the parts.
package enum FleetCommand {
    /// Runs the command.
    ///
    /// - Parameters:
    ///   - options: The command line.
    ///   - output: Where the answer, the part or the scenario goes.
    ///   - errors: Where the progress bar and errors go.
    /// - Returns: The exit status.
    /// - Throws: ``UsageError``, ``ScenarioError`` (exit 65) and the platform's errors.
    package static func run(options: FleetOptions, output: OutputChannel, errors: OutputChannel) async throws -> Int32 {
        switch options.mode {
        case .run(let file):
            return try await run(file: file, options: options, output: output, errors: errors)
        case .merge(let files):
            return try merge(files: files, options: options, output: output, errors: errors)
        }
    }

    private static func run(
        file: String, options: FleetOptions, output: OutputChannel, errors: OutputChannel
    ) async throws -> Int32 {
        guard let bytes = read(file, errors: errors) else { return ExitCode.noInput }
        let fleet = try FleetFileDecoder.decode(bytes, file: file)
        if options.emitsScenario, let index = options.user {
            guard index < fleet.users else {
                throw UsageError(
                    "--user: \(index) is not a user of this fleet (0 to \(fleet.users - 1))", subcommand: "fleet")
            }
            let user = FleetUser(fleet: fleet, index: index)
            _ = try decode(user, file: file)
            var writer = JSONWriter(capacity: 8192)
            writer.value(user.scenario)
            output.writeLine(writer.text)
            return output.hasFailed ? ExitCode.ioError : ExitCode.success
        }
        // The template and the population are checked on the first user's scenario before anyone is replayed.
        _ = try decode(FleetUser(fleet: fleet, index: 0), file: file)
        // Created before the users run, so a path that cannot be written fails at once.
        let htmlFile = try HTMLFile.create(options.htmlPath)
        let shard = options.shard ?? (0, 1)
        let range = FleetRunner.users(ofShard: shard.index, of: shard.count, users: fleet.users)
        let progress = FleetProgress(output: errors, enabled: errors.isTerminal && !options.isQuiet, total: range.count)
        let runner = FleetRunner(
            fleet: fleet, workers: options.threads ?? ProcessInfo.processInfo.activeProcessorCount,
            progress: { progress.update(done: $0) })
        let tally: FleetTally
        do {
            tally = try await runner.run(range)
        } catch var error as ScenarioError {
            progress.finish()
            error.file = "\(file): the scenario of \(error.file)"
            throw error
        }
        progress.finish()
        if options.shard != nil {
            let part = FleetPart(
                fleet: fleet.fingerprint, app: fleet.app, fleetUsers: fleet.users, days: fleet.days, seed: fleet.seed,
                shard: shard.index, shardCount: shard.count, tally: tally)
            output.writeLine(part.json)
        } else {
            try write(
                FleetAnswer(app: fleet.app, users: fleet.users, days: fleet.days, seed: fleet.seed, tally: tally),
                format: options.format, to: output, html: htmlFile)
        }
        return output.hasFailed ? ExitCode.ioError : ExitCode.success
    }

    /// Decodes a user's scenario as `wavesim replay` would, naming the fleet file and the user in its errors.
    private static func decode(_ user: FleetUser, file: String) throws(ScenarioError) -> DecodedReplay {
        do {
            return try FleetUserRun.decode(user)
        } catch var error {
            error.file = "\(file): the scenario of user \(user.index)"
            throw error
        }
    }

    private static func merge(
        files: [String], options: FleetOptions, output: OutputChannel, errors: OutputChannel
    ) throws -> Int32 {
        var parts: [(file: String, part: FleetPart)] = []
        for file in files {
            guard let bytes = read(file, errors: errors) else { return ExitCode.noInput }
            parts.append((file, try FleetPart.read(bytes, file: file)))
        }
        let first = parts[0]
        var byShard: [Int: String] = [:]
        for (file, part) in parts {
            var problems: [ScenarioError.Problem] = []
            for (key, same) in [
                ("fleet", part.fleet == first.part.fleet), ("app", part.app == first.part.app),
                ("users", part.fleetUsers == first.part.fleetUsers), ("days", part.days == first.part.days),
                ("seed", part.seed == first.part.seed),
            ] where !same {
                problems.append(.init(path: key, message: "differs from \(first.file)'s: a part of another fleet"))
            }
            if part.shardCount != first.part.shardCount {
                problems.append(
                    .init(
                        path: "shard.count",
                        message: "is \(part.shardCount), \(first.file)'s is \(first.part.shardCount): parts of one run")
                )
            } else if let other = byShard[part.shard] {
                problems.append(.init(path: "shard.index", message: "\(part.shard) is also \(other)'s"))
            }
            byShard[part.shard] = byShard[part.shard] ?? file
            if part.tally.worstKept != FleetRunner.worstKept(users: part.fleetUsers) {
                problems.append(.init(path: "worstKept", message: "does not match the fleet's users"))
            }
            guard problems.isEmpty else { throw ScenarioError(file: file, problems: problems, document: "fleet part") }
        }
        let missing = (0..<first.part.shardCount).filter { byShard[$0] == nil }
        guard missing.isEmpty else {
            throw CommandFailure(
                ExitCode.dataError,
                "missing shard\(missing.count == 1 ? "" : "s") "
                    + missing.map(String.init).joined(separator: ", ") + " of \(first.part.shardCount)")
        }
        let htmlFile = try HTMLFile.create(options.htmlPath)
        var tally = FleetTally()
        tally.worstKept = FleetRunner.worstKept(users: first.part.fleetUsers)
        for (_, part) in parts { tally.merge(part.tally) }
        try write(
            FleetAnswer(
                app: first.part.app, users: first.part.fleetUsers, days: first.part.days, seed: first.part.seed,
                tally: tally), format: options.format, to: output, html: htmlFile)
        return output.hasFailed ? ExitCode.ioError : ExitCode.success
    }

    private static func write(
        _ answer: FleetAnswer, format: ReplayOptions.Format, to output: OutputChannel, html: HTMLFile?
    ) throws(CommandFailure) {
        switch format {
        case .text: output.write(answer.text)
        case .json: output.write(answer.json)
        }
        try html?.write(FleetPage(answer: answer).html)
    }

    private static func read(_ file: String, errors: OutputChannel) -> [UInt8]? {
        switch ScenarioFile.read(file) {
        case .success(let data): return [UInt8](data)
        case .failure(let message):
            errors.writeLine("wavesim: error: \(message.replacingOccurrences(of: "the scenario", with: "the file"))")
            return nil
        }
    }
}
