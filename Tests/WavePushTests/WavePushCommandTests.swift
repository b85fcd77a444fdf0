import Foundation
import TestSupport
import Testing
import WavePush

/// The exit status `wavepush` gives a failure its subcommands share, the same for each.
struct WavePushCommandTests {
    /// A store that cannot be opened: a SQLite file in a folder that does not exist, a PostgreSQL server that does
    /// not answer (port 1 on loopback refuses the connection).
    @Test(arguments: ["serve", "dispatch"], [false, true])
    func aStoreThatCannotBeOpenedExits69(subcommand: String, postgres: Bool) async throws {
        let directory = try TemporaryDirectory("exit-\(subcommand)-\(postgres)")
        defer { directory.remove() }
        let keys = directory.appending("keys.json").path
        try #"{"keys": [{"name": "backend", "key": "\#(ServeCommandTests.key)", "users": "all"}]}"#
            .write(toFile: keys, atomically: true, encoding: .utf8)
        let configuration = directory.appending("config.json").path
        try """
        {"apns": {"topic": "app.growbro", "bearerToken": "apns-test", "endpoint": "https://127.0.0.1:1"},
         "serve": {"listen": "127.0.0.1:0", "keyFile": "\(keys)", "threads": 2}}
        """.write(toFile: configuration, atomically: true, encoding: .utf8)
        let database =
            postgres
            ? "postgresql://nobody@127.0.0.1:1/growbro?connect_timeout=2"
            : directory.appending("missing/push.sqlite").path
        let run = await Fixtures.run([subcommand, configuration, "--db", database])
        #expect(run.status == 69, "\(run.errors)")
        #expect(run.errors.hasPrefix("wavepush: error: "), "\(run.errors)")
        #expect(!run.errors.contains("nobody@"), "the connection string is never printed: \(run.errors)")
    }

    /// Each subcommand with a store lists the store's exit statuses in its help, as docs/growbro-server.md does.
    @Test(arguments: ["serve", "dispatch", "report", "replay"])
    func theHelpOfASubcommandWithAStoreListsItsExitStatuses(subcommand: String) async {
        let run = await Fixtures.run([subcommand, "--help"])
        #expect(run.status == 0)
        let exitStatus = run.output.components(separatedBy: "\nEXIT STATUS:\n").last ?? ""
        for status in ["69 ", "74 another store failure"] {
            #expect(exitStatus.contains(status), "\(subcommand): \(exitStatus)")
        }
    }
}
