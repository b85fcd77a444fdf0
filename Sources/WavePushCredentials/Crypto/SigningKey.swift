internal import CCrypto
internal import WaveNotifications

/// A private key read once from PEM, which signs SHA-256 digests for JSON Web Tokens: ES256 with an EC P-256 key
/// (APNs' `.p8` key) or RS256 with an RSA key (a Google service account's `private_key`).
///
/// The key lives only inside libcrypto: the PEM bytes it was read from are overwritten once parsed, and nothing
/// here ever writes, logs or describes the key itself. An error names where the key came from and what is wrong
/// with it, never its contents.
public final class SigningKey: Sendable {
    /// The signature scheme a key is for.
    public enum Algorithm: String, Hashable, Sendable {
        /// ECDSA on P-256 with SHA-256, the signature as the 64 bytes `r ‖ s` (RFC 7518 §3.4).
        case es256 = "ES256"
        /// RSASSA-PKCS1-v1_5 with SHA-256 (RFC 7518 §3.3), on a key of at least 2,048 bits.
        case rs256 = "RS256"
    }

    /// The algorithm this key signs with.
    public let algorithm: Algorithm
    // The EVP_PKEY, used only under the lock: OpenSSL 3 allows concurrent signing with one key, but a lock costs
    // nothing at one signature every several minutes, and leaves no doubt.
    private let key: WaveLock<OpaquePointer>

    /// Reads a private key from PEM text (`-----BEGIN PRIVATE KEY-----`, PKCS #8, or the older EC and RSA forms).
    ///
    /// - Parameters:
    ///   - pem: The PEM bytes; overwritten with zeros once read, so no copy of the key outlives this call here.
    ///   - algorithm: What the key must be: an EC P-256 key for ES256, an RSA key of 2,048 bits or more for RS256.
    ///   - source: Where the bytes came from (a path, "the service account's private_key"), for errors.
    /// - Throws: ``CredentialError/unreadableKey(source:reason:)`` when the bytes hold no unencrypted private key,
    ///   or the key is of another kind than `algorithm` needs.
    public init(pem: inout [UInt8], algorithm: Algorithm, source: String) throws(CredentialError) {
        defer { _ = pem.withUnsafeMutableBytes { $0.initializeMemory(as: UInt8.self, repeating: 0) } }
        let parsed: OpaquePointer? = pem.withUnsafeBytes { bytes in
            guard let bio = BIO_new_mem_buf(bytes.baseAddress, Int32(bytes.count)) else { return nil }
            defer { BIO_free(bio) }
            // A callback that gives no passphrase: without one, libcrypto would prompt on the terminal for an
            // encrypted key, which would hang a service.
            return PEM_read_bio_PrivateKey(bio, nil, { _, _, _, _ in 0 }, nil)
        }
        ERR_clear_error()
        guard let parsed else {
            throw .unreadableKey(source: source, reason: "no unencrypted PEM private key in it")
        }
        if let problem = Self.mismatch(parsed, algorithm) {
            EVP_PKEY_free(parsed)
            throw .unreadableKey(source: source, reason: problem)
        }
        self.algorithm = algorithm
        self.key = WaveLock(parsed)
    }

    deinit {
        key.withLock { EVP_PKEY_free($0) }
    }

    /// Signs `message` with SHA-256 in this key's algorithm.
    ///
    /// - Parameter message: The bytes to sign (a JWT's `header.claims`).
    /// - Returns: The signature as a JWT carries it: 64 bytes `r ‖ s` for ES256, the RSA signature for RS256.
    /// - Throws: ``CredentialError/signingFailed`` when libcrypto refuses (it never should with a key it read).
    public func sign(_ message: [UInt8]) throws(CredentialError) -> [UInt8] {
        let der: [UInt8]? = key.withLock { key in
            guard let context = EVP_MD_CTX_new() else { return nil }
            defer { EVP_MD_CTX_free(context) }
            guard EVP_DigestSignInit(context, nil, EVP_sha256(), nil, key) == 1 else { return nil }
            var length = 0
            let sized = message.withUnsafeBufferPointer {
                EVP_DigestSign(context, nil, &length, $0.baseAddress, $0.count)
            }
            guard sized == 1 else { return nil }
            var signature = [UInt8](repeating: 0, count: length)
            let signed = message.withUnsafeBufferPointer { input in
                signature.withUnsafeMutableBufferPointer {
                    EVP_DigestSign(context, $0.baseAddress, &length, input.baseAddress, input.count)
                }
            }
            guard signed == 1 else { return nil }
            return Array(signature.prefix(length))
        }
        ERR_clear_error()
        guard let der else { throw .signingFailed }
        switch algorithm {
        case .rs256: return der
        case .es256:
            guard let raw = Self.rawECDSASignature(fromDER: der) else { throw .signingFailed }
            return raw
        }
    }

    private static func mismatch(_ key: OpaquePointer, _ algorithm: Algorithm) -> String? {
        switch algorithm {
        case .es256:
            guard EVP_PKEY_get_base_id(key) == EVP_PKEY_EC else { return "not an EC key (ES256 needs P-256)" }
            var name = [CChar](repeating: 0, count: 64)
            var length = 0
            guard EVP_PKEY_get_group_name(key, &name, name.count, &length) == 1 else {
                return "an EC key without a named curve (ES256 needs P-256)"
            }
            let curve = String(decoding: name.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            // OpenSSL calls P-256 by its X9.62 name.
            guard curve == "prime256v1" || curve == "P-256" else { return "an EC key on \(curve), not P-256" }
            return nil
        case .rs256:
            guard EVP_PKEY_get_base_id(key) == EVP_PKEY_RSA else { return "not an RSA key (RS256 needs one)" }
            let bits = EVP_PKEY_get_bits(key)
            guard bits >= 2_048 else { return "an RSA key of \(bits) bits (RS256 needs 2,048 or more)" }
            return nil
        }
    }

    /// ECDSA signatures come from libcrypto as DER `SEQUENCE { r INTEGER, s INTEGER }`; JWS wants each number as
    /// 32 big-endian bytes, side by side.
    private static func rawECDSASignature(fromDER der: [UInt8]) -> [UInt8]? {
        der.withUnsafeBufferPointer { buffer -> [UInt8]? in
            var cursor = buffer.baseAddress
            guard let signature = d2i_ECDSA_SIG(nil, &cursor, buffer.count) else { return nil }
            defer { ECDSA_SIG_free(signature) }
            guard let r = ECDSA_SIG_get0_r(signature), let s = ECDSA_SIG_get0_s(signature) else { return nil }
            var raw = [UInt8](repeating: 0, count: 64)
            let written = raw.withUnsafeMutableBufferPointer { out -> Bool in
                guard let start = out.baseAddress else { return false }
                return BN_bn2binpad(r, start, 32) == 32 && BN_bn2binpad(s, start + 32, 32) == 32
            }
            return written ? raw : nil
        }
    }
}
