#if canImport(COpenSSL)
    import Foundation
    import SwitchboardAPI
    import Testing

    @testable import SwitchboardServer

    /// An idle subscription outlives many tokens: the server ends it each time its token expires
    /// (with no event to publish first) and the client starts it again with a renewed token each
    /// time, not only the first. Over real sockets, against the local server verifying signed tokens.
    @Suite struct SubscriptionTokenRenewalTests {
        typealias Refresh = SubscriptionTokenRefreshTests

        /// On AppSync's protocol each `start` carries its token and the subscription is started
        /// again; on graphql-transport-ws the token of `connection_init` authorizes the
        /// subscriptions, and the client connects again with a refreshed one.
        @Test(.timeLimit(.minutes(2)), arguments: [nil, "graphql-transport-ws"])
        func anIdleSubscriptionIsStartedAgainEachTimeItsTokenExpires(subscriptionProtocol: String?) async throws {
            // No leeway; every token lives twelve seconds, the first one included (time enough, on
            // a busy machine, for a restart to be acknowledged a second before its token expires).
            let harness = try await Refresh.start(leeway: 0)
            defer { Task { await harness.stop() } }
            let lifetime = 12
            let provider = Refresh.CachingTokenProvider(
                cached: TestSigningKey.rsa.token(
                    TokenVerificationServerTests.claims("alice", Refresh.expiring(in: lifetime))),
                refreshLifetime: lifetime)
            // A restart that stayed up a second may be restarted again when its token expires.
            let plugin = try Refresh.plugin(
                harness, provider, realtime: RealtimeConfiguration(stableConnectionDuration: .seconds(1)),
                subscriptionProtocol: subscriptionProtocol)
            var events = plugin.subscribe(request: Refresh.onCreate).makeAsyncIterator()
            try await Refresh.connected(&events)

            // No mutation: each end comes from the token's expiry alone.
            var states: [SubscriptionConnectionState] = []
            while states.count < 4, let event = try await events.next() {
                switch event {
                case .connection(let state): states.append(state)
                case .data: Issue.record("an event arrived, but nothing was published")
                }
            }
            #expect(states == [.connecting, .connectedAfterGap, .connecting, .connectedAfterGap])
            // AppSync's: each restart's start carried the expired token, was refused, and was sent
            // again with a refreshed one. graphql-transport-ws: each new connection's handshake
            // took a refreshed token.
            #expect(provider.refreshes >= 2)
        }
    }
#endif
