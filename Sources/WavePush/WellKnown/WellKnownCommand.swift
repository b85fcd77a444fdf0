internal import Foundation
internal import GrowBroNotifications
internal import GrowBroServer
internal import WaveJSON
internal import WaveNotifications

/// `wavepush well-known` and `wavepush check-well-known`, over a configuration file of environments.
enum WellKnownCommand {
    static let environmentKeys = ["name", "domain", "teamId", "bundleIds", "androidPackage", "sha256"]

    /// The environments of a configuration file, validated.
    static func environments(_ path: String) throws -> [WellKnownEnvironment] {
        let root: JSONValue
        do {
            root = try JSONParser.parse(try WavePushCommand.readFile(path))
        } catch let error as JSONParser.SyntaxError {
            throw ScenarioError("", "\(path) is not JSON: \(error)")
        }
        let object = try JSONObjectReader(root, at: "", keys: ["environments"])
        let hosts = DeepLinkRouter.growBro.schemes.flatMap(\.hosts)
        var environments: [WellKnownEnvironment] = []
        for (index, value) in try object.array("environments").enumerated() {
            let itemPath = "environments[\(index)]"
            let item = try JSONObjectReader(value, at: itemPath, keys: environmentKeys)
            do {
                let environment = try WellKnownEnvironment(
                    name: try item.string("name"), domain: try item.string("domain"), teamID: try item.string("teamId"),
                    bundleIDs: try item.strings("bundleIds"), androidPackage: try item.string("androidPackage"),
                    fingerprints: try item.strings("sha256"), hosts: hosts, path: itemPath)
                guard !environments.contains(where: { $0.name == environment.name }) else {
                    throw ScenarioError(item.path("name"), "environment '\(environment.name)' appears twice")
                }
                environments.append(environment)
            } catch let error as GrowBroServerError {
                throw ScenarioError("", error.description)
            }
        }
        guard !environments.isEmpty else { throw ScenarioError("environments", "at least one environment is required") }
        return environments
    }

    static func write(_ arguments: Arguments, output: CommandOutput) throws -> Int32 {
        guard arguments.positional.count == 1 else { throw UsageError("well-known takes one configuration file") }
        let directory = URL(fileURLWithPath: try arguments.required("out"), isDirectory: true)
        for environment in try environments(arguments.positional[0]) {
            let files = WellKnownFiles(for: environment)
            let folder = directory.appendingPathComponent(environment.domain).appendingPathComponent(".well-known")
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                for (name, text) in [
                    ("apple-app-site-association", files.appleAppSiteAssociation),
                    ("assetlinks.json", files.assetLinks),
                ] {
                    let file = folder.appendingPathComponent(name)
                    try Data(text.utf8).write(to: file, options: .atomic)
                    output.writeLine("wrote \(file.path)")
                }
            } catch {
                throw CommandFailure(
                    ExitCode.ioError, "cannot write into '\(folder.path)': \(error.localizedDescription)")
            }
        }
        return ExitCode.success
    }

    static func check(_ arguments: Arguments, output: CommandOutput) throws -> Int32 {
        guard arguments.positional.count == 1 else { throw UsageError("check-well-known takes one configuration file") }
        let name = try arguments.required("environment")
        let endpoint = try LoopbackHTTPClient.endpoint(of: try arguments.required("url"))
        let all = try environments(arguments.positional[0])
        guard let environment = all.first(where: { $0.name == name }) else {
            throw UsageError(
                "--environment '\(name)' is not in the file; expected " + all.map(\.name).joined(separator: ", "))
        }
        let host = arguments.values["host"] ?? environment.domain
        let files = WellKnownFiles(for: environment)
        var problems = 0
        for (path, expected) in [
            (WellKnownFiles.appleAppSiteAssociationPath, files.appleAppSiteAssociation),
            (WellKnownFiles.assetLinksPath, files.assetLinks),
        ] {
            let response = try LoopbackHTTPClient.get(path, host: host, from: endpoint)
            let found = WellKnownCheck.problems(
                status: response.status, headers: response.headers, body: response.body, expected: expected)
            if found.isEmpty {
                output.writeLine("ok \(host)\(path)")
            } else {
                problems += found.count
                for problem in found { output.writeLine("problem \(host)\(path): \(problem)") }
            }
        }
        return problems == 0 ? ExitCode.success : ExitCode.problemsFound
    }
}
