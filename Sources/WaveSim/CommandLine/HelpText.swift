/// The text of `wavesim --help` and each subcommand's `--help`.
enum HelpText {
    static let main = """
        OVERVIEW: Replay notification scenarios (WorldWideWaves, GoNow, Hydracat, Shadow, GrowBro), and lint translation tables.

        USAGE: wavesim <subcommand> [options]

        SUBCOMMANDS:
          replay <file>           Show which notifications a user gets, when, and in which words.
          lint [<directory>]      Check translation tables (default: the bundled ones).

        OPTIONS:
          -h, --help              Show this help.
          --version               Show the version.

        See 'wavesim replay --help' and 'wavesim lint --help'.

        """

    static let replay = """
        OVERVIEW: Replay a scenario through the app's own code on a simulated device.

        USAGE: wavesim replay <file> [options]

        ARGUMENTS:
          <file>                  The scenario, for example Examples/events.json.

        OPTIONS:
          --speed <n>             WorldWideWaves: its simulation speed, 0...300 (default 1; 0 is paused;
                                  any speed other than 1 gates scheduling, as the app does). The other
                                  apps: how fast the wall clock runs, 1...86400 (a day in a second).
          --clock <clock>         virtual (default: instant, deterministic) or wall (the system clock,
                                  simulated time advancing <speed> times real time).
          --start <start>         With --clock wall: scenario (default) or now (every instant of the scenario
                                  moved by whole half hours so that it starts now).
          --platform <platform>   ios (default: keeps the soonest 64 pending; the app hands over more only
                                  when it runs, the rest is lost), android (500 pending, forgotten at a
                                  reboot) or linux (the always-running adapter, no limit). Wins over the
                                  scenario's "platform".
          --pending-limit <n>     The platform's pending limit, at least 1 (overrides the platform's own).
          --lang <code>           Language, for example fr or pt-BR (default: LC_ALL, LC_MESSAGES, LANG, else en).
          --strings <directory>   Resolve texts from this folder of <code>.lproj/<Table>.strings (default:
                                  the bundled tables), a translator's draft say; a key it lacks is shown in
                                  English, or as the key itself, with a warning on standard error.
          --format <format>       text (default: a timeline and a summary) or json (JSON Lines).
          --sink <sink>           terminal (default) or desktop (also real desktop notifications; needs
                                  --clock wall and a notification server on the session bus).
          --analytics             App scenarios: also print the app's analytics events (GoNow).
          --payloads <platform>   App scenarios: apns or fcm; print each push's payload (GrowBro).
          -h, --help              Show this help.

        EXIT STATUS:
          0 success, 64 bad usage, 65 invalid scenario, 66 unreadable file, 69 desktop unavailable,
          74 output not writable.

        """

    static let lint = """
        OVERVIEW: Check translation tables: syntax, keys, placeholders, empty, untranslated and script.

        USAGE: wavesim lint [<directory>]

        ARGUMENTS:
          <directory>             A folder of <code>.lproj/Notifications.strings (default: the bundled tables).

        OUTPUT:
          One line per problem: file:line: key: problem.

        EXIT STATUS:
          0 clean, 1 problems found, 64 bad usage (no such directory, no en.lproj).

        """
}
