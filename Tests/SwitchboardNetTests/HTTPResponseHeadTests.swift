import Testing

@testable import SwitchboardNet

/// The client's handshake reads response heads with the server's header syntax (one codec).
struct HTTPResponseHeadTests {
    private static func parse(_ text: String) throws(HTTPResponseError) -> HTTPResponseHead {
        try HTTPResponseHead.parse(ArraySlice(Array(text.utf8)))
    }

    @Test func aSwitchingProtocolsHeadIsRead() throws {
        let head = try Self.parse(
            "HTTP/1.1 101 Switching Protocols\r\nUpgrade:  websocket \r\nSec-WebSocket-Accept: x=")
        #expect(head.status == 101)
        #expect(head.headers.values(for: "upgrade") == ["websocket"])
        #expect(head.headers.values(for: "Sec-WebSocket-Accept") == ["x="])
    }

    @Test(arguments: [
        ("HTTP/1.1 101 OK\r\nUpgrade : websocket", "malformed header name: Upgrade : websocket"),
        ("HTTP/1.1 101 OK\r\n folded: value", "malformed header name:  folded: value"),
        ("HTTP/1.1 101 OK\r\nno colon here", "malformed header line: no colon here"),
        ("HTTP/1.1 101 OK\r\nX: a\u{0}b", "control character in header value: X: a\u{0}b"),
        ("SSH-2.0-OpenSSH", "not an HTTP/1.1 status line: SSH-2.0-OpenSSH"),
    ])
    func malformedHeadsAreRefusedNamingTheLine(text: String, message: String) {
        #expect(throws: HTTPResponseError.malformed(message)) { try Self.parse(text) }
    }
}
