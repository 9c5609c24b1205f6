import Foundation
import Testing

@testable import SwitchboardNet

/// `HTTPServer.Configuration.maximumConnections` and the process-wide descriptor budget: a server
/// never holds more connections than allowed, refuses the excess with a clean `503`, keeps serving
/// the connections it holds, and takes new ones again once some close.
struct ConnectionAdmissionTests {
    @Test func connectionsBeyondTheLimitAreRefusedWhileHeldOnesAreServedAndPlacesFreeUp() async throws {
        let server = try await HTTPServer.start(configuration: .patient(maximumConnections: 8)) { request in
            .text("ok \(request.path)")
        }
        var held: [RawHTTPClient] = []
        for index in 0..<8 {
            var client = try await RawHTTPClient.connect(port: server.port)
            try await client.send("GET /held/\(index) HTTP/1.1\r\n\r\n")
            #expect(try await client.readResponse()?.body == "ok /held/\(index)")
            held.append(client)
        }
        #expect(server.heldConnectionCount == 8)

        // The excess gets a 503 and end-of-stream at once, without sending anything.
        for _ in 0..<20 {
            var extra = try await RawHTTPClient.connect(port: server.port)
            let response = try #require(try await extra.readResponse())
            #expect(response.status == 503)
            #expect(response.header("Retry-After") == "1")
            #expect(response.body == "the server is at its connection limit\n")
            #expect(try await extra.isClosedByServer())
            await extra.connection.close()
        }
        // A client that sends its request before it is refused gets the 503 too, not a reset.
        var eager = try await RawHTTPClient.connect(port: server.port)
        try await eager.send("GET /eager HTTP/1.1\r\n\r\n")
        #expect(try await eager.readResponse()?.status == 503)
        await eager.connection.close()
        #expect(server.heldConnectionCount == 8)

        // The held connections are still served, several requests each.
        for round in 0..<3 {
            for index in held.indices {
                try await held[index].send("GET /again/\(round)/\(index) HTTP/1.1\r\n\r\n")
                #expect(try await held[index].readResponse()?.body == "ok /again/\(round)/\(index)")
            }
        }

        // Closing two frees two places; new connections are then served (the server may see the
        // closes a little later, so a 503 in between is retried).
        for client in held.suffix(2) { await client.connection.close() }
        held.removeLast(2)
        var newcomers: [RawHTTPClient] = []
        let deadline = ContinuousClock.now + .seconds(60)
        while newcomers.count < 2 && ContinuousClock.now < deadline {
            var client = try await RawHTTPClient.connect(port: server.port)
            try await client.send("GET /new HTTP/1.1\r\n\r\n")
            if try await client.readResponse()?.status == 200 {
                newcomers.append(client)
            } else {
                await client.connection.close()
                try await Task.sleep(for: .milliseconds(10))
            }
        }
        #expect(newcomers.count == 2)
        #expect(server.heldConnectionCount == 8)
        for client in held + newcomers { await client.connection.close() }
        await server.stop()
    }

    @Test func upgradedConnectionsCountAgainstTheLimit() async throws {
        let server = try await HTTPServer.start(configuration: .patient(maximumConnections: 2)) { request in
            .webSocketUpgrade(for: request) { socket in
                while let message = try? await socket.receive() {
                    if case .text(let text) = message { try? await socket.send(text: text) }
                }
            }
        }
        let url = URL(string: "ws://127.0.0.1:\(server.port)/")!
        let first = try await WebSocket.connect(to: url)
        let second = try await WebSocket.connect(to: url)
        await #expect {
            _ = try await WebSocket.connect(to: url)
        } throws: { error in
            if case .handshakeRejected(503, _, _)? = error as? WebSocketError { return true }
            return false
        }
        try await first.send(text: "still here")
        #expect(try await first.receive() == .text("still here"))
        await first.close()
        await second.close()
        await server.stop()
    }

    @Test func theProcessBudgetLeavesAReserveOfDescriptors() {
        #expect(DescriptorBudget.limit(forSoftLimit: 256) == 192)
        #expect(DescriptorBudget.limit(forSoftLimit: 1024) == 768)
        #expect(DescriptorBudget.limit(forSoftLimit: 100) == 36)
        #expect(DescriptorBudget.limit(forSoftLimit: 20) == 1)
        #expect(HTTPServer.Configuration().maximumConnections == DescriptorBudget.processLimit)
        let softLimit = DescriptorBudget.softDescriptorLimit()
        #expect(DescriptorBudget.processLimit == DescriptorBudget.limit(forSoftLimit: softLimit))
    }

    @Test func serversShareTheProcessBudget() {
        let budget = DescriptorBudget(limit: 3)
        let first = ConnectionAdmission(maximum: 2, budget: budget)
        let second = ConnectionAdmission(maximum: 2, budget: budget)
        #expect(first.admit() && first.admit())
        #expect(!first.admit())
        #expect(second.admit())
        #expect(!second.admit())  // the process budget is spent, though this server has room
        first.release()
        #expect(second.admit())
        #expect(budget.count == 3)
    }
}
