import Foundation
import TestSupport

/// The `openssl` command: makes the keys the tests sign with and verifies signatures independently of the code
/// under test. Its folder of keys is removed when the tool goes away.
final class OpenSSLTool {
    let folder: TemporaryDirectory

    init(_ name: String = #function) throws {
        folder = try TemporaryDirectory(name)
    }

    deinit {
        folder.remove()
    }

    /// A new private key (PKCS #8 PEM) and its public key, as files; `options` are `genpkey`'s.
    func makeKey(_ name: String, _ options: [String]) async throws -> (privatePath: String, publicPath: String) {
        let privatePath = folder.appending("\(name).p8").path
        let publicPath = folder.appending("\(name).pub.pem").path
        try await run(["genpkey"] + options + ["-out", privatePath])
        try await run(["pkey", "-in", privatePath, "-pubout", "-out", publicPath] + passOptions(options))
        return (privatePath, publicPath)
    }

    /// An APNs-style `.p8` key (EC P-256).
    func makeP256Key(_ name: String = "apns") async throws -> (privatePath: String, publicPath: String) {
        try await makeKey(name, ["-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256"])
    }

    /// An RSA key, as in a Google service account.
    func makeRSAKey(
        _ name: String = "account", bits: Int = 2_048
    ) async throws -> (privatePath: String, publicPath: String) {
        try await makeKey(name, ["-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:\(bits)"])
    }

    /// Whether `openssl dgst -sha256 -verify` accepts `signature` (DER for ECDSA, raw for RSA) over `message`.
    func verifies(_ signature: [UInt8], of message: [UInt8], publicKey: String) async throws -> Bool {
        let messagePath = folder.appending("message-\(UUID().uuidString)").path
        let signaturePath = folder.appending("signature-\(UUID().uuidString)").path
        try Data(message).write(to: URL(fileURLWithPath: messagePath))
        try Data(signature).write(to: URL(fileURLWithPath: signaturePath))
        let status = try await status([
            "dgst", "-sha256", "-verify", publicKey, "-signature", signaturePath, messagePath,
        ])
        return status == 0
    }

    /// Whether a compact JWT's signature verifies with the public key (ES256 or RS256, from its header).
    func verifiesJWT(_ token: DecodedJWT, publicKey: String) async throws -> Bool {
        let signature = token.header.contains("\"ES256\"") ? DecodedJWT.der(fromRaw: token.signature) : token.signature
        return try await verifies(signature, of: token.signingInput, publicKey: publicKey)
    }

    private func passOptions(_ options: [String]) -> [String] {
        guard let index = options.firstIndex(of: "-pass") else { return [] }
        return ["-passin", options[index + 1]]
    }

    private func run(_ arguments: [String]) async throws {
        let status = try await status(arguments)
        guard status == 0 else { throw ToolFailure(arguments: arguments, status: status) }
    }

    private func status(_ arguments: [String]) async throws -> Int32 {
        try await ToolRun.run("/usr/bin/openssl", arguments).status
    }

    struct ToolFailure: Error, CustomStringConvertible {
        var arguments: [String]
        var status: Int32
        var description: String { "openssl \(arguments.joined(separator: " ")) exited \(status)" }
    }
}

/// A compact JWT taken apart.
struct DecodedJWT {
    var header: String
    var claims: String
    var signingInput: [UInt8]
    var signature: [UInt8]

    init?(_ token: String) {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, let header = Self.decode(parts[0]), let claims = Self.decode(parts[1]),
            let signature = Self.decode(parts[2])
        else { return nil }
        self.header = String(decoding: header, as: UTF8.self)
        self.claims = String(decoding: claims, as: UTF8.self)
        self.signingInput = Array((parts[0] + "." + parts[1]).utf8)
        self.signature = signature
    }

    /// Base64url without padding, as RFC 7515 writes it; `nil` for any other alphabet or for padding.
    static func decode(_ text: String) -> [UInt8]? {
        guard !text.contains("="), !text.contains("+"), !text.contains("/") else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64).map { [UInt8]($0) }
    }

    /// ES256's `r ‖ s` as the DER `SEQUENCE { INTEGER r, INTEGER s }` that `openssl dgst` verifies.
    static func der(fromRaw raw: [UInt8]) -> [UInt8] {
        func integer(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
            var value = Array(bytes.drop { $0 == 0 })
            if value.isEmpty { value = [0] }
            if value[0] & 0x80 != 0 { value.insert(0, at: 0) }
            return [0x02, UInt8(value.count)] + value
        }
        let body = integer(raw[0..<32]) + integer(raw[32..<64])
        return [0x30, UInt8(body.count)] + body
    }
}
