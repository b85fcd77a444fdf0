import Foundation
import WaveCommandLine
import WaveSim

// The whole program lives in the WaveSim library, where it is tested; this is only the entry point.
let status = await WaveSimCommand.run(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProcessInfo.processInfo.environment,
    standardOutput: OutputChannel.standardOutput,
    standardError: OutputChannel.standardError
)
exit(status)
