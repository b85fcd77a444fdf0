/// One bearer key of the key file: its name (the only thing logs show), its secret, and the users it may act for.
package struct APIKey: Sendable, Equatable {
    /// Which users a key may act for.
    package enum Users: Sendable, Equatable {
        /// Every user (the backend's own key).
        case all
        /// Only these user ids (a tool or a service acting for a few accounts).
        case only(Set<String>)
    }

    /// The key's name, unique in the file; shown in logs in place of the key.
    package var name: String
    /// The secret a client sends as `Authorization: Bearer <secret>`.
    package var secret: [UInt8]
    /// The users it may act for.
    package var users: Users

    /// Creates a key.
    ///
    /// - Parameters:
    ///   - name: The name.
    ///   - secret: The secret's bytes.
    ///   - users: The users it may act for.
    package init(name: String, secret: [UInt8], users: Users) {
        self.name = name
        self.secret = secret
        self.users = users
    }

    /// Whether this key may act for `userID`.
    ///
    /// - Parameter userID: The user a request names.
    /// - Returns: `true` when allowed.
    package func allows(_ userID: String) -> Bool {
        switch users {
        case .all: true
        case .only(let allowed): allowed.contains(userID)
        }
    }

    /// Whether `presented` is this key's secret, in time that depends only on the two lengths, never on where
    /// the first differing byte is.
    ///
    /// - Parameter presented: The bytes a client sent.
    /// - Returns: `true` when equal.
    package func matches(_ presented: [UInt8]) -> Bool {
        var difference: UInt8 = presented.count == secret.count ? 0 : 1
        for index in secret.indices {
            difference |= secret[index] ^ (index < presented.count ? presented[index] : 0)
        }
        return difference == 0
    }
}
