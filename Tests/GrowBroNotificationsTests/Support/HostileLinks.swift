import Foundation
import Testing
import WaveNotifications

/// One line of `Fixtures/hostile-links.txt`: a GrowBro link and what the router must say about it.
struct HostileLink: CustomTestStringConvertible, Sendable {
    /// What the router must answer.
    enum Expected: Sendable, Equatable {
        case accepted(DeepLinkMatch)
        case rejected(DeepLinkRouteRejection)
    }

    /// The link's bytes, with the fixture's `\xHH` escapes applied.
    let bytes: [UInt8]
    let expected: Expected
    let line: Int

    var testDescription: String { "line \(line): \(String(decoding: bytes, as: UTF8.self).debugDescription)" }

    /// Every link of the fixture, in file order.
    static let all: [HostileLink] = {
        let url = Bundle.module.resourceURL!.appendingPathComponent("Fixtures").appendingPathComponent(
            "hostile-links.txt")
        let text = try! String(contentsOf: url, encoding: .utf8)
        var links: [HostileLink] = []
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard !line.isEmpty, !line.hasPrefix("#"), let tab = line.firstIndex(of: "\t") else { continue }
            links.append(
                HostileLink(
                    bytes: unescaped(line[line.index(after: tab)...]),
                    expected: expected(line[..<tab]), line: offset + 1))
        }
        return links
    }()

    private static func expected(_ field: Substring) -> Expected {
        let words = field.split(separator: " ")
        guard words.first == "accept" else {
            guard let reason = DeepLinkRouteRejection(rawValue: String(field)) else {
                fatalError("unknown reason '\(field)' in hostile-links.txt")
            }
            return .rejected(reason)
        }
        var parameters: [String: String] = [:]
        for pair in words.dropFirst(2) {
            let parts = pair.split(separator: "=", maxSplits: 1)
            parameters[String(parts[0])] = String(parts[1])
        }
        return .accepted(DeepLinkMatch(route: String(words[1]), parameters: parameters))
    }

    private static func unescaped(_ text: Substring) -> [UInt8] {
        let utf8 = Array(text.utf8)
        var bytes: [UInt8] = []
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "\\"), index + 3 < utf8.count, utf8[index + 1] == UInt8(ascii: "x"),
                let byte = UInt8(String(decoding: utf8[(index + 2)...(index + 3)], as: UTF8.self), radix: 16)
            {
                bytes.append(byte)
                index += 4
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return bytes
    }
}
