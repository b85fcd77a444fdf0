internal import Dispatch
internal import Foundation
internal import WaveLinuxAdapter
internal import WaveNotifications
internal import WaveStrings

/// The desktop sink as it was before it had a D-Bus library (commit b7e4e5e): each notification one `gdbus call`
/// process, its arguments in GVariant text, its reply parsed from `gdbus`'s output. The baseline of workload 10.
///
/// Its `Notify` path is the old `DesktopSink.deliver` and `ProcessRunner.run`, cut to what a delivery does: the
/// capabilities loaded once, the same eight arguments and hints, the process started with its standard output and
/// error piped and drained on a Dispatch thread, the exit awaited, the id read from `(uint32 7,)`.
final class GdbusNotifySink: Sendable {
    private let gdbus: URL
    private let environment: [String: String]
    private let state = WaveLock<(capabilities: Set<String>?, shown: [String: UInt32])>((nil, [:]))

    /// Creates the sink.
    ///
    /// - Parameters:
    ///   - gdbus: The `gdbus` program.
    ///   - environment: Its environment, with the private bus's `DBUS_SESSION_BUS_ADDRESS`.
    init(gdbus: URL, environment: [String: String]) {
        self.gdbus = gdbus
        self.environment = environment
    }

    /// Loads the capabilities, as the old sink's first call did.
    func loadCapabilities() async throws -> Set<String> {
        if let known = state.withLock({ $0.capabilities }) {
            return known
        }
        let reply = try await call("GetCapabilities", [])
        let names = Set(Self.stringLiterals(in: reply))
        state.withLock { $0.capabilities = names }
        return names
    }

    /// Shows the notification, replacing the one shown for the same identifier.
    ///
    /// - Returns: The server's id.
    func deliver(
        _ delivery: NotificationDelivery, appName: String = "WorldWideWaves", actionLabel: String = "Open"
    )
        async throws -> UInt32
    {
        let capabilities = try await loadCapabilities()
        let body = capabilities.contains("body-markup") ? Self.escapeMarkup(delivery.text.body) : delivery.text.body
        let request = delivery.request
        var actions = ["default", actionLabel]
        for (index, action) in request.actions.enumerated() {
            let title = index < delivery.text.actionTitles.count ? delivery.text.actionTitles[index] : action.title.key
            actions += [action.id, title]
        }
        let hints = [
            ("urgency", "byte \(delivery.urgency.rawValue)"), ("category", Self.string(request.channel.id)),
            (DesktopSink.deepLinkHint, Self.string(request.deepLink)),
        ]
        let replaces = state.withLock { $0.shown[delivery.identifier] ?? 0 }
        let reply = try await call(
            "Notify",
            [
                Self.string(appName), "uint32 \(replaces)", Self.string(""), Self.string(delivery.text.title),
                Self.string(body), "@as [" + actions.map(Self.string).joined(separator: ", ") + "]",
                "@a{sv} {" + hints.map { "\(Self.string($0.0)): <\($0.1)>" }.joined(separator: ", ") + "}",
                "int32 -1",
            ])
        guard let range = reply.range(of: "uint32 "),
            let id = UInt32(reply[range.upperBound...].prefix { $0.isASCII && $0.isNumber })
        else { throw WorkloadFailure("Notify returned \(reply)") }
        state.withLock { $0.shown[delivery.identifier] = id }
        return id
    }

    private func call(_ method: String, _ arguments: [String]) async throws -> String {
        let (gdbus, environment) = (gdbus, environment)
        let output = try await withCheckedThrowingContinuation { continuation in
            // As the old ProcessRunner: blocking reads and waits on a Dispatch thread.
            DispatchQueue.global().async {
                continuation.resume(
                    with: Result {
                        try Self.runBlocking(
                            gdbus,
                            arguments: [
                                "call", "--session", "--timeout", "5", "--dest", "org.freedesktop.Notifications",
                                "--object-path", "/org/freedesktop/Notifications", "--method",
                                "org.freedesktop.Notifications.\(method)",
                            ] + arguments, environment: environment)
                    })
            }
        }
        guard output.status == 0 else { throw WorkloadFailure("gdbus \(method) exited \(output.status)") }
        return output.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func runBlocking(
        _ executable: URL, arguments: [String], environment: [String: String]
    ) throws -> (status: Int32, standardOutput: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        let standardOutput = Pipe()
        let standardError = Pipe()
        process.standardOutput = standardOutput
        process.standardError = standardError
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            _ = standardError.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outputData = standardOutput.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outputData, as: UTF8.self))
    }

    /// A GVariant string literal, as the old `GVariantText.string`.
    private static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{00}": result += "\u{FFFD}"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// The single-quoted strings of a printed reply such as `(['actions', 'body'],)`; enough for capabilities.
    private static func stringLiterals(in printed: String) -> [String] {
        printed.split(separator: "'", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }
            .map { String($0.element) }
    }

    private static func escapeMarkup(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
