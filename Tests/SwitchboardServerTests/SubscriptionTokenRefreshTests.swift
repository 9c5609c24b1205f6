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
        /// `refreshesStale`, one as expired as before), good for an hour or `refreshLifetime` seconds.
        final class CachingTokenProvider: AuthTokenProvider {
            private struct State {
                var cached: String
                var refreshes = 0
            }

            private let state: Locked<State>
            let refreshesStale: Bool
            let refreshLifetime: Int?

            init(cached: String, refreshesStale: Bool = false, refreshLifetime: Int? = nil) {
                state = Locked(State(cached: cached))
                self.refreshesStale = refreshesStale
                self.refreshLifetime = refreshLifetime
            }

            /// How many times the server's refusal had a token refreshed.
            var refreshes: Int { state.withLock { $0.refreshes } }

            /// The cached token becomes one that expired an hour ago.
            func makeStale() { replaceCachedToken(with: SubscriptionTokenRefreshTests.expiredToken()) }

            /// The cached token becomes `token`.
            func replaceCachedToken(with token: String) { state.withLock { $0.cached = token } }

            func latestToken() async throws -> String { state.withLock { $0.cached } }

            func refreshedToken() async throws -> String {
                let token =
                    refreshesStale
                    ? SubscriptionTokenRefreshTests.expiredToken()
                    : TestSigningKey.rsa.token(
                        Tokens.claims("alice", refreshLifetime.map(SubscriptionTokenRefreshTests.expiring) ?? [:]))
                return state.withLock { state in
                    state.refreshes += 1
                    state.cached = token
                    return token
                }
            }
        }

        /// Notes as in the token tests, and a model only the `Admin` group may read, which Alice
        /// is not in.
        static let schema =
            Tokens.schema + """

                type Audit @model @auth(rules: [{allow: groups, groups: ["Admin"]}]) {
                  id: ID!
                  entry: String
                }
                """

        /// A server verifying tokens of the RSA test key with `leeway` seconds of clock skew.
        static func start(leeway: TimeInterval = 60) async throws -> ServerHarness {
            let file = try TestSigningKey.keySetFile([TestSigningKey.rsa.jwk()])
            var verification = LocalServer.TokenVerification(
                keySetFiles: [file], issuers: [Tokens.issuer], clientIDs: [Tokens.clientID])
            verification.leeway = leeway
            var configuration = LocalServer.Configuration(apiKeys: [.init("da2-test")])
            configuration.tokenVerification = verification
            return try await ServerHarness.start(schema, configuration: configuration, removingOnStop: [file])
        }

        /// Alice's token as it was two hours ago: expired an hour ago.
        static func expiredToken() -> String {
            let now = Int(Date().timeIntervalSince1970)
            return TestSigningKey.rsa.token(Tokens.claims("alice", ["iat": .int(now - 7200), "exp": .int(now - 3600)]))
        }

        /// The claim of a token that expires `seconds` from now.
        static func expiring(in seconds: Int) -> JSONObject {
            ["exp": .int(Int(Date().timeIntervalSince1970) + seconds)]
        }

        /// What the subscriptions select.
        struct Note: Codable, Sendable, Equatable {
            let id: String
            let owner: String?
        }

        /// Alice's subscription to new notes.
        static let onCreate = GraphQLRequest(
            document: "subscription { onCreateNote { id owner } }", responseType: Note.self,
            decodePath: "onCreateNote")

        /// A client of `harness` whose user-pool tokens come from `provider`, subscribing over
        /// `subscriptionProtocol` (AppSync's when `nil`).
        static func plugin(
            _ harness: ServerHarness, _ provider: CachingTokenProvider,
            realtime: RealtimeConfiguration = RealtimeConfiguration(), subscriptionProtocol: String? = nil,
            realtimeTransport: any RealtimeTransport = WebSocketRealtimeTransport()
        ) throws -> APIPlugin {
            let plugin = try APIPlugin(
                authTokenProviders: [.amazonCognitoUserPools: provider], realtimeTransport: realtimeTransport,
                realtimeConfiguration: realtime)
            var configuration = try JSONReader.read(
                harness.server.amplifyConfiguration(authorizationType: .amazonCognitoUserPools))
            if let subscriptionProtocol {
                configuration = try JSONReader.read(
                    configuration.text.replacingOccurrences(
                        of: #""endpointType":"GraphQL""#,
                        with: #""endpointType":"GraphQL","subscriptionProtocol":"\#(subscriptionProtocol)""#))
                #expect(configuration.text.contains(subscriptionProtocol))
            }
            try plugin.configure(using: SwitchboardConfiguration(data: Data(configuration.text.utf8)))
            return plugin
        }

        /// The next note `events` delivers (`nil`, recorded as an issue, if the stream ends first).
        static func nextNote(
            _ events: inout SwitchboardAsyncThrowingSequence<GraphQLSubscriptionEvent<Note>>.Iterator
        ) async throws -> Note? {
            while let event = try await events.next() {
                if case .data(let result) = event { return try result.get() }
            }
            Issue.record("the subscription ended before its next event")
            return nil
        }

        /// The first note `events` delivers while `plugin` creates one every 200 ms: what these tests
        /// check is the refresh, not `.connected`'s meaning on graphql-transport-ws (which has no
        /// acknowledgement per subscription; RegistrationProbeTests covers it), so they do not hang
        /// on a create published before the subscription was registered.
        static func firstNote(
            _ events: inout SwitchboardAsyncThrowingSequence<GraphQLSubscriptionEvent<Note>>.Iterator,
            creatingWith plugin: APIPlugin
        ) async throws -> Note? {
            let creator = Task {
                for index in 1... {
                    try await create("n\(index)", plugin)
                    try await Task.sleep(for: .milliseconds(200))
                }
            }
            defer { creator.cancel() }
            return try await nextNote(&events)
        }

        /// The errors `subscription` ends with (`SubscriptionError.rejected`), recording an issue if
        /// it connects or ends without them.
        static func rejection<R: Decodable & Sendable>(
            of subscription: SwitchboardAsyncThrowingSequence<GraphQLSubscriptionEvent<R>>
        ) async throws -> [GraphQLError] {
            do {
                for try await event in subscription {
                    if case .connection(.connected) = event { Issue.record("the subscription was accepted") }
                }
                Issue.record("the subscription ended without an error")
            } catch SubscriptionError.rejected(let errors) {
                return errors
            }
            return []
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
            let harness = try await Self.start()
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
            #expect(try await Self.nextNote(&first) == Note(id: "n1", owner: "sub-alice::alice"))
            #expect(try await Self.nextNote(&second) == Note(id: "n1", owner: "sub-alice::alice"))
        }

        /// A graphql-transport-ws `subscribe` to new notes.
        static func transportSubscribe(_ id: String) -> JSON {
            [
                "type": "subscribe", "id": .string(id),
                "payload": ["query": "subscription { onCreateNote { id owner } }"],
            ]
        }

        /// Alice's note `id`, created through `plugin`.
        static func create(_ id: String, _ plugin: APIPlugin) async throws {
            _ = try await plugin.mutate(
                request: GraphQLRequest(
                    document: Tokens.createNote, variables: ["input": ["id": .string(id), "text": "hi"]],
                    responseType: Note.self, decodePath: "createNote")
            ).get()
        }

        @Test func aSubscriptionWhoseTokenExpiresIsEndedAndStartedAgainWithARefreshedToken() async throws {
            // No leeway, so that a token valid for a few more seconds expires within the test.
            let harness = try await Self.start(leeway: 0)
            defer { Task { await harness.stop() } }
            let longLived = TestSigningKey.rsa.token(Tokens.claims("alice"))
            let host = "127.0.0.1:\(harness.server.port)"
            // The connections open with a token good for an hour; the subscriptions start with one
            // good for ten seconds (time enough to start them on a busy machine).
            let provider = CachingTokenProvider(cached: longLived)
            let plugin = try Self.plugin(harness, provider)
            var opening = plugin.subscribe(request: Self.onCreate).makeAsyncIterator()
            try await Self.connected(&opening)
            let raw = try await RealtimeClient.appSync(
                harness.server, authorization: ["host": host, "Authorization": longLived])
            defer { Task { await raw.close() } }
            #expect(try await raw.initialize()?["type"] == "connection_ack")

            let expiry = Int(Date().timeIntervalSince1970) + 10
            let shortLived = TestSigningKey.rsa.token(Tokens.claims("alice", ["exp": .int(expiry)]))
            provider.replaceCachedToken(with: shortLived)
            var events = plugin.subscribe(request: Self.onCreate).makeAsyncIterator()
            try await Self.connected(&events)
            try await raw.start(
                id: "raw", query: "subscription { onCreateNote { id owner } }", server: harness.server,
                authorization: ["host": host, "Authorization": shortLived])
            #expect(try await raw.next() == ["type": "start_ack", "id": "raw"])
            // graphql-transport-ws: the token of connection_init authorizes its subscriptions.
            let transport = try await RealtimeClient.transportWS(harness.server)
            defer { Task { await transport.close() } }
            #expect(
                try await transport.initialize(payload: ["Authorization": .string(shortLived)])?["type"]
                    == "connection_ack")
            try await transport.send(Self.transportSubscribe("t1"))
            guard provider.refreshes == 0, Date().timeIntervalSince1970 < Double(expiry) else {
                print("skipping the rest of \(#function): the machine was too busy to start within the token's life")
                return
            }
            // With no event published, the server ends both subscriptions once the token expires.
            let ended = try await raw.next()
            #expect(ended?["type"] == "error")
            #expect(ended?["id"] == "raw")
            #expect(ended?["payload"]?["errors"]?[0]?["errorType"] == "UnauthorizedException")
            #expect(
                ended?["payload"]?["errors"]?[0]?["message"]
                    == .string("You are not authorized to make this call. \(TokenRejection.expired)"))
            let transportEnded = try await transport.next()
            #expect(transportEnded?["type"] == "error")
            #expect(transportEnded?["id"] == "t1")
            #expect(transportEnded?["payload"]?[0]?["errorType"] == "UnauthorizedException")
            // Its connection's token has expired: no new subscription either.
            try await transport.send(Self.transportSubscribe("t2"))
            let refused = try await transport.next()
            #expect(refused?["id"] == "t2")
            #expect(refused?["payload"]?[0]?["message"] == ended?["payload"]?["errors"]?[0]?["message"])
            #expect(Date().timeIntervalSince1970 > Double(expiry), "ended before its token expired")
            // The client's was ended too: it starts again, its start refused and sent once more
            // with a refreshed token.
            var states: [SubscriptionConnectionState] = []
            while let event = try await events.next() {
                switch event {
                case .connection(let state): states.append(state)
                case .data: Issue.record("an event reached a subscription whose token had expired")
                }
                if states.last == .connectedAfterGap { break }
            }
            #expect(states == [.connecting, .connectedAfterGap], "the stream ended after \(states)")
            #expect(provider.refreshes == 1)
            try await Self.create("n1", plugin)
            #expect(try await Self.nextNote(&events) == Note(id: "n1", owner: "sub-alice::alice"))
            // The mutation carried the refreshed token at once.
            #expect(provider.refreshes == 1)
        }

        /// On AppSync's protocol the server answers `connection_error`; a graphql-transport-ws
        /// server closes the socket (4403) and sends no error, which a socket of the app's own
        /// (`appSocket`) reports through `RealtimeSocket.closeStatus`.
        @Test(
            .timeLimit(.minutes(1)),
            arguments: [(nil, false), ("graphql-transport-ws", false), ("graphql-transport-ws", true)]
                as [(String?, Bool)])
        func aConnectionRefusedForAnExpiredTokenOpensAgainWithARefreshedOne(
            subscriptionProtocol: String?, appSocket: Bool
        )
            async throws
        {
            let harness = try await Self.start()
            defer { Task { await harness.stop() } }
            // Back from an hour asleep, the provider still holds the old token.
            let provider = CachingTokenProvider(cached: Self.expiredToken())
            // A back-off this long would keep the subscription away for minutes: the connection
            // with the refreshed token must not wait for it.
            let plugin = try Self.plugin(
                harness, provider,
                realtime: RealtimeConfiguration(reconnectBase: .seconds(600), reconnectCap: .seconds(600)),
                subscriptionProtocol: subscriptionProtocol,
                realtimeTransport: appSocket ? ForwardingRealtimeTransport() : WebSocketRealtimeTransport())
            let started = ContinuousClock.now
            var events = plugin.subscribe(request: Self.onCreate).makeAsyncIterator()
            try await Self.connected(&events)
            #expect(ContinuousClock.now - started < .seconds(60))
            #expect(provider.refreshes == 1)
            #expect(try await Self.firstNote(&events, creatingWith: plugin)?.owner == "sub-alice::alice")
        }

        @Test func aGraphQLTransportWSConnectionClosedAgainAfterTheRefreshEndsItsSubscriptions() async throws {
            let harness = try await Self.start()
            defer { Task { await harness.stop() } }
            let provider = CachingTokenProvider(cached: Self.expiredToken(), refreshesStale: true)
            let plugin = try Self.plugin(harness, provider, subscriptionProtocol: "graphql-transport-ws")
            let errors = try await Self.rejection(of: plugin.subscribe(request: Self.onCreate))
            #expect(errors.first?.extensions?["errorCode"] == 403, "\(errors)")
            #expect(errors.first?.message.contains("4403") == true, "\(errors)")
            #expect(errors.first?.message.contains(TokenRejection.expired.description) == true, "\(errors)")
            #expect(provider.refreshes == 1)
        }

        @Test func aConnectionRefusedAgainAfterTheRefreshEndsItsSubscriptions() async throws {
            let harness = try await Self.start()
            defer { Task { await harness.stop() } }
            let provider = CachingTokenProvider(cached: Self.expiredToken(), refreshesStale: true)
            let plugin = try Self.plugin(harness, provider)
            let errors = try await Self.rejection(of: plugin.subscribe(request: Self.onCreate))
            #expect(errors.first?.extensions?["errorType"] == "UnauthorizedException")
            #expect(errors.first?.message.contains(TokenRejection.expired.description) == true, "\(errors)")
            #expect(provider.refreshes == 1)
        }

        @Test func anAuthRuleDenialIsNoTokenProblemAndAsksForNoRefresh() async throws {
            let harness = try await Self.start()
            defer { Task { await harness.stop() } }
            let provider = CachingTokenProvider(cached: TestSigningKey.rsa.token(Tokens.claims("alice")))
            let plugin = try Self.plugin(harness, provider)
            let audits = GraphQLRequest(
                document: "subscription { onCreateAudit { id entry } }", responseType: JSONValue.self,
                decodePath: "onCreateAudit")
            let errors = try await Self.rejection(of: plugin.subscribe(request: audits))
            #expect(errors.first?.extensions?["errorType"] == "Unauthorized", "\(errors)")
            #expect(provider.refreshes == 0)
        }

        @Test func aStartRefusedAgainAfterTheRefreshEndsWithTheServersError() async throws {
            let harness = try await Self.start()
            defer { Task { await harness.stop() } }
            let provider = CachingTokenProvider(
                cached: TestSigningKey.rsa.token(Tokens.claims("alice")), refreshesStale: true)
            let plugin = try Self.plugin(harness, provider)
            var first = plugin.subscribe(request: Self.onCreate).makeAsyncIterator()
            try await Self.connected(&first)

            provider.makeStale()
            let errors = try await Self.rejection(of: plugin.subscribe(request: Self.onCreate))
            #expect(errors.first?.extensions?["errorType"] == "UnauthorizedException")
            #expect(errors.first?.message.contains(TokenRejection.expired.description) == true, "\(errors)")
            // Refreshed once, not in a loop.
            #expect(provider.refreshes == 1)
        }
    }
#endif
