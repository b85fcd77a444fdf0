import Foundation
import Testing
import WavePushCredentials

@Suite struct SigningKeyTests {
    @Test func anES256SignatureIsSixtyFourBytesThatOpenSSLVerifies() async throws {
        let tool = try OpenSSLTool()
        let paths = try await tool.makeP256Key()
        var pem = try [UInt8](Data(contentsOf: URL(fileURLWithPath: paths.privatePath)))
        let key = try SigningKey(pem: &pem, algorithm: .es256, source: "apns.p8")
        let message = Array("eyJhbGciOiJFUzI1NiJ9.eyJpc3MiOiJURUFNIn0".utf8)
        for _ in 0..<8 {
            // r or s with a leading zero byte happens one time in 256; several signatures check the padding too.
            let signature = try key.sign(message)
            #expect(signature.count == 64)
            #expect(
                try await tool.verifies(DecodedJWT.der(fromRaw: signature), of: message, publicKey: paths.publicPath))
        }
        #expect(
            try await !tool.verifies(
                DecodedJWT.der(fromRaw: key.sign(message)), of: message + [0x2E], publicKey: paths.publicPath))
    }

    @Test func anRS256SignatureIsOneOpenSSLVerifies() async throws {
        let tool = try OpenSSLTool()
        let paths = try await tool.makeRSAKey()
        var pem = try [UInt8](Data(contentsOf: URL(fileURLWithPath: paths.privatePath)))
        let key = try SigningKey(pem: &pem, algorithm: .rs256, source: "account.json")
        let message = Array("header.claims".utf8)
        let signature = try key.sign(message)
        #expect(signature.count == 256)
        #expect(try await tool.verifies(signature, of: message, publicKey: paths.publicPath))
    }

    @Test func thePEMBytesAreOverwrittenOnceRead() async throws {
        let tool = try OpenSSLTool()
        var pem = try await [UInt8](Data(contentsOf: URL(fileURLWithPath: tool.makeP256Key().privatePath)))
        _ = try SigningKey(pem: &pem, algorithm: .es256, source: "apns.p8")
        #expect(!pem.isEmpty)
        #expect(pem.allSatisfy { $0 == 0 })
    }

    /// Every key that cannot sign the algorithm is refused with where it came from and what is wrong, and the
    /// message holds no line of the key.
    @Test(arguments: [
        (
            "rsa-for-es256", ["-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048"], SigningKey.Algorithm.es256,
            "not an EC key"
        ),
        ("p384", ["-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-384"], .es256, "on secp384r1, not P-256"),
        ("ec-for-rs256", ["-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256"], .rs256, "not an RSA key"),
        ("rsa1024", ["-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:1024"], .rs256, "of 1024 bits"),
        (
            "encrypted",
            ["-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-aes256", "-pass", "pass:secret"],
            .es256, "no unencrypted PEM private key"
        ),
    ])
    func aKeyThatCannotSignIsRefusedWithoutShowingIt(
        name: String, options: [String], algorithm: SigningKey.Algorithm, expected: String
    ) async throws {
        let tool = try OpenSSLTool("refused-\(name)")
        let path = try await tool.makeKey(name, options).privatePath
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var pem = Array(text.utf8)
        let error = #expect(throws: CredentialError.self) {
            try SigningKey(pem: &pem, algorithm: algorithm, source: path)
        }
        let description = try #require(error).description
        #expect(description.contains(path))
        #expect(description.contains(expected), "\(description)")
        let keyLines = text.split(separator: "\n").filter { !$0.hasPrefix("-----") }
        #expect(keyLines.allSatisfy { !description.contains($0) })
        #expect(pem.allSatisfy { $0 == 0 })
    }

    @Test func bytesWithoutAKeyAreRefused() {
        var pem = Array("-----BEGIN PRIVATE KEY-----\nnot base64 at all\n-----END PRIVATE KEY-----\n".utf8)
        #expect(throws: CredentialError.unreadableKey(source: "x.p8", reason: "no unencrypted PEM private key in it")) {
            try SigningKey(pem: &pem, algorithm: .es256, source: "x.p8")
        }
    }
}
