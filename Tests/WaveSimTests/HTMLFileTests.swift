import Foundation
import TestSupport
import Testing

@testable import WaveSim

/// `--html FILE` is written whole or not at all: a failed run keeps an earlier page and leaves nothing beside it.
struct HTMLFileTests {
    @Test func aWrittenPageReplacesTheEarlierOneAndLeavesNoTemporaryFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.appending("page.html").path
        try Data("earlier".utf8).write(to: URL(fileURLWithPath: path))
        let file = try HTMLFile(creating: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "earlier")
        try file.write("<!DOCTYPE html><p>now</p>")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "<!DOCTYPE html><p>now</p>")
        #expect(try directory.fileNames() == ["page.html"])
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o644)
    }

    @Test func aRunThatFailsBeforeWritingKeepsTheEarlierPageAndLeavesNothingBeside() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.appending("page.html").path
        try Data("earlier".utf8).write(to: URL(fileURLWithPath: path))
        do {
            let file = try HTMLFile(creating: path)
            #expect(try directory.fileNames().count == 2)
            _ = file
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "earlier")
        #expect(try directory.fileNames() == ["page.html"])
    }

    @Test func aRunThatFailsLeavesNoFileWhereThereWasNone() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        do { _ = try HTMLFile(creating: directory.appending("page.html").path) }
        #expect(try directory.fileNames().isEmpty)
    }
}
