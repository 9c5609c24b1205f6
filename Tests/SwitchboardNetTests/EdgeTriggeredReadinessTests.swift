import Testing

@testable import SwitchboardNet

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The loop registers descriptors once, edge-triggered: a report that comes while nobody waits
/// must not be lost, a state the kernel reports once (the peer's end of stream) must stay seen, and
/// a read that emptied the socket waits for the next bytes rather than asking the kernel again.
/// Every test has a time limit: a lost report shows as a hang.
struct EdgeTriggeredReadinessTests {
    /// A connected pair over 127.0.0.1.
    static func pair() async throws -> (client: TCPConnection, server: TCPConnection, listener: TCPListener) {
        let listener = try TCPListener()
        async let accepted = listener.accept()
        let client = try await TCPConnection.connect(host: "127.0.0.1", port: listener.port)
        return (client, try await accepted, listener)
    }

    @Test(.timeLimit(.minutes(1))) func bytesThatArriveWhileNobodyWaitsAreReadByTheNextRead() async throws {
        let (client, server, listener) = try await Self.pair()
        defer { listener.close() }
        // The server's first read finds nothing and waits, registering the socket; each later
        // message arrives while the server is busy elsewhere, its report finding no waiter.
        async let first = server.read(maxBytes: 64)
        try await client.write(Array("one".utf8))
        #expect(try await first == Array("one".utf8))
        for round in 0..<50 {
            try await client.write(Array("message \(round)".utf8))
            try await Task.sleep(for: .milliseconds(2))
            var received: [UInt8] = []
            while received.count < "message \(round)".utf8.count {
                received += try await server.read(maxBytes: 64)
            }
            #expect(received == Array("message \(round)".utf8))
        }
        await client.close()
        await server.close()
    }

    @Test(.timeLimit(.minutes(1))) func theEndOfStreamAfterAShortReadIsSeenAtOnce() async throws {
        for _ in 0..<20 {
            let (client, server, listener) = try await Self.pair()
            // The server waits (its socket registered); the bytes and the end of stream then come
            // in quick succession, usually in one report.
            async let words = server.read(maxBytes: 64)
            try await Task.sleep(for: .milliseconds(5))
            try await client.write(Array("last words".utf8))
            await client.close()
            #expect(try await words == Array("last words".utf8))
            // That read emptied the socket; the end of stream was reported already.
            #expect(try await server.read(maxBytes: 64) == [])
            await server.close()
            listener.close()
        }
    }

    @Test(.timeLimit(.minutes(1))) func aServerStillAnswersAClientThatClosedItsSendingSide() async throws {
        let (client, server, listener) = try await Self.pair()
        defer { listener.close() }
        try await client.write(Array("request".utf8))
        client.shutdownOutput()
        var request: [UInt8] = []
        while true {
            let bytes = try await server.read(maxBytes: 64)
            if bytes.isEmpty { break }
            request += bytes
        }
        #expect(request == Array("request".utf8))
        // The peer's end of stream concerns reading only: a large answer still waits for the
        // client to drain it, and arrives whole.
        let answer = (0..<2_000_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let writer = Task {
            try await server.write(answer)
            await server.close()
        }
        var received: [UInt8] = []
        while true {
            let bytes = try await client.read(maxBytes: 65_536)
            if bytes.isEmpty { break }
            received += bytes
        }
        try await writer.value
        #expect(received == answer)
        await client.close()
    }

    @Test(.timeLimit(.minutes(1))) func manyConnectionsExchangingAtOnceLoseNoReport() async throws {
        let listener = try TCPListener()
        defer { listener.close() }
        let server = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<32 {
                    let connection = try await listener.accept()
                    group.addTask {
                        // Echo until the client's end of stream.
                        while true {
                            let bytes = try await connection.read(maxBytes: 4096)
                            if bytes.isEmpty { break }
                            try await connection.write(bytes)
                        }
                        await connection.close()
                    }
                }
                try await group.waitForAll()
            }
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<32 {
                group.addTask {
                    let client = try await TCPConnection.connect(host: "127.0.0.1", port: listener.port)
                    for round in 0..<100 {
                        let message = Array("client \(index) round \(round)".utf8)
                        try await client.write(message)
                        var echoed: [UInt8] = []
                        while echoed.count < message.count { echoed += try await client.read(maxBytes: 4096) }
                        #expect(echoed == message)
                    }
                    await client.close()
                }
            }
            try await group.waitForAll()
        }
        try await server.value
    }
}

extension EdgeTriggeredReadinessTests {
    @Test(.timeLimit(.minutes(1))) func writersWaitingOnFullBuffersAreAllWokenAsReadersDrainThem() async throws {
        // Sixteen writers fill their send buffers again and again while slow readers drain them:
        // every wait for room must end with the room's report, or a writer hangs.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<16 {
                group.addTask {
                    let (client, server, listener) = try await Self.pair()
                    defer { listener.close() }
                    let payload = [UInt8](repeating: 3, count: 16 << 20)
                    let writer = Task {
                        try await server.write(payload, timeout: .seconds(20))
                        await server.close()
                    }
                    var received = 0
                    while true {
                        let bytes = try await client.read(maxBytes: 65_536)
                        if bytes.isEmpty { break }
                        received += bytes.count
                        if received % (256 << 10) < 65_536 { try await Task.sleep(for: .milliseconds(1)) }
                    }
                    try await writer.value
                    #expect(received == payload.count)
                    await client.close()
                }
            }
            try await group.waitForAll()
        }
    }
}
