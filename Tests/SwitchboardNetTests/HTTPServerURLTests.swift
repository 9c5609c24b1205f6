import Testing

@testable import SwitchboardNet

/// `HTTPServer.url` is what a client on this machine connects to, whatever the bind address
/// (`switchboard serve --host 0.0.0.0` once printed and wrote `http://0.0.0.0:…`).
struct HTTPServerURLTests {
    @Test(arguments: [
        ("0.0.0.0", "127.0.0.1"), ("::", "[::1]"), ("127.0.0.1", "127.0.0.1"), ("::1", "[::1]"),
        ("localhost", "localhost"), ("192.168.1.5", "192.168.1.5"),
    ])
    func wildcardAddressesBecomeLoopback(bound: String, inURL: String) {
        #expect(HTTPServer.connectableHost(bound) == inURL)
    }

    @Test func aLoopbackServersURLNamesItsPort() async throws {
        let server = try await HTTPServer.start { _ in .text("ok") }
        #expect(server.url.absoluteString == "http://127.0.0.1:\(server.port)")
        await server.stop()
    }
}
