/// The 32-bit FNV-1a hash, used to derive stable integer notification ids from string identifiers.
public enum FNV1a {
    /// The FNV-1a 32-bit offset basis, which is also the hash of no bytes.
    public static let offsetBasis: UInt32 = 0x811C_9DC5
    /// The FNV 32-bit prime.
    public static let prime: UInt32 = 0x0100_0193

    /// Hashes `bytes` with FNV-1a 32-bit.
    ///
    /// - Parameter bytes: The bytes to hash.
    /// - Returns: The 32-bit hash.
    public static func hash32(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var hash = offsetBasis
        for byte in bytes {
            hash ^= UInt32(byte)
            hash &*= prime
        }
        return hash
    }

    /// Hashes the UTF-8 encoding of `string` with FNV-1a 32-bit.
    ///
    /// - Parameter string: The text to hash.
    /// - Returns: The 32-bit hash.
    public static func hash32(_ string: String) -> UInt32 {
        hash32(string.utf8)
    }
}
