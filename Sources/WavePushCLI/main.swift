import Foundation
import WaveCommandLine
import WavePush

// The whole program lives in the WavePush library, where it is tested; this is only the entry point.
WavePushCommand.prepare(arguments: Array(CommandLine.arguments.dropFirst()))
let status = await WavePushCommand.run(
    arguments: Array(CommandLine.arguments.dropFirst()), standardOutput: OutputChannel.standardOutput,
    standardError: OutputChannel.standardError)
exit(status)
