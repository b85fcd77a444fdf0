import Foundation
import TestSupport
import Testing
import WavePush

/// `wavepush send-test` with the signed credentials an operator configures: a `.p8` key (made by openssl) signs the
/// APNs provider token, and a service account's assertion is traded at the stand-in's OAuth endpoint, through the
/// same HTTP/2 client, for the FCM access token.
struct SignedSendTestTests {
    /// Runs openssl with these arguments, failing the test when it fails.
    static func openssl(_ arguments: [String]) async throws {
        let run = try await ToolRun.run("/usr/bin/openssl", arguments)
        try #require(run.status == 0, "\(run.output)")
    }

    /// The stand-in checks every provider token with PyJWT against the public keys of the keys made here; with
    /// `wrongAPNsKey` it holds the public key of another EC key, and must refuse the APNs token.
    @Test(arguments: [false, true])
    func aKeyFileAndAServiceAccountGiveTheBearerCredentialsSent(wrongAPNsKey: Bool) async throws {
        let keys = try TemporaryDirectory()
        defer { keys.remove() }
        let key = keys.appending("AuthKey_ABC123DEFG.p8").path
        let rsa = keys.appending("service-account-key.pem").path
        let other = keys.appending("other.p8").path
        for arguments in [
            ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", key],
            ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", other],
            ["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", rsa],
            ["pkey", "-in", wrongAPNsKey ? other : key, "-pubout", "-out", key + ".pub"],
            ["pkey", "-in", rsa, "-pubout", "-out", rsa + ".pub"],
        ] {
            try await Self.openssl(arguments)
        }
        let script = """
            {"verify": {"apns_key": "\(key).pub", "apns_key_id": "ABC123DEFG", "apns_team": "DEF123GHIJ",
                        "fcm_key": "\(rsa).pub"}}
            """
        guard let (standIn, directory) = try await PushStandIn.startForTest(script: script) else { return }
        defer { directory.remove() }
        let account: [String: String] = [
            "type": "service_account", "project_id": "growbro-test", "private_key_id": "0123abcd",
            "private_key": try String(contentsOfFile: rsa, encoding: .utf8),
            "client_email": "push@growbro-test.iam.gserviceaccount.com", "token_uri": "\(standIn.baseURL)/token",
        ]
        let accountFile = directory.appending("service-account.json").path
        try JSONSerialization.data(withJSONObject: account).write(to: URL(fileURLWithPath: accountFile))
        let configuration = directory.appending("push.json").path
        try """
        {"apns": {"topic": "app.growbro", "keyFile": "\(key)", "keyID": "ABC123DEFG", "teamID": "DEF123GHIJ",
                  "endpoint": "\(standIn.baseURL)"},
         "fcm": {"project": "growbro-test", "serviceAccountFile": "\(accountFile)", "endpoint": "\(standIn.baseURL)"},
         "caFile": "\(standIn.caFile)"}
        """.write(toFile: configuration, atomically: true, encoding: .utf8)

        let apns = await Fixtures.run([
            "send-test", configuration, "--platform", "apns", "--token", String(repeating: "0", count: 62) + "c3",
        ])
        let fcm = await Fixtures.run([
            "send-test", configuration, "--platform", "fcm", "--token",
            "fcm-token:APA91b" + String(repeating: "y", count: 40),
        ])
        #expect(fcm.status == 0, "\(fcm.output) \(fcm.errors)")
        let received = try standIn.received()
        // Every token was checked by the stand-in's own library: the assertion traded for FCM's access token always
        // passes; the APNs provider token passes against its key and is refused against another.
        #expect(received.map(\.jwt) == [wrongAPNsKey ? "invalid: InvalidSignatureError" : "valid", "valid", nil])
        if wrongAPNsKey {
            // APNs' answer to a bad provider token: 403 InvalidProviderToken; send-test exits 1 (refused).
            #expect(apns.status == 1, "\(apns.output) \(apns.errors)")
            #expect(apns.output.contains("InvalidProviderToken"))
            return
        }
        #expect(apns.status == 0, "\(apns.output) \(apns.errors)")
        #expect(received.map(\.path).map { $0.prefix(6) } == ["/3/dev", "/token", "/v1/pr"])
        let token = try #require(received[0].header("authorization"))
        #expect(token.hasPrefix("bearer "))
        let parts = token.dropFirst("bearer ".count).split(separator: ".")
        #expect(parts.count == 3)
        let header = try #require(Data(base64URL: String(parts[0])))
        #expect(String(decoding: header, as: UTF8.self).contains(#""kid":"ABC123DEFG""#))
        #expect(received[1].body.hasPrefix("grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer"))
        #expect(received[2].header("authorization") == "Bearer standin-access-token")
        // Neither run prints a credential.
        #expect(!apns.output.contains(String(parts[2])) && !fcm.output.contains("standin-access-token"))
    }

    /// An OAuth 2 token endpoint that does not answer is "no answer" (69), not bad configuration (65): the
    /// configuration is right and the server is away. No push is attempted, and the message names the endpoint.
    @Test
    func aTokenEndpointThatDoesNotAnswerExits69() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let rsa = directory.appending("service-account-key.pem").path
        try await Self.openssl(["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", rsa])
        let port = try ClosedLoopbackPort.make()
        let account: [String: String] = [
            "type": "service_account", "project_id": "growbro-test", "private_key_id": "0123abcd",
            "private_key": try String(contentsOfFile: rsa, encoding: .utf8),
            "client_email": "push@growbro-test.iam.gserviceaccount.com",
            "token_uri": "https://127.0.0.1:\(port)/token",
        ]
        let accountFile = directory.appending("service-account.json").path
        try JSONSerialization.data(withJSONObject: account).write(to: URL(fileURLWithPath: accountFile))
        let configuration = directory.appending("push.json").path
        try """
        {"fcm": {"project": "growbro-test", "serviceAccountFile": "\(accountFile)",
                 "endpoint": "https://127.0.0.1:\(port)"}}
        """.write(toFile: configuration, atomically: true, encoding: .utf8)
        let run = await Fixtures.run([
            "send-test", configuration, "--platform", "fcm", "--token",
            "fcm-token:APA91b" + String(repeating: "y", count: 40),
        ])
        #expect(run.status == 69, "\(run.output) \(run.errors)")
        #expect(run.errors.contains("the OAuth 2 token endpoint did not answer"), "\(run.errors)")
        #expect(run.errors.contains("127.0.0.1:\(port)"), "\(run.errors)")
        #expect(!run.output.contains("request"), "\(run.output)")
    }
}

extension Data {
    /// Decodes base64url without padding (a JWT's parts).
    fileprivate init?(base64URL text: String) {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        self.init(base64Encoded: base64)
    }
}
