internal import WaveCommandLine

/// The text of `wavepush --help` and each subcommand's `--help`, in the layout both tools share.
enum HelpText {
    static let main = CommandHelp(
        overview:
            "GrowBro's push server, for operators: replay server scenarios, report, write and check .well-known files.",
        usage: ["wavepush <subcommand> [options]"],
        sections: [
            .init(
                "SUBCOMMANDS",
                [
                    .init(
                        "replay <scenario>", "Replay a server scenario, one JSON line per decision, then the report."),
                    .init("report", "The engagement report of a server database over a period, and its alerts."),
                    .init(
                        "well-known <config>",
                        "Write each environment's apple-app-site-association and assetlinks.json."),
                    .init(
                        "check-well-known <config>",
                        "Check that a loopback server serves an environment's two files right."),
                    .init("dispatch <config>", "Send what is due over HTTP/2 to APNs and FCM, as a service."),
                    .init("send-test <config>", "Push one notification to one token and print the answer."),
                    .init("serve <config>", "The HTTP API for a backend in any language, keyed, as a service."),
                ]),
            .init("OPTIONS", [.init("-h, --help", "Show this help.")]),
        ],
        exitStatus: [
            "0 ok, 1 a check found problems, 64 usage, 65 bad data, 66 no input, 69 server unavailable,",
            "74 output not writable. See docs/growbro-server.md.",
        ],
        footer: "See 'wavepush <subcommand> --help'."
    ).text

    static let replay = CommandHelp(
        overview: "Replay a server scenario: tokens, events, scripted provider answers, opens, time passing.",
        usage: ["wavepush replay <scenario> [--requests] [--db <file|uri>]"],
        sections: [
            .init("ARGUMENTS", [.init("<scenario>", "The scenario, for example Examples/growbro-server.json.")]),
            .init(
                "OPTIONS",
                [
                    .init("--requests", "Also print each provider request (method, URL, headers, body)."),
                    .init(
                        "--db <file|uri>",
                        "Keep the server's state in this SQLite file or postgresql:// database (default: in memory)."),
                    .init("-h, --help", "Show this help."),
                ]),
        ],
        exitStatus: [
            "0 success, 64 bad usage, 65 invalid scenario or refused input, 66 unreadable file,",
            "69 the database cannot be opened or reached, 74 another store failure (a full disk, an I/O error).",
        ]
    ).text

    static let report = CommandHelp(
        overview: "Print the engagement report of a server database over [from, to), and its alerts.",
        usage: [
            "wavepush report --db <file|uri> --from <instant> --to <instant>",
            "[--alert-minimum-sends <n>] [--alert-delivery-rate <r>]",
        ],
        sections: [
            .init(
                "OPTIONS",
                [
                    .init("--db <file|uri>", "The server database: a SQLite file or a postgresql:// URI."),
                    .init("--from <instant>", "The period's start, ISO 8601 with its zone (2026-05-04T00:00:00Z)."),
                    .init("--to <instant>", "The period's end, after --from."),
                    .init(
                        "--alert-minimum-sends <n>", "Alert only over at least n measurable sends (default 100)."),
                    .init("--alert-delivery-rate <r>", "Alert below this delivery rate, 0 to 1 (default 0.95)."),
                    .init("-h, --help", "Show this help."),
                ])
        ],
        exitStatus: [
            "0 success, 64 bad usage, 65 not a server database, 66 no such database, 69 the database cannot be reached,",
            "74 another store failure (a full disk, an I/O error).",
        ]
    ).text

    static let wellKnown = CommandHelp(
        overview: "Write <dir>/<domain>/.well-known/apple-app-site-association and assetlinks.json per environment.",
        usage: ["wavepush well-known <config> --out <dir>"],
        sections: [
            .init("ARGUMENTS", [.init("<config>", "The environments file (docs/growbro-server.md).")]),
            .init(
                "OPTIONS", [.init("--out <dir>", "The folder to write into."), .init("-h, --help", "Show this help.")]),
        ],
        exitStatus: ["0 success, 64 bad usage, 65 invalid configuration, 66 unreadable file, 74 not writable."]
    ).text

    static let checkWellKnown = CommandHelp(
        overview: "Check that a loopback server serves an environment's two files right.",
        usage: [
            "wavepush check-well-known <config> --environment <name> --url http://127.0.0.1:<port> [--host <host>]"
        ],
        sections: [
            .init("ARGUMENTS", [.init("<config>", "The environments file (docs/growbro-server.md).")]),
            .init(
                "OPTIONS",
                [
                    .init("--environment <name>", "The environment to check."),
                    .init("--url <url>", "The server, plain HTTP on loopback."),
                    .init("--host <host>", "The Host header (default: the environment's domain)."),
                    .init("-h, --help", "Show this help."),
                ]),
            .init(
                "CHECKS",
                [.init(text: "200, no redirect, application/json, the expected content; one line per file or problem.")]
            ),
        ],
        exitStatus: [
            "0 every file right, 1 a problem found, 64 bad usage, 65 invalid configuration,", "69 server unavailable.",
        ]
    ).text

    /// The options of the two long-running services, `dispatch` and `serve`: the database and the metrics endpoint.
    private static let serviceOptions = CommandHelp.Section(
        "OPTIONS",
        [
            .init(
                "--db <file|uri>",
                "The server database, a SQLite file or a postgresql:// URI (default: the configuration's "
                    + "\"database\")."),
            .init(
                "--metrics <address:port>",
                "Serve Prometheus metrics at http://<address:port>/metrics (an IPv4 address; port 0: the kernel's "
                    + "choice, printed)."),
            .init("-h, --help", "Show this help."),
        ])

    static let dispatch = CommandHelp(
        overview: "Send what is due in a server database to APNs and FCM over HTTP/2, then wait for the next.",
        usage: ["wavepush dispatch <config> [--db <file|uri>] [--metrics <address:port>]"],
        sections: [
            .init("ARGUMENTS", [.init("<config>", "The dispatch configuration (docs/growbro-server.md).")]),
            serviceOptions,
            .init(
                "OUTPUT",
                [
                    .init(
                        text:
                            "One JSON line per decision. SIGTERM or SIGINT: the requests in flight finish and are recorded."
                    )
                ]),
        ],
        exitStatus: [
            "0 stopped by a signal, 64 bad usage, 65 invalid configuration or key file, 66 unreadable file,",
            "69 the database cannot be opened or reached or the metrics address cannot be listened on,",
            "74 another store failure (a full disk, an I/O error).",
        ]
    ).text

    static let sendTest = CommandHelp(
        overview: "Push one notification to one token and print the request, the provider's answer and the decision.",
        usage: [
            "wavepush send-test <config> --platform apns|fcm --token <token>",
            "[--environment production|sandbox] [--title <text>] [--body <text>]",
        ],
        sections: [
            .init("ARGUMENTS", [.init("<config>", "The dispatch configuration (docs/growbro-server.md).")]),
            .init(
                "OPTIONS",
                [
                    .init("--platform <p>", "apns or fcm."),
                    .init("--token <token>", "The device token."),
                    .init("--environment <e>", "APNs only: production (default) or sandbox."),
                    .init("--title <text>, --body <text>", "The system message's texts."),
                    .init("-h, --help", "Show this help."),
                ]),
        ],
        exitStatus: ["0 accepted, 1 refused, 64 bad usage, 65 invalid configuration, 69 no answer."]
    ).text

    static let serve = CommandHelp(
        overview: "Answer the push server's HTTP API (tokens, events, inbox, badge) on the dispatch database.",
        usage: ["wavepush serve <config> [--db <file|uri>] [--metrics <address:port>]"],
        sections: [
            .init(
                "ARGUMENTS",
                [
                    .init(
                        "<config>",
                        "The dispatch configuration with a \"serve\" object: listen, keyFile, limits "
                            + "(docs/growbro-server.md, \"The HTTP API\").")
                ]),
            serviceOptions,
            .init(
                "OUTPUT",
                [
                    .init(
                        text:
                            "A \"listening\" line with the port, then one JSON line per request (route, status, key name). "
                            + "SIGTERM or SIGINT: no new connection, the requests accepted are answered, then \"stopped\"."
                    )
                ]),
        ],
        exitStatus: [
            "0 stopped by a signal, 64 bad usage, 65 invalid configuration or key file, 66 unreadable file,",
            "69 cannot listen (the API or the metrics address), or the database cannot be opened or reached,",
            "74 another store failure (a full disk, an I/O error).",
        ]
    ).text

    static func help(for subcommand: String) -> String {
        switch subcommand {
        case "replay": replay
        case "report": report
        case "well-known": wellKnown
        case "check-well-known": checkWellKnown
        case "dispatch": dispatch
        case "send-test": sendTest
        case "serve": serve
        default: main
        }
    }
}
