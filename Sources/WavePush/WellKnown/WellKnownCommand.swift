internal import Foundation
internal import GrowBroNotifications
internal import GrowBroServer
internal import WaveCommandLine
internal import WaveJSON
internal import WaveNotifications

/// `wavepush well-known` and `wavepush check-well-known`, over a configuration file of environments.
enum WellKnownCommand {
    static let environmentKeys = ["name", "domain", "teamId", "bundleIds", "androidPackage", "sha256"]

    /// The environments of a configuration file, validated.
    ///
    /// - Parameter path: The file.
    /// - Returns: The environments, in file order.
    /// - Throws: ``CommandFailure`` (66) when it cannot be read; ``ScenarioError`` listing every problem.
    static func environments(_ path: String) throws -> [WellKnownEnvironment] {
        try configuration.decodeDocument(try CommandFailure.readFile(path), file: path, document: "configuration")
    }

    private static let configuration = ValueDecoder<[WellKnownEnvironment]>.object(keys: ["environments"]) {
        object, diagnostics in
        let environments = object.decode(
            .required(
                "environments",
                .array(
                    of: environment, emptyMessage: "at least one environment is required",
                    uniqueKey: ("name", { (environment: WellKnownEnvironment) in environment.name }))
            ), &diagnostics)
        return environments
    }

    private static let environment = ValueDecoder<WellKnownEnvironment> { value, path, diagnostics in
        guard let object = ObjectDecoder(value, at: path, keys: environmentKeys, diagnostics: &diagnostics) else {
            return nil
        }
        let strings = ValueDecoder<[String]>.array(of: .string)
        let name = object.decode(.required("name", .string), &diagnostics)
        let domain = object.decode(.required("domain", .string), &diagnostics)
        let teamID = object.decode(.required("teamId", .string), &diagnostics)
        let bundleIDs = object.decode(.required("bundleIds", strings), &diagnostics)
        let androidPackage = object.decode(.required("androidPackage", .string), &diagnostics)
        let fingerprints = object.decode(.required("sha256", strings), &diagnostics)
        guard let name, let domain, let teamID, let bundleIDs, let androidPackage, let fingerprints else { return nil }
        do throws(GrowBroServerError) {
            return try WellKnownEnvironment(
                name: name, domain: domain, teamID: teamID, bundleIDs: bundleIDs, androidPackage: androidPackage,
                fingerprints: fingerprints, hosts: DeepLinkRouter.growBro.schemes.flatMap(\.hosts),
                path: path.description)
        } catch {
            // The server's message names the field at fault with its whole path
            // (`environments[0].sha256[0]: '14:6D:E9' is not valid; expected …`).
            diagnostics.problem(JSONPath.root, error.description)
            return nil
        }
    }

    static func write(_ arguments: Arguments, output: OutputChannel) throws -> Int32 {
        let file = try arguments.configurationFile(of: "well-known")
        let directory = URL(fileURLWithPath: try arguments.required("out"), isDirectory: true)
        for environment in try environments(file) {
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

    static func check(_ arguments: Arguments, output: OutputChannel) throws -> Int32 {
        let file = try arguments.configurationFile(of: "check-well-known")
        let name = try arguments.required("environment")
        let endpoint = try LoopbackHTTPClient.endpoint(of: try arguments.required("url"))
        let all = try environments(file)
        guard let environment = all.first(where: { $0.name == name }) else {
            throw UsageError(
                "--environment '\(name)' is not in the file; expected " + all.map(\.name).joined(separator: ", "),
                subcommand: "check-well-known")
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
