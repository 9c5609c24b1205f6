import Testing

@testable import SwitchboardNet

/// A socket closed by another task between its failed read and its wait must not register a
/// waiter: its descriptor number may already belong to a new socket. Under a full test run this
/// happened often enough that listeners found their reader slot taken (`EBUSY`) and stopped
/// accepting, and every test talking to those servers timed out.
struct EventLoopDescriptorReuseTests {
    @Test func aWaitForADescriptorTheCallerNoLongerOwnsFailsWithoutRegistering() async throws {
        let listener = try TCPListener()
        let loop = try EventLoop.shared
        // Stand-in for a closed connection whose old number the listener now has.
        let descriptor = try #require(listener.descriptorForTesting)
        await #expect {
            try await loop.waitUntilReady(descriptor, for: .read) { false }
        } throws: { error in
            (error as? NetworkError)?.kind == .closed
        }
        // The listener's own wait is unaffected: a client is accepted as usual.
        async let accepted = listener.accept()
        let client = try await TCPConnection.connect(host: "127.0.0.1", port: listener.port)
        let server = try await accepted
        try await client.write([42])
        #expect(try await server.read(maxBytes: 1) == [42])
        await client.close()
        await server.close()
        listener.close()
    }
}
