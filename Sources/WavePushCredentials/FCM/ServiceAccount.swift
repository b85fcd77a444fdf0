internal import WaveJSON

/// A Google service account's key file, the JSON the Firebase console gives, read once: who signs (`client_email`),
/// with which key (`private_key`, `private_key_id`), for which project (`project_id`), and where its assertion is
/// traded for an access token (`token_uri`).
public struct ServiceAccount: Sendable {
    /// The account's e-mail address: the assertion's issuer.
    public let clientEmail: String
    /// The Firebase project, the `<project>` of FCM's send URL.
    public let projectID: String
    /// The OAuth 2 token endpoint (`https://oauth2.googleapis.com/token`).
    public let tokenURI: String
    /// The key's id: the assertion header's `kid`.
    public let privateKeyID: String
    /// The key (RS256).
    public let key: SigningKey

    /// Reads a service-account key file.
    ///
    /// - Parameters:
    ///   - path: The JSON file; read once, here.
    ///   - tokenURI: An endpoint to use instead of the file's (a test's stand-in); `nil` keeps the file's.
    /// - Throws: ``CredentialError`` naming the file and the field that is missing or wrong; never the key.
    public init(path: String, tokenURI: String? = nil) throws(CredentialError) {
        var bytes = try KeyFile.read(path)
        defer { _ = bytes.withUnsafeMutableBytes { $0.initializeMemory(as: UInt8.self, repeating: 0) } }
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes)
        } catch {
            // The parser's message quotes no text from the file, only where it failed.
            throw .invalidServiceAccount(path: path, field: "the file", problem: "is not JSON (\(error))")
        }
        func text(_ field: String) throws(CredentialError) -> String {
            guard let value = json.member(field) else {
                throw .invalidServiceAccount(path: path, field: field, problem: "is missing")
            }
            guard case .string(let string) = value else {
                throw .invalidServiceAccount(
                    path: path, field: field, problem: "must be a string, found \(value.typeDescription)")
            }
            guard !string.isEmpty else { throw .invalidServiceAccount(path: path, field: field, problem: "is empty") }
            return string
        }
        guard try text("type") == "service_account" else {
            throw .invalidServiceAccount(path: path, field: "type", problem: "must be \"service_account\"")
        }
        clientEmail = try text("client_email")
        projectID = try text("project_id")
        privateKeyID = try text("private_key_id")
        if let tokenURI { self.tokenURI = tokenURI } else { self.tokenURI = try text("token_uri") }
        var pem = Array(try text("private_key").utf8)
        key = try SigningKey(pem: &pem, algorithm: .rs256, source: "\(path) (private_key)")
    }
}
