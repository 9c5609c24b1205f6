#if canImport(COpenSSL)
    import Foundation
    import SwitchboardAPI
    import SwitchboardCore
    import Testing

    @testable import SwitchboardServer

    /// A subscription whose `start` the server refuses for its token gets what a query answered
    /// `401` gets: the token provider is asked for a refreshed token and the `start` is sent once
    /// more with it. Over real sockets, against the local server verifying signed tokens.
    @Suite struct SubscriptionTokenRefreshTests {
        typealias Tokens = TokenVerificationServerTests

        /// A provider that trusts its cached token until the server refuses it, as one that
        /// slept through the token's expiry does; `refreshedToken()` signs a new one (or, when
        /// `refreshesStale`, one as expired as before).
        final class CachingTokenProvider: AuthTokenProvider {
            private struct State {
                var cached: String
                var refreshes = 0
            }

            private let state: Locked<State>
            let refreshesStale: Bool

            init(cached: String, refreshesStale: Bool = false) {
                state = Locked(State(cached: cached))
                self.refreshesStale = refreshesStale
            }

            var refreshes: Int { state.withLock { $0.refreshes } }

            func makeStale() { replaceCachedToken(with: SubscriptionTokenRefreshTests.expiredToken()) }

            func replaceCachedToken(with token: String) { state.withLock { $0.cached = token } }

            func latestToken() async throws -> String { state.withLock { $0.cached } }

            func refreshedToken() async throws -> String {
                let token =
                    refreshesStale
                    ? SubscriptionTokenRefreshTests.expiredToken()
                    : TestSigningKey.rsa.token(
                        Tokens.claims("alice"))
                return state.withLock { state in
                    state.refreshes += 1
                    state.cached = token
                    return token
                }
            }
        }

        /// Alice's token as it was two hours ago: expired an hour ago.
        static func expiredToken() -> String {
            let now = Int(Date().timeIntervalSince1970)
            return TestSigningKey.rsa.token(Tokens.claims("alice", ["iat": .int(now - 7200), "exp": .int(now - 3600)]))
        }

        struct Note: Codable, Sendable, Equatable {
            let id: String
            let owner: String?
        }

        static let onCreate = GraphQLRequest(
            document: "subscription { onCreateNote { id owner } }", responseType: Note.self,
            decodePath: "onCreateNote")

        static func plugin(_ harness: ServerHarness, _ provider: CachingTokenProvider) throws -> APIPlugin {
            let plugin = try APIPlugin(authTokenProviders: [.amazonCognitoUserPools: provider])
            try plugin.configure(
                using: SwitchboardConfiguration(
                    data: Data(
                        harness.server.amplifyConfiguration(authorizationType: .amazonCognitoUserPools).utf8)))
            return plugin
        }

        /// Reads `events` until the subscription is connected.
        static func connected(
            _ events: inout SwitchboardAsyncThrowingSequence<GraphQLSubscriptionEvent<Note>>.Iterator
        ) async throws {
            while let event = try await events.next() {
                if case .connection(.connected) = event { return }
            }
            Issue.record("the subscription ended before it was connected")
        }

        @Test func aStartRefusedForAnExpiredTokenIsSentAgainWithARefreshedOne() async throws {
            let harness = try await Tokens.start()
            defer { Task { await harness.stop() } }
            let provider = CachingTokenProvider(cached: TestSigningKey.rsa.token(Tokens.claims("alice")))
            let plugin = try Self.plugin(harness, provider)
            // The first subscription opens the connection while the cached token is good.
            var first = plugin.subscribe(request: Self.onCreate).makeAsyncIterator()
            try await Self.connected(&first)
            #expect(provider.refreshes == 0)

            // The token expires while the connection stays open; the next start carries it.
            provider.makeStale()
            var second = plugin.subscribe(request: Self.onCreate).makeAsyncIterator()
            try await Self.connected(&second)
            #expect(provider.refreshes == 1)

            _ = try await plugin.mutate(
                request: GraphQLRequest(
                    document: Tokens.createNote, variables: ["input": ["id": "n1", "text": "hi"]],
                    responseType: Note.self, decodePath: "createNote")
            ).get()
            for var events in [first, second] {
                while let event = try await events.next() {
                    guard case .data(let result) = event else { continue }
                    #expect(try result.get() == Note(id: "n1", owner: "sub-alice::alice"))
                    break
                }
            }
        }

        static func create(_ id: String, _ plugin: APIPlugin) async throws {
            _ = try await plugin.mutate(
                request: GraphQLRequest(
                    document: Tokens.createNote, variables: ["input": ["id": .string(id), "text": "hi"]],
                    responseType: Note.self, decodePath: "createNote")
            ).get()
        }

        @Test func aSubscriptionWhoseTokenExpiresIsEndedAndStartedAgainWithARefreshedToken() async throws {
            let file = try TestSigningKey.keySetFile([TestSigningKey.rsa.jwk()])
            defer { try? FileManager.default.removeItem(at: file) }
            var verification = LocalServer.TokenVerification(
                keySetFiles: [file], issuers: [Tokens.issuer], clientIDs: [Tokens.clientID])
            // No leeway, so that a token valid for a few more seconds expires within the test.
            verification.leeway = 0
            var configuration = LocalServer.Configuration(apiKeys: [.init("da2-test")])
            configuration.tokenVerification = verification
            let harness = try await ServerHarness.start(Tokens.schema, configuration: configuration)
            defer { Task { await harness.stop() } }
            let longLived = TestSigningKey.rsa.token(Tokens.claims("alice"))
            let host = "127.0.0.1:\(harness.server.port)"
            // The connections open with a token good for an hour; the subscriptions start with one
            // good for five seconds.
            let provider = CachingTokenProvider(cached: longLived)
            let plugin = try Self.plugin(harness, provider)
            var opening = plugin.subscribe(request: Self.onCreate).makeAsyncIterator()
            try await Self.connected(&opening)
            let raw = try await RealtimeClient.appSync(
                harness.server, authorization: ["host": host, "Authorization": longLived])
            defer { Task { await raw.close() } }
            #expect(try await raw.initialize()?["type"] == "connection_ack")

            let expiry = Int(Date().timeIntervalSince1970) + 5
            let shortLived = TestSigningKey.rsa.token(Tokens.claims("alice", ["exp": .int(expiry)]))
            provider.replaceCachedToken(with: shortLived)
            var events = plugin.subscribe(request: Self.onCreate).makeAsyncIterator()
            try await Self.connected(&events)
            try await raw.start(
                id: "raw", query: "subscription { onCreateNote { id owner } }", server: harness.server,
                authorization: ["host": host, "Authorization": shortLived])
            #expect(try await raw.next() == ["type": "start_ack", "id": "raw"])
            guard provider.refreshes == 0, Date().timeIntervalSince1970 < Double(expiry) else {
                print("skipping the rest of \(#function): the machine was too busy to start within the token's life")
                return
            }
            try await Task.sleep(for: .seconds(Double(expiry) - Date().timeIntervalSince1970 + 0.25))

            // The mutation's own token is refused and refreshed; its event ends both subscriptions.
            try await Self.create("n1", plugin)
            let ended = try await raw.next()
            #expect(ended?["type"] == "error")
            #expect(ended?["id"] == "raw")
            #expect(ended?["payload"]?["errors"]?[0]?["errorType"] == "UnauthorizedException")
            #expect(
                ended?["payload"]?["errors"]?[0]?["message"]
                    == .string("You are not authorized to make this call. \(TokenRejection.expired)"))
            // The client's starts again, with the token the mutation refreshed; n1 was missed.
            var states: [SubscriptionConnectionState] = []
            while let event = try await events.next() {
                switch event {
                case .connection(let state): states.append(state)
                case .data: Issue.record("an event reached a subscription whose token had expired")
                }
                if states.last == .connectedAfterGap { break }
            }
            #expect(states == [.connecting, .connectedAfterGap])
            try await Self.create("n2", plugin)
            while let event = try await events.next() {
                guard case .data(let result) = event else { continue }
                #expect(try result.get() == Note(id: "n2", owner: "sub-alice::alice"))
                break
            }
            #expect(provider.refreshes == 1)
        }

        @Test func aStartRefusedAgainAfterTheRefreshEndsWithTheServersError() async throws {
            let harness = try await Tokens.start()
            defer { Task { await harness.stop() } }
            let provider = CachingTokenProvider(
                cached: TestSigningKey.rsa.token(Tokens.claims("alice")), refreshesStale: true)
            let plugin = try Self.plugin(harness, provider)
            var first = plugin.subscribe(request: Self.onCreate).makeAsyncIterator()
            try await Self.connected(&first)

            provider.makeStale()
            var refused = plugin.subscribe(request: Self.onCreate).makeAsyncIterator()
            do {
                while let event = try await refused.next() {
                    if case .connection(.connected) = event {
                        Issue.record("a start with an expired token was accepted")
                    }
                }
                Issue.record("the subscription ended without an error")
            } catch SubscriptionError.rejected(let errors) {
                #expect(errors.first?.extensions?["errorType"] == "UnauthorizedException")
                #expect(errors.first?.message.contains(TokenRejection.expired.description) == true, "\(errors)")
            }
            // Refreshed once, not in a loop.
            #expect(provider.refreshes == 1)
        }
    }
#endif
