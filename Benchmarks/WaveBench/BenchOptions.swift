import WaveCommandLine

/// The `wavebench` command line.
struct BenchOptions {
    /// Small sizes and fewer repetitions: a smoke run for CI.
    var quick = false
    /// Print JSON instead of the table.
    var json = false
    /// Also write the JSON to this file, so one run gives both the table and the data.
    var jsonFile: String?
    /// Run only the cases whose name starts with one of these prefixes (`queue`, `delivery-ours` …).
    var only: [String] = []
    /// Measured repetitions per case, overriding the defaults.
    var repetitions: Int?
    /// Hidden: run this one case once, as a child of the benchmark.
    var childCase: BenchCase?
    /// Hidden: the size for `childCase`.
    var size: Int?
    /// Hidden: an input file for `childCase`.
    var input: String?
    /// Writes the replay workload's generated scenario of this many events to ``scenarioPath`` and exits (for single
    /// child runs of `replay`, which take it with `--input`).
    var scenarioEvents: Int?
    /// Where ``scenarioEvents``'s scenario goes.
    var scenarioPath: String?

    static let usage = """
        USAGE: wavebench [--quick] [--json] [--json-file <path>] [--only <prefix>[,<prefix>…]] [--repetitions <n>]

        Measures the notification core and the Linux adapter beside the alternatives (one Task or one
        DispatchSourceTimer per notification, Foundation's string tables), each run in a fresh child process.
        Build with -c release. See BENCHMARKS.md.

        OPTIONS:
          --quick               Small sizes, one or two repetitions: a few seconds, for CI.
          --json                Print the results as JSON instead of a table.
          --json-file <path>    Also write the JSON to a file.
          --only <prefixes>     Run only cases whose name starts with one of these (comma-separated):
                                \(BenchCase.allCases.map(\.rawValue).joined(separator: ", ")).
          --repetitions <n>     Measured runs per case and size (default 5; 3 for delivery accuracy and the desktop).
          --write-scenario <events> <path>
                                Write the replay workload's generated scenario and exit (single runs of the replay
                                case take it: --case replay --size <events> --input <path>).
          -h, --help            Show this help.

        Exit status: 0, or 1 when a measured workload failed (a delivery lost, a count off, a crash).

        """

    /// Parses the arguments after the program name.
    static func parse(_ arguments: [String]) throws(UsageError) -> BenchOptions {
        var options = BenchOptions()
        var remaining = arguments[...]
        func value(for flag: String) throws(UsageError) -> String {
            guard let value = remaining.popFirst() else { throw UsageError("\(flag) needs a value") }
            return value
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--quick": options.quick = true
            case "--json": options.json = true
            case "--json-file": options.jsonFile = try value(for: argument)
            case "--only":
                options.only = try value(for: argument).split(separator: ",").map(String.init)
            case "--repetitions":
                let text = try value(for: argument)
                guard let count = Int(text), count >= 1 else {
                    throw UsageError("--repetitions: '\(text)' is not 1 or more")
                }
                options.repetitions = count
            case "--case":
                let name = try value(for: argument)
                guard let benchCase = BenchCase(rawValue: name) else {
                    throw UsageError("--case: unknown case '\(name)'")
                }
                options.childCase = benchCase
            case "--size":
                let text = try value(for: argument)
                guard let size = Int(text), size >= 0 else { throw UsageError("--size: '\(text)' is not a size") }
                options.size = size
            case "--input": options.input = try value(for: argument)
            case "--write-scenario":
                let text = try value(for: argument)
                guard let events = Int(text), events >= 1 else {
                    throw UsageError("--write-scenario: '\(text)' is not a number of events")
                }
                options.scenarioEvents = events
                options.scenarioPath = try value(for: argument)
            case "-h", "--help": throw UsageError(nil)
            default: throw UsageError("unknown argument '\(argument)'")
            }
        }
        return options
    }
}

/// A bad command line; `nil` message for `--help`.
struct UsageError: Error {
    var message: String?

    init(_ message: String?) {
        self.message = message
    }
}
