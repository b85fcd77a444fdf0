import GrowBroNotifications
import TestSupport
import Testing
import WaveNotifications

/// A seeded random run over GrowBro's router: no input traps, and every accepted link is in the allowlist as an
/// independent predicate (``GrowBroAllowlist``) re-derives it.
struct GrowBroLinkRouterRandomTests {
    private static let seeds = [
        "growbro://post/abc", "growbro://profile/u_1", "growbro://task/T-9", "growbro://calendar", "growbro://inbox",
        "growbro://settings/notifications", "https://growbro.app/post/1?ref=x#c", "https://staging.growbro.app/inbox",
        "HTTPS://GROWBRO.APP/task/x?a=b&c=d",
    ].map { Array($0.utf8) }

    private static let tokens = [
        "/", "//", "://", ".", "..", "/../", "./", "@", ":", ":443", "?", "#", "&", "=", "%", "%2F", "%2f", "%2E",
        "%25",
        "%5C", "%41", "%3A", "%00", "%0a", "\\", " ", "\u{0}", "\n", "\u{7F}", "\u{430}", "\u{FF0F}", "xn--",
        "evil.com",
        "growbro.app", ".evil.com", "redirect=", "URL=", "next=", "Return=", "//evil", "https://", "post", "profile",
        "task", "calendar", "inbox", "settings", "notifications", String(repeating: "a", count: 64), "growbro", "https",
        "staging.",
    ].map { Array($0.utf8) }

    @Test func millionsOfMutatedAndRandomLinksNeverEscapeTheAllowlist() {
        var generator = SplitMix64(seed: 0x5EED_0014)
        var accepted = 0
        var escaped: [String] = []
        var reasons: Set<DeepLinkRouteRejection> = []
        for round in 0..<1_000_000 {
            let bytes =
                round % 4 == 3
                ? Self.randomBytes(using: &generator)
                : Self.mutated(Self.seeds.randomElement(using: &generator)!, &generator)
            do {
                _ = try DeepLinkRouter.growBro.route(utf8: bytes)
                accepted += 1
                if !GrowBroAllowlist.contains(bytes), escaped.count < 10 {
                    escaped.append(String(decoding: bytes, as: UTF8.self))
                }
            } catch {
                reasons.insert(error)
            }
        }
        #expect(escaped == [])
        // The run is not vacuous: it accepts a good share and reaches every rejection.
        #expect(accepted > 10_000)
        #expect(reasons == Set(DeepLinkRouteRejection.allCases))
    }

    private static func randomBytes(using generator: inout SplitMix64) -> [UInt8] {
        (0..<Int.random(in: 0...40, using: &generator)).map { _ in
            // Mostly printable ASCII, sometimes anything.
            Bool.random(using: &generator)
                ? UInt8.random(in: 0x21...0x7E, using: &generator) : UInt8.random(in: 0...255, using: &generator)
        }
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
