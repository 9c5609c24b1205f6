#if canImport(COpenSSL)
    import Foundation
    import SwitchboardSigV4
    import Testing

    @testable import SwitchboardServer

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// Cognito and OIDC tokens over real sockets, signed at test time with RSA-2048 and P-256 keys
    /// whose public halves the server reads from a JWKS file: what is accepted, each forgery or
    /// stale token refused with the check that failed, over HTTP and the real-time protocols, and
    /// what a server without keys does on loopback and beyond.
    @Suite struct TokenVerificationServerTests {
        static let schema = """
            type Note @model @auth(rules: [{allow: owner}, {allow: public, operations: [read]}]) {
              id: ID!
              text: String
            }
            """
        static let issuer = "https://cognito-idp.us-east-1.amazonaws.com/us-east-1_TEST"
        static let clientID = "app-client"

        /// A server verifying tokens of both test keys, for `clientID` only.
        static func start(host: String = "127.0.0.1") async throws -> ServerHarness {
            let file = try TestSigningKey.keySetFile([TestSigningKey.rsa.jwk(), TestSigningKey.p256.jwk()])
            var configuration = LocalServer.Configuration(host: host, apiKeys: [.init("da2-test")])
            configuration.tokenVerification = .init(keySetFiles: [file], issuers: [issuer], clientIDs: [clientID])
            return try await ServerHarness.start(schema, configuration: configuration, removingOnStop: [file])
        }

        /// An ID token's claims for `user`, valid for an hour, with `changes` applied (`.null` removes).
        static func claims(_ user: String, _ changes: JSONObject = [:]) -> JSON {
            let now = Int(Date().timeIntervalSince1970)
            var claims: JSONObject = [
                "sub": .string("sub-\(user)"), "cognito:username": .string(user), "iss": .string(issuer),
                "aud": .string(clientID), "token_use": "id", "iat": .int(now), "exp": .int(now + 3600),
            ]
            for (name, value) in changes {
                if value == .null { claims[name] = nil } else { claims[name] = value }
            }
            return .object(claims)
        }

        static let createNote = "mutation C($input: CreateNoteInput!) { createNote(input: $input) { id owner } }"

        /// The error message of a 401, after checking it is AppSync's.
        static func refusal(_ response: (status: Int, body: JSON), sourceLocation: SourceLocation = #_sourceLocation)
            -> String?
        {
            #expect(response.status == 401, sourceLocation: sourceLocation)
            #expect(
                response.body["errors"]?[0]?["errorType"] == "UnauthorizedException", sourceLocation: sourceLocation)
            return response.body["errors"]?[0]?["message"]?.stringValue
        }

        @Test func rs256AndES256TokensAreVerifiedAndOwnerRulesUseTheirClaims() async throws {
            let harness = try await Self.start()
            defer { Task { await harness.stop() } }
            let alice = ["Authorization": TestSigningKey.rsa.token(Self.claims("alice"))]
            let created = try await harness.post(
                Self.createNote, variables: ["input": ["id": "n1", "text": "mine"]], headers: alice)
            #expect(created.status == 200 && created.body["data"]?["createNote"]?["owner"] == "sub-alice::alice")
            // Bob's ES256 token is just as good, but owner rules keep him off alice's note.
            let bob = ["Authorization": "Bearer " + TestSigningKey.p256.token(Self.claims("bob"))]
            let update = #"mutation { updateNote(input: {id: "n1", text: "bob's"}) { id } }"#
            let refused = try await harness.post(update, headers: bob)
            #expect(refused.status == 200 && refused.body["errors"]?[0]?["errorType"] == "Unauthorized")
            // A Cognito access token names the client in client_id and has no aud; no kid tries every key of the type.
            let access = TestSigningKey.p256.token(
                Self.claims("alice", ["aud": .null, "client_id": .string(Self.clientID), "token_use": "access"]),
                kid: .null)
            let updated = try await harness.post(
                update.replacingOccurrences(of: "bob's", with: "edited"), headers: ["Authorization": access])
            #expect(updated.status == 200 && updated.body["errors"] == nil, "\(updated.body.text)")
            // aud may be a list; exp a few seconds past is within the leeway.
            let listed = TestSigningKey.rsa.token(
                Self.claims(
                    "alice",
                    ["aud": ["other", .string(Self.clientID)], "exp": .int(Int(Date().timeIntervalSince1970) - 20)]))
            let read = try await harness.post(
                #"{ getNote(id: "n1") { text owner } }"#, headers: ["Authorization": listed])
            #expect(read.body["data"]?["getNote"] == ["text": "edited", "owner": "sub-alice::alice"])
            #expect(harness.server.warnings.allSatisfy { !$0.contains("token") })
        }

        /// A token that must be refused, and the check that refuses it.
        enum Forgery: String, CaseIterable, Sendable {
            case flippedRSASignatureByte, flippedECSignatureByte, unknownKid, kidOfTheOtherKeyType, algNone
            case hs256WithThePublicKeyAsSecret, expired, notYetValid, issuedInTheFuture, noExpiry, wrongIssuer
            case wrongAudience, wrongClientID, refreshTokenUse, criticalHeader

            var token: String {
                let rsa = TestSigningKey.rsa
                let now = Int(Date().timeIntervalSince1970)
                func flipped(_ token: String) -> String {
                    var parts = token.split(separator: ".").map(String.init)
                    var signature = Base64URL.decode(parts[2])!
                    signature[20] ^= 0x01
                    parts[2] = TestSigningKey.base64URL(signature)
                    return parts.joined(separator: ".")
                }
                func unsigned(_ header: JSON, _ claims: JSON, signature: [UInt8] = []) -> String {
                    let input =
                        TestSigningKey.base64URL(Array(header.text.utf8)) + "."
                        + TestSigningKey.base64URL(Array(claims.text.utf8))
                    return input + "." + TestSigningKey.base64URL(signature)
                }
                switch self {
                case .flippedRSASignatureByte: return flipped(rsa.token(claims("mallory")))
                case .flippedECSignatureByte: return flipped(TestSigningKey.p256.token(claims("mallory")))
                case .unknownKid: return rsa.token(claims("mallory"), kid: "rotated-away")
                case .kidOfTheOtherKeyType: return rsa.token(claims("mallory"), kid: .string(TestSigningKey.p256.kid))
                case .algNone: return unsigned(["alg": "none"], claims("mallory"))
                case .hs256WithThePublicKeyAsSecret:
                    // The algorithm-confusion attack: an HMAC keyed with what the server publishes.
                    let header: JSON = ["alg": "HS256", "kid": .string(rsa.kid)]
                    let input =
                        TestSigningKey.base64URL(Array(header.text.utf8)) + "."
                        + TestSigningKey.base64URL(Array(claims("mallory").text.utf8))
                    let mac = HMACSHA256.authenticationCode(for: Array(input.utf8), key: rsa.subjectPublicKeyInfo)
                    return input + "." + TestSigningKey.base64URL(mac.bytes)
                case .expired: return rsa.token(claims("mallory", ["exp": .int(now - 3600)]))
                case .notYetValid: return rsa.token(claims("mallory", ["nbf": .int(now + 3600)]))
                case .issuedInTheFuture: return rsa.token(claims("mallory", ["iat": .int(now + 3600)]))
                case .noExpiry: return rsa.token(claims("mallory", ["exp": .null]))
                case .wrongIssuer: return rsa.token(claims("mallory", ["iss": "https://issuer.example"]))
                case .wrongAudience: return rsa.token(claims("mallory", ["aud": "another-client"]))
                case .wrongClientID:
                    return rsa.token(
                        claims("mallory", ["aud": .null, "client_id": "another-client", "token_use": "access"]))
                case .refreshTokenUse: return rsa.token(claims("mallory", ["token_use": "refresh"]))
                case .criticalHeader:
                    return unsigned(["alg": "RS256", "kid": .string(rsa.kid), "crit": ["exp"]], claims("mallory"))
                }
            }

            var rejection: TokenRejection {
                switch self {
                case .flippedRSASignatureByte, .flippedECSignatureByte: .badSignature
                case .unknownKid: .unknownKey
                case .kidOfTheOtherKeyType: .keyTypeMismatch
                case .algNone: .unsigned
                case .hs256WithThePublicKeyAsSecret: .algorithmNotAccepted
                case .expired: .expired
                case .notYetValid: .notYetValid
                case .issuedInTheFuture: .issuedInFuture
                case .noExpiry: .missingExpiry
                case .wrongIssuer: .wrongIssuer
                case .wrongAudience, .wrongClientID: .wrongAudience
                case .refreshTokenUse: .wrongTokenUse
                case .criticalHeader: .criticalHeader
                }
            }
        }

        @Test(arguments: Forgery.allCases)
        func forgedAndStaleTokensAreRefusedWithTheCheckThatFailed(_ forgery: Forgery) async throws {
            let harness = try await Self.start()
            defer { Task { await harness.stop() } }
            let token = forgery.token
            let response = try await harness.post(
                Self.createNote, variables: ["input": ["id": "x", "text": "forged"]], headers: ["Authorization": token])
            let message = Self.refusal(response)
            #expect(message == "You are not authorized to make this call. \(forgery.rejection)")
            for part in token.split(separator: ".") where part.count > 8 {
                #expect(message?.contains(part) == false, "the message echoes the token")
            }
            // Nothing was written: the API key (public read) lists no notes.
            #expect(try await harness.data("{ listNotes { items { id } } }")["items"] == [])
        }

        @Test func realtimeConnectionsAndSubscriptionsVerifyTokensToo() async throws {
            let harness = try await Self.start()
            defer { Task { await harness.stop() } }
            let host = "127.0.0.1:\(harness.server.port)"
            let expired = TestSigningKey.rsa.token(
                Self.claims("alice", ["exp": .int(Int(Date().timeIntervalSince1970) - 3600)]))
            let refused = try await RealtimeClient.appSync(
                harness.server, authorization: ["host": host, "Authorization": expired])
            let error = try await refused.initialize()
            #expect(error?["type"] == "connection_error")
            #expect(error?["payload"]?["errors"]?[0]?["errorCode"] == 401)
            #expect(
                error?["payload"]?["errors"]?[0]?["message"]
                    == .string("You are not authorized to make this call. \(TokenRejection.expired)"))

            let alice = ["host": host, "Authorization": TestSigningKey.rsa.token(Self.claims("alice"))]
            let client = try await RealtimeClient.appSync(harness.server, authorization: alice)
            #expect(try await client.initialize()?["type"] == "connection_ack")
            let onCreate = "subscription { onCreateNote { id owner } }"
            let forged = Forgery.flippedECSignatureByte.token
            try await client.start(
                id: "forged", query: onCreate, server: harness.server,
                authorization: ["host": host, "Authorization": forged])
            let startError = try await client.next()
            #expect(startError?["id"] == "forged")
            #expect(startError?["payload"]?["errors"]?[0]?["errorType"] == "UnauthorizedException")
            try await client.start(id: "s1", query: onCreate, server: harness.server, authorization: alice)
            #expect(try await client.next() == ["type": "start_ack", "id": "s1"])
            _ = try await harness.post(
                Self.createNote, variables: ["input": ["id": "n1", "text": "hi"]],
                headers: ["Authorization": alice["Authorization"]!])
            let event = try await client.next()
            #expect(event?["payload"]?["data"]?["onCreateNote"] == ["id": "n1", "owner": "sub-alice::alice"])
            await client.close()

            // graphql-transport-ws: the token in connection_init's payload, refused with a close.
            let transport = try await RealtimeClient.transportWS(harness.server)
            #expect(
                try await transport.initialize(payload: ["Authorization": .string(Forgery.wrongIssuer.token)]) == nil)
            let good = try await RealtimeClient.transportWS(harness.server)
            let goodToken = JSON.string(alice["Authorization"] ?? "")
            #expect(try await good.initialize(payload: ["Authorization": goodToken])?["type"] == "connection_ack")
            await good.close()
        }

        @Test func withoutKeysALoopbackServerTrustsTokensAndSaysSo() async throws {
            let harness = try await ServerHarness.start(
                Self.schema, configuration: .init(host: "127.0.0.1", apiKeys: [.init("da2-test")]))
            defer { Task { await harness.stop() } }
            #expect(harness.server.warnings.contains { $0.contains("accepted WITHOUT signature verification") })
            guard case .unverified? = harness.server.tokenPolicy else {
                Issue.record("the policy is not unverified")
                return
            }
            let created = try await harness.post(
                Self.createNote, variables: ["input": ["id": "n1", "text": "x"]],
                headers: ["Authorization": Forgery.algNone.token])
            #expect(created.body["data"]?["createNote"]?["owner"] == "sub-mallory::mallory")
        }

        @Test func withoutKeysAServerBeyondLoopbackRefusesTokensAndSaysSo() async throws {
            let harness = try await ServerHarness.start(
                Self.schema, configuration: .init(host: "0.0.0.0", apiKeys: [.init("da2-test")]))
            defer { Task { await harness.stop() } }
            #expect(
                harness.server.warnings.contains {
                    $0.hasPrefix("Cognito and OIDC tokens are refused") && $0.contains("0.0.0.0")
                })
            // Listening on every interface includes loopback, which is where the test connects.
            var request = URLRequest(url: URL(string: "http://127.0.0.1:\(harness.server.port)/graphql")!)
            request.httpMethod = "POST"
            request.httpBody = Data(JSON.object(["query": "{ listNotes { items { id } } }"]).text.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.setValue(TestSigningKey.rsa.token(Self.claims("alice")), forHTTPHeaderField: "Authorization")
            let (data, response) = try await URLSession.shared.data(for: request)
            let message = Self.refusal(
                ((response as? HTTPURLResponse)?.statusCode ?? 0, try JSONReader.read(Array(data))))
            #expect(message?.contains("start it with --jwks FILE") == true, "\(message ?? "")")
            // API keys still work there.
            request.setValue(nil, forHTTPHeaderField: "Authorization")
            request.setValue("da2-test", forHTTPHeaderField: "x-api-key")
            let (listed, keyed) = try await URLSession.shared.data(for: request)
            #expect((keyed as? HTTPURLResponse)?.statusCode == 200)
            #expect(try JSONReader.read(Array(listed))["data"]?["listNotes"]?["items"] == [])
        }
    }
#endif
