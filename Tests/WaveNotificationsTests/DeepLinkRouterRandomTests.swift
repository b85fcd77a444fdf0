import TestSupport
import Testing
import WaveNotifications

/// A seeded random run over WorldWideWaves' router: it agrees with ``DeepLinkFormat`` on every link the format
/// accepts. (GrowBro's allowlist has its own random run in `GrowBroNotificationsTests`.)
struct DeepLinkRouterRandomTests {
    private static let tokens = [
        "/", "//", "://", ".", "..", "/../", "./", "@", ":", ":443", "?", "#", "&", "=", "%", "%2F", "%2f", "%2E",
        "%25",
        "%5C", "%41", "%3A", "%00", "%0a", "\\", " ", "\u{0}", "\n", "\u{7F}", "\u{430}", "\u{FF0F}", "xn--",
        "evil.com",
        "growbro.app", ".evil.com", "redirect=", "URL=", "next=", "Return=", "//evil", "https://", "post", "profile",
        "task", "calendar", "inbox", "settings", "notifications", String(repeating: "a", count: 64), "growbro", "https",
        "staging.",
    ].map { Array($0.utf8) }

    @Test func worldWideWavesFormatAndRouterAgreeOnEveryLinkTheFormatAccepts() throws {
        var generator = SplitMix64(seed: 0x0003_3333)
        let seeds = ["worldwidewaves://event?id=paris", "WorldWideWaves://EVENT?id=a-b_c"].map { Array($0.utf8) }
        var accepted = 0
        for _ in 0..<200_000 {
            let link = String(
                decoding: Self.mutated(seeds.randomElement(using: &generator)!, &generator), as: UTF8.self)
            guard let id = try? DeepLinkFormat.worldWideWaves.eventID(fromLink: link) else { continue }
            accepted += 1
            // The format accepts any case of scheme and host; the router's route segment is exact, so it is given
            // the link with `<scheme>://<host>` lowercased, as the format does.
            let query = link.firstIndex(of: "?") ?? link.endIndex
            let canonical = link[..<query].lowercased() + link[query...]
            #expect(try DeepLinkRouter.worldWideWaves.route(canonical).parameters == ["id": id])
        }
        #expect(accepted > 1_000)
    }

    private static func mutated(_ seed: [UInt8], _ generator: inout SplitMix64) -> [UInt8] {
        var bytes = seed
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
            let at = Int.random(in: 0...bytes.count, using: &generator)
            switch Int.random(in: 0..<6, using: &generator) {
            case 0: bytes.insert(contentsOf: tokens.randomElement(using: &generator)!, at: at)
            case 1 where at < bytes.count: bytes.remove(at: at)
            case 2 where at < bytes.count: bytes[at] = UInt8.random(in: 0...255, using: &generator)
            case 3 where at < bytes.count:
                let end = Int.random(in: at...bytes.count, using: &generator)
                bytes.replaceSubrange(at..<end, with: tokens.randomElement(using: &generator)!)
            case 4 where at < bytes.count:
                bytes[at] = bytes[at] >= 0x61 && bytes[at] <= 0x7A ? bytes[at] - 32 : bytes[at]
            default: bytes.insert(UInt8.random(in: 0x21...0x7E, using: &generator), at: at)
            }
        }
        return bytes
    }
}
