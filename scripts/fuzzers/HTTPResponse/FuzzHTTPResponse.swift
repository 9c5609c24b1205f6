// libFuzzer over the HTTP response-head parser the WebSocket client uses for the opening
// handshake, built by scripts/fuzz http-response. Any input must parse or fail with an
// HTTPResponseError; the parsed headers must answer token queries without crashing.

@testable import SwitchboardNet

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPResponse(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard bytes.count <= HTTPResponseHead.maximumSize else { return 0 }
    guard let head = try? HTTPResponseHead.parse(bytes[...]) else { return 0 }
    guard (100...999).contains(head.status) else { fatalError("status \(head.status) out of range") }
    _ = head.headers.containsToken("websocket", in: "Upgrade")
    _ = head.headers.containsToken("upgrade", in: "Connection")
    _ = WebSocketHandshake.tokens("Sec-WebSocket-Protocol", in: head.headers)
    _ = head.headers["Sec-WebSocket-Accept"] == WebSocketHandshake.acceptValue(for: "dGhlIHNhbXBsZSBub25jZQ==")
    return 0
}
