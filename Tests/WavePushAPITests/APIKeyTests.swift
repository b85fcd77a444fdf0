import Testing
import WavePushAPI

/// A key's comparison and the users it may act for.
struct APIKeyTests {
    private let key = APIKey(name: "k", secret: Array("0123456789abcdef0123456789abcdef".utf8), users: .only(["alice"]))

    @Test(arguments: [
        ("0123456789abcdef0123456789abcdef", true),
        ("0123456789abcdef0123456789abcdeF", false),
        ("1123456789abcdef0123456789abcdef", false),
        ("0123456789abcdef0123456789abcdef0", false),
        ("0123456789abcdef0123456789abcde", false),
        ("", false),
    ])
    func onlyTheExactSecretMatches(presented: String, matches: Bool) {
        #expect(key.matches(Array(presented.utf8)) == matches)
    }

    @Test func aLimitedKeyAllowsItsUsersOnly() {
        #expect(key.allows("alice"))
        #expect(!key.allows("bob"))
        #expect(!key.allows("Alice"))
        #expect(APIKey(name: "all", secret: [], users: .all).allows("anyone"))
    }
}
