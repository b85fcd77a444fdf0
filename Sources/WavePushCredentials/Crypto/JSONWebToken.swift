internal import Foundation
internal import WaveJSON

/// A compact JSON Web Signature (RFC 7515): `base64url(header).base64url(claims).base64url(signature)`, the form
/// of APNs' provider token and of the assertion a Google service account trades for an access token.
enum JSONWebToken {
    /// Signs a token.
    ///
    /// - Parameters:
    ///   - header: The protected header's members after `alg`, as `(name, value)` text pairs (`kid`, `typ`).
    ///   - key: The key; its algorithm becomes the header's `alg`.
    ///   - claims: Writes the claims object's members.
    /// - Returns: The compact token.
    /// - Throws: ``CredentialError/signingFailed`` when libcrypto refuses.
    static func signed(
        header: [(name: String, value: String)], key: SigningKey, claims: (inout JSONWriter) -> Void
    ) throws(CredentialError) -> String {
        var headerJSON = JSONWriter(capacity: 64)
        headerJSON.beginObject()
        headerJSON.key("alg")
        headerJSON.string(key.algorithm.rawValue)
        for member in header {
            headerJSON.key(member.name)
            headerJSON.string(member.value)
        }
        headerJSON.endObject()
        var claimsJSON = JSONWriter(capacity: 256)
        claimsJSON.beginObject()
        claims(&claimsJSON)
        claimsJSON.endObject()
        let signingInput = base64URL(headerJSON.bytes) + "." + base64URL(claimsJSON.bytes)
        let signature = try key.sign(Array(signingInput.utf8))
        return signingInput + "." + base64URL(signature)
    }

    /// Base64 with the URL alphabet and no padding (RFC 7515 §2).
    static func base64URL(_ bytes: [UInt8]) -> String {
        var text = Data(bytes).base64EncodedString()
        while text.last == "=" { text.removeLast() }
        return String(
            text.map { character in
                switch character {
                case "+": "-"
                case "/": "_"
                default: character
                }
            })
    }
}
