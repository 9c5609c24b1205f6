import TestSupport
import Testing

@testable import SwitchboardNet

struct TCPConnectionTests {
    @Test func connectingToAClosedPortFailsWithTheSystemError() async throws {
        let refusing = try RefusingPort()
        await #expect {
            _ = try await TCPConnection.connect(host: "127.0.0.1", port: refusing.port)
        } throws: { error in
            (error as? NetworkError)?.kind == .systemCall && "\(error)".contains("connect")
        }
    }

    @Test func aNameWithSeveralAddressesConnectsToTheFirstThatAnswers() async throws {
        let refusingFirst = try RefusingPort()
        let listener = try TCPListener()
        let addresses = try [
            SocketAddress(host: "127.0.0.1", port: refusingFirst.port),
            SocketAddress(host: "127.0.0.1", port: listener.port),
        ]
        async let accepted = listener.accept()
        let client = try await TCPConnection.connect(toFirstOf: addresses, host: "several", loop: EventLoop.shared)
        let server = try await accepted
        #expect(client.remoteAddress == "127.0.0.1:\(listener.port)")
        try await client.write([7])
        #expect(try await server.read(maxBytes: 1) == [7])
        await client.close()
        await server.close()

        // When no address answers, the error is the last address's, naming the name and the address.
        let refusingLast = try RefusingPort()
        let lastPort = refusingLast.port
        let refusing = try [refusingFirst.port, lastPort].map { try SocketAddress(host: "127.0.0.1", port: $0) }
        await #expect {
            _ = try await TCPConnection.connect(toFirstOf: refusing, host: "several", loop: EventLoop.shared)
        } throws: { error in
            (error as? NetworkError)?.kind == .systemCall
                && "\(error)".contains("several:\(lastPort) (127.0.0.1:\(lastPort))")
        }
        listener.close()
    }

    @Test func badHostNamesAreReportedAsBadAddresses() async {
        await #expect {
            _ = try await TCPConnection.connect(host: "", port: 1)
        } throws: { ($0 as? NetworkError)?.kind == .badAddress }
        await #expect {
            _ = try await TCPConnection.connect(host: "127.0.0.1", port: 70_000)
        } throws: { ($0 as? NetworkError)?.kind == .badAddress }
    }

    @Test func cancellingAPendingReadThrowsCancellationError() async throws {
        let listener = try TCPListener()
        async let accepted = listener.accept()
        let client = try await TCPConnection.connect(host: "127.0.0.1", port: listener.port)
        let server = try await accepted
        let reader = Task { try await server.read(maxBytes: 16) }
        try await Task.sleep(for: .milliseconds(50))
        reader.cancel()
        await #expect(throws: CancellationError.self) { _ = try await reader.value }
        // The connection still works after the cancelled read.
        try await client.write([1, 2, 3])
        #expect(try await server.read(maxBytes: 16) == [1, 2, 3])
        await client.close()
        #expect(try await server.read(maxBytes: 16) == [])
        listener.close()
    }

    @Test func largeWritesApplyBackPressureAndArriveIntact() async throws {
        let listener = try TCPListener()
        async let accepted = listener.accept()
        let client = try await TCPConnection.connect(host: "127.0.0.1", port: listener.port)
        let server = try await accepted
        let payload = (0..<4_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let writer = Task {
            try await client.write(payload)
            await client.close()
        }
        var received: [UInt8] = []
        while true {
            let bytes = try await server.read(maxBytes: 65_536)
            if bytes.isEmpty { break }
            received += bytes
        }
        try await writer.value
        #expect(received == payload)
        listener.close()
    }

    @Test func hostNamesResolveOffTheCooperativePool() async throws {
        let listener = try TCPListener(host: "localhost")
        async let accepted = listener.accept()
        let client = try await TCPConnection.connect(host: "localhost", port: listener.port)
        let server = try await accepted
        try await client.write(Array("hi".utf8))
        #expect(try await server.read(maxBytes: 16) == Array("hi".utf8))
        await client.close()
        await server.close()
        listener.close()
    }

    @Test func closingFailsAPendingAccept() async throws {
        let listener = try TCPListener()
        let acceptor = Task { try await listener.accept() }
        try await Task.sleep(for: .milliseconds(50))
        listener.close()
        await #expect(throws: NetworkError.self) { _ = try await acceptor.value }
    }
}
