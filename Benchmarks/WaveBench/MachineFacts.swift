internal import Foundation

/// What the numbers were measured on, printed with them.
struct MachineFacts: Codable, Sendable {
    var processors: Int
    var processorModel: String
    var memoryBytes: Int
    var kernel: String
    var swiftVersion: String
    var loadAverageAtStart: String
    var loadAverageAtEnd: String = ""

    static func collect() -> MachineFacts {
        let cpuInfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuInfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }.map { $0.trimmingCharacters(in: .whitespaces) }
        return MachineFacts(
            processors: ProcessInfo.processInfo.activeProcessorCount, processorModel: model ?? "unknown",
            memoryBytes: Int(ProcessInfo.processInfo.physicalMemory),
            kernel: ProcessInfo.processInfo.operatingSystemVersionString, swiftVersion: swiftVersion(),
            loadAverageAtStart: loadAverage())
    }

    /// The 1, 5 and 15 minute load averages, from `/proc/loadavg`.
    static func loadAverage() -> String {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }

    /// The first line of `swift --version`, if a toolchain is on the PATH.
    private static func swiftVersion() -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "--version"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "unknown" }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        return text.split(separator: "\n").first { $0.contains("Swift version") }.map(String.init) ?? "unknown"
    }
}
