import Foundation
import GrowBroServer
import TestSupport
import Testing

/// The server's storage failures are its own ``PushStoreError``: a kind a backend decides on, SQLite's words kept.
struct PushStoreErrorTests {
    @Test func aFileThatIsNotADatabaseIsDamaged() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.appending("push.sqlite").path
        try Data(repeating: UInt8(ascii: "x"), count: 4_096).write(to: directory.appending("push.sqlite"))
        let error = try #require(throws: PushStoreError.self) { try PushServer(path: file) }
        #expect(error.kind == .damaged)
        #expect(error.store == file)
        #expect(error.description == "\(file): file is not a database (SQLite 26): \(error.advice)")
        #expect(error.advice.contains("move it"))
    }

    @Test func aMissingDirectoryIsUnavailable() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.appending("missing/push.sqlite").path
        let error = try #require(throws: PushStoreError.self) { try PushServer(path: file) }
        #expect(error.kind == .unavailable)
    }

    @Test func aClosedServerFailsWithClosed() throws {
        let server = try PushServer.inMemory()
        server.close()
        let error = try #require(throws: PushStoreError.self) { try server.isKnownUser("ana") }
        #expect(error.kind == .closed)
    }
}
