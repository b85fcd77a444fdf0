internal import WaveCommandLine

/// The text of `wavesim --help` and each subcommand's `--help`, in the layout both tools share.
enum HelpText {
    static let main = CommandHelp(
        overview:
            "Replay notification scenarios (WorldWideWaves, GoNow, Hydracat, Shadow, GrowBro), and lint translation tables.",
        usage: ["wavesim <subcommand> [options]"],
        sections: [
            .init(
                "SUBCOMMANDS",
                [
                    .init("replay <file>", "Show which notifications a user gets, when, and in which words."),
                    .init("fleet <file>", "Replay many users drawn from one scenario: what share is told on time."),
                    .init("lint [<directory>]", "Check translation tables (default: the bundled ones)."),
                ]),
            .init("OPTIONS", [.init("-h, --help", "Show this help."), .init("--version", "Show the version.")]),
        ],
        footer: "See 'wavesim replay --help', 'wavesim fleet --help' and 'wavesim lint --help'."
    ).text

    static let replay = CommandHelp(
        overview: "Replay a scenario through the app's own code on a simulated device.",
        usage: ["wavesim replay <file> [options]"],
        sections: [
            .init("ARGUMENTS", [.init("<file>", "The scenario, for example Examples/events.json.")]),
            .init(
                "OPTIONS",
                [
                    .init(
                        "--speed <n>", "WorldWideWaves: its simulation speed, 0...300 (default 1; 0 is paused;",
                        "any speed other than 1 gates scheduling, as the app does). The other",
                        "apps: how fast the wall clock runs, 1...86400 (a day in a second)."),
                    .init(
                        "--clock <clock>", "virtual (default: instant, deterministic) or wall (the system clock,",
                        "simulated time advancing <speed> times real time)."),
                    .init(
                        "--start <start>",
                        "With --clock wall: scenario (default) or now (every instant of the scenario",
                        "moved by whole half hours so that it starts now)."),
                    .init(
                        "--platform <platform>",
                        "ios (default: keeps the soonest 64 pending; the app hands over more only",
                        "when it runs, the rest is lost), android (500 pending, forgotten at a",
                        "reboot) or linux (the always-running adapter, no limit). Wins over the",
                        "scenario's \"platform\"."),
                    .init(
                        "--pending-limit <n>",
                        "The platform's pending limit, at least 1 (overrides the platform's own)."),
                    .init(
                        "--lang <code>",
                        "Language, for example fr or pt-BR (default: LC_ALL, LC_MESSAGES, LANG, else en)."),
                    .init(
                        "--strings <directory>",
                        "Resolve texts from this folder of <code>.lproj/<Table>.strings (default:",
                        "the bundled tables), a translator's draft say; a key it lacks is shown in",
                        "English, or as the key itself, with a warning on standard error."),
                    .init("--format <format>", "text (default: a timeline and a summary) or json (JSON Lines)."),
                    .init(
                        "--html <file>", "Also write the replay as a page (day-by-day timeline, what the platform",
                        "holds, what was never told) to this file; standard output is unchanged."),
                    .init(
                        "--sink <sink>", "terminal (default) or desktop (also real desktop notifications; needs",
                        "--clock wall and a notification server on the session bus)."),
                    .init("--analytics", "App scenarios: also print the app's analytics events (GoNow)."),
                    .init("--payloads <platform>", "App scenarios: apns or fcm; print each push's payload (GrowBro)."),
                    .init("-h, --help", "Show this help."),
                ]),
        ],
        exitStatus: [
            "0 success, 64 bad usage, 65 invalid scenario, 66 unreadable file, 69 desktop unavailable,",
            "73 --html file cannot be created, 74 output not writable.",
        ]
    ).text

    static let fleet = CommandHelp(
        overview: "Replay a population of users drawn from one app scenario; say what share is told on time.",
        usage: [
            "wavesim fleet <file> [--format text|json] [--html <file>] [--threads <n>] [--quiet]",
            "wavesim fleet <file> --shard <i>/<K> | --shards <K>   (writes a part)",
            "wavesim fleet merge <part>... [--format text|json] [--html <file>]",
            "wavesim fleet <file> --user <n> --emit-scenario",
        ],
        sections: [
            .init("ARGUMENTS", [.init("<file>", "The fleet, for example Examples/fleet-hydracat-android.json.")]),
            .init(
                "OPTIONS",
                [
                    .init("--format <format>", "text (default: the answer in words) or json (one object)."),
                    .init(
                        "--html <file>", "Also write the answer as a page (lateness curves, outcomes by cause, the",
                        "SLA table, the worst users) to this file; not with --shard."),
                    .init(
                        "--shard <i>/<K>", "Run shard i of K (0 <= i < K) and write its part (JSON with exact",
                        "counts) for 'wavesim fleet merge'."),
                    .init(
                        "--shards <K>", "As --shard, the index read from JOB_COMPLETION_INDEX (a Kubernetes",
                        "Indexed Job)."),
                    .init("--threads <n>", "Users replayed at once (default: one per core)."),
                    .init("--quiet", "No progress bar (it is drawn on standard error only on a terminal)."),
                    .init(
                        "--user <n> --emit-scenario", "Write the scenario user n gets: 'wavesim replay' of it tells",
                        "the same outcomes the fleet counted."),
                    .init("-h, --help", "Show this help."),
                ]),
        ],
        exitStatus: [
            "0 success, 64 bad usage, 65 invalid fleet, scenario or part, 66 unreadable file, 73 --html",
            "file cannot be created, 74 output not writable.",
        ]
    ).text

    static let lint = CommandHelp(
        overview: "Check translation tables: syntax, keys, placeholders, empty, untranslated and script.",
        usage: ["wavesim lint [<directory>]"],
        sections: [
            .init(
                "ARGUMENTS",
                [.init("<directory>", "A folder of <code>.lproj/Notifications.strings (default: the bundled tables).")]),
            .init("OUTPUT", [.init(text: "One line per problem: file:line: key: problem.")]),
        ],
        exitStatus: ["0 clean, 1 problems found, 64 bad usage (no such directory, no en.lproj)."]
    ).text
}
