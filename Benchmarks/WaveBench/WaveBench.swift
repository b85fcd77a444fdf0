internal import Foundation

/// `wavebench`: measures the notification core beside the alternatives and prints a table or JSON.
@main
enum WaveBench {
    static func main() async {
        let options: BenchOptions
        do {
            options = try BenchOptions.parse(Array(CommandLine.arguments.dropFirst()))
        } catch {
            if let message = error.message {
                FileHandle.standardError.write(Data("wavebench: error: \(message)\n\n\(BenchOptions.usage)".utf8))
                exit(64)
            }
            FileHandle.standardOutput.write(Data(BenchOptions.usage.utf8))
            exit(0)
        }
        if let events = options.scenarioEvents, let path = options.scenarioPath {
            do {
                try ScenarioGenerator.write(events: events, to: URL(fileURLWithPath: path))
                exit(0)
            } catch {
                FileHandle.standardError.write(Data("wavebench: error: cannot write \(path): \(error)\n".utf8))
                exit(73)
            }
        }
        if let benchCase = options.childCase {
            let context = CaseContext(quick: options.quick, input: options.input)
            exit(await ChildRunner.run(benchCase, size: options.size ?? 0, context: context))
        }
        exit(await BenchmarkSuite(options: options).run())
    }
}
