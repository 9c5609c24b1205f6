#if canImport(COpenSSL)
    import Foundation
    import Testing

    @testable import SwitchboardServer

    /// An issuer rotating its keys while the server runs, over real sockets: the operator saves
    /// the new JWKS document over the file, and tokens of the new key verify, tokens of a
    /// withdrawn key stop verifying, and a broken or removed file keeps the keys in use.
    @Suite struct TokenKeyRotationServerTests {
        typealias Tokens = TokenVerificationServerTests

        /// A 401's message, or "200" when the token was accepted.
        static func outcome(_ harness: ServerHarness, _ key: TestSigningKey) async throws -> String {
            let response = try await harness.post(
                "{ listNotes { items { id } } }", headers: ["Authorization": key.token(Tokens.claims("alice"))])
            if response.status == 200 && response.body["errors"] == nil { return "200" }
            return Tokens.refusal(response) ?? "\(response.status) \(response.body.text)"
        }

        static func save(_ keys: [TestSigningKey], to file: URL, atomically: Bool = false) throws {
            let document = JSON.object(["keys": .array(keys.map { $0.jwk() })])
            try Data(document.text.utf8).write(to: file, options: atomically ? .atomic : [])
        }

        @Test func savedKeysCountWithoutARestartAndABrokenSaveKeepsTheKeysInUse() async throws {
            let file = try TestSigningKey.keySetFile([TestSigningKey.rsa.jwk()])
            defer { try? FileManager.default.removeItem(at: file) }
            var verification = LocalServer.TokenVerification(
                keySetFiles: [file], issuers: [Tokens.issuer], clientIDs: [Tokens.clientID])
            // Looked at on every token here, so that the test need not wait out the interval.
            verification.keyCheckInterval = .zero
            var configuration = LocalServer.Configuration(apiKeys: [.init("da2-test")])
            configuration.tokenVerification = verification
            let harness = try await ServerHarness.start(Tokens.schema, configuration: configuration)
            defer { Task { await harness.stop() } }

            #expect(try await Self.outcome(harness, .rsa) == "200")
            #expect(try await Self.outcome(harness, .p256).contains("No key of this server has the token's kid"))
            // The issuer publishes its next key beside the current one.
            try Self.save([.rsa, .p256], to: file)
            #expect(try await Self.outcome(harness, .p256) == "200")
            #expect(try await Self.outcome(harness, .rsa) == "200")
            // A half-written save is not a key set: the keys in use stay.
            try Data(#"{"keys": [{"kty": "RSA""#.utf8).write(to: file)
            #expect(try await Self.outcome(harness, .rsa) == "200")
            #expect(try await Self.outcome(harness, .p256) == "200")
            // The old key is withdrawn (saved by renaming over the file this time).
            try Self.save([.p256], to: file, atomically: true)
            #expect(try await Self.outcome(harness, .rsa).contains("No key of this server has the token's kid"))
            #expect(try await Self.outcome(harness, .p256) == "200")
            // A removed file keeps them too.
            try FileManager.default.removeItem(at: file)
            #expect(try await Self.outcome(harness, .p256) == "200")
            #expect(try await Self.outcome(harness, .rsa).contains("No key of this server has the token's kid"))
        }
    }
#endif
