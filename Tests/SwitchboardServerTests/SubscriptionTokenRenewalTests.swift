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

        @Test(.timeLimit(.minutes(2)))
        func anIdleSubscriptionIsStartedAgainEachTimeItsTokenExpires() async throws {
            // No leeway; every token lives four seconds, the first one included.
            let harness = try await Refresh.start(leeway: 0)
            defer { Task { await harness.stop() } }
            let lifetime = 4
            let provider = Refresh.CachingTokenProvider(
                cached: TestSigningKey.rsa.token(
                    TokenVerificationServerTests.claims("alice", Refresh.expiring(in: lifetime))),
                refreshLifetime: lifetime)
            // A restart that stayed up a second may be restarted again when its token expires.
            let plugin = try Refresh.plugin(
                harness, provider, realtime: RealtimeConfiguration(stableConnectionDuration: .seconds(1)))
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
            // Each restart's start carried the expired token, was refused, and was sent again with
            // a refreshed one.
            #expect(provider.refreshes >= 2)
        }
    }
#endif
