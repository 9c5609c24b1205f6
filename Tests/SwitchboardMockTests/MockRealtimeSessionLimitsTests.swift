import Foundation
import Switchboard
import SwitchboardCore
import SwitchboardMock
import SwitchboardNet
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The mock's real-time connections are bounded: publishing (and so every mutation that emits
/// events) never waits for a subscriber that stopped reading, which is disconnected with the
/// protocol's error; a connection that never sends `connection_init` is closed.
@Suite struct MockRealtimeSessionLimitsTests {
    typealias Frames = SubscriptionProtocolTests

    static let big = String(repeating: "x", count: 64 << 10)

    /// `ws://127.0.0.1:PORT/graphql`, where the mock speaks graphql-transport-ws.
    static func transportWSURL(_ server: MockServer) -> URL {
        URL(string: "ws://127.0.0.1:\(server.port)/graphql")!
    }

    /// A graphql-transport-ws subscriber to `OnBig`, acknowledged and subscribed.
    static func subscriber(_ server: MockServer) async throws -> WebSocket {
        let socket = try await WebSocket.connect(to: transportWSURL(server), subprotocols: ["graphql-transport-ws"])
        try await socket.send(text: #"{"type":"connection_init"}"#)
        #expect(try await Frames.nextJSON(socket)["type"] == "connection_ack")
        try await socket.send(
            text: #"{"type":"subscribe","id":"1","payload":{"query":"subscription OnBig { onBig { blob } }"}}"#)
        return socket
    }

    @Test func aSubscriberThatStopsReadingNeitherStallsPublishingNorOtherSubscribers() async throws {
        let server = try await MockServer(
            endpoints: [
                GraphQLEndpoint(
                    .POST, .operations("CreateBig"), response: .graphQL(data: ["createBig": ["blob": "m"]])),
                SubscriptionEndpoint(.operations("OnBig"), emitsOn: .operations("CreateBig")),
            ],
            // A write timeout longer than the test's hang deadline: the outbox alone must keep
            // publishing from waiting.
            realtime: RealtimeServerOptions(maximumOutboundBytes: 1 << 20, writeTimeout: .seconds(120)))
        let slow = try await Self.subscriber(server)
        let fast = try await Self.subscriber(server)
        await waitUntil("both subscriptions") { server.realtimeStatistics.activeSubscriptions == 2 }
        let received = Locked(0)
        let reader = Task {
            while case .text(let text)? = try? await fast.receive(), text.contains(#""type":"next""#) {
                received.withLock { $0 += 1 }
            }
        }
        defer { reader.cancel() }

        // 400 events of 64 KiB (25 MiB), far more than the slow client's socket buffers and outbox
        // hold, published in batches the fast client keeps up with, then a mutation whose result is
        // published too: none of it may wait for the slow client.
        let published = try await resultUnlessHung { () -> Bool in
            for batch in 1...40 {
                for _ in 0..<10 {
                    await server.publish(["onBig": ["blob": .string(Self.big)]], toSubscriptionsOf: "OnBig")
                }
                while received.withLock({ $0 }) < batch * 10 { try await Task.sleep(for: .milliseconds(2)) }
            }
            var request = URLRequest(url: server.graphQLURL)
            request.httpMethod = "POST"
            request.httpBody = Data(#"{"query":"mutation CreateBig { createBig { blob } }"}"#.utf8)
            let (_, response) = try await URLSession.shared.data(for: request)
            guard (response as? HTTPURLResponse)?.statusCode == 200 else { return false }
            while received.withLock({ $0 }) < 401 { try await Task.sleep(for: .milliseconds(2)) }
            return true
        }
        guard published == true else {
            // Stopping the server would wait for the stuck publish: leave it.
            Issue.record("publishing waited for the subscriber that does not read")
            return
        }
        #expect(received.withLock { $0 } == 401)

        // The slow client is disconnected: when it reads again it finds, after some events, the
        // close with 1013 (slow consumer).
        let ending = try await resultUnlessHung { () -> String in
            do {
                while case .text? = try await slow.receive() {}
                return "closed \(slow.closeCode.map(String.init) ?? "without a code")"
            } catch {
                return "dropped"
            }
        }
        #expect(ending == "closed 1013")
        await waitUntil("the slow connection to go") { server.realtimeStatistics.openConnections == 1 }
        await fast.close()
        await server.stop()
    }

    @Test func anAppSyncSubscriberThatFallsBehindGetsLimitExceededBeforeTheClose() async throws {
        let server = try await MockServer(
            endpoints: [SubscriptionEndpoint(.operations("OnBig"))],
            realtime: RealtimeServerOptions(maximumOutboundBytes: 256 << 10, writeTimeout: .seconds(60)))
        let socket = try await WebSocket.connect(to: server.realtimeURL, subprotocols: ["graphql-ws"])
        try await socket.send(text: #"{"type":"connection_init"}"#)
        #expect(try await Frames.nextJSON(socket)["type"] == "connection_ack")
        let data = JSONValue.object(["query": "subscription OnBig { onBig { blob } }"]).jsonText
        try await socket.send(
            text: JSONValue.object(["type": "start", "id": "s1", "payload": ["data": .string(data)]]).jsonText)
        #expect(try await Frames.nextJSON(socket)["type"] == "start_ack")
        // Not reading while 200 events of 64 KiB are published: the outbox overflows.
        let published = try await resultUnlessHung { () -> Bool in
            for _ in 0..<200 {
                await server.publish(["onBig": ["blob": .string(Self.big)]], toSubscriptionsOf: "OnBig")
            }
            return true
        }
        guard published == true else {
            Issue.record("publishing waited for the subscriber that does not read")
            return
        }
        let outcome = try await resultUnlessHung { () -> (events: Int, error: JSONValue?, code: UInt16?) in
            var events = 0
            var error: JSONValue?
            while let message = try? await Frames.nextJSON(socket) {
                if message["type"] == "data" { events += 1 }
                if message["type"] == "error" { error = message }
            }
            return (events, error, socket.closeCode)
        }
        let (events, error, code) = try #require(outcome)
        #expect(events < 200)
        #expect(error?["payload"]?["errors"]?[0]?["errorType"] == "LimitExceededError")
        #expect(code == 1013)
        await server.stop()
    }

    @Test(arguments: ["graphql-transport-ws", "graphql-ws"])
    func aConnectionThatNeverSendsConnectionInitIsClosed(subprotocol: String) async throws {
        let server = try await MockServer(realtime: RealtimeServerOptions(connectionInitTimeout: .milliseconds(500)))
        let url = subprotocol == "graphql-ws" ? server.realtimeURL : Self.transportWSURL(server)
        let socket = try await WebSocket.connect(to: url, subprotocols: [subprotocol])
        let messages = try await resultUnlessHung { () -> [JSONValue] in
            var messages: [JSONValue] = []
            while let message = try? await Frames.nextJSON(socket) { messages.append(message) }
            return messages
        }
        let received = try #require(messages, "the connection stayed open without connection_init")
        if subprotocol == "graphql-ws" {
            #expect(received.first?["type"] == "connection_error")
            #expect(received.first?["payload"]?["errors"]?[0]?["errorType"] == "ConnectionInitTimeout")
            #expect(socket.closeCode == 1000)
        } else {
            #expect(received.isEmpty)
            #expect(socket.closeCode == 4408)
            #expect(socket.closeReason == "Connection initialisation timeout")
        }
        await server.stop()
    }

    private func waitUntil(
        _ what: String, sourceLocation: SourceLocation = #_sourceLocation, _ condition: () async -> Bool
    ) async {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if await condition() { return }
            try? await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("timed out waiting for \(what)", sourceLocation: sourceLocation)
    }
}
