/// Why a WebSocket could not be opened, or why it failed. Each case says what a user needs to
/// diagnose the problem; none carries request headers (they may hold credentials).
package enum WebSocketError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The URL is not a `ws://` or `wss://` URL with a host.
    case invalidURL(String)
    /// A header given to `connect` is one the handshake itself sets.
    case reservedHeader(String)
    /// The server answered the upgrade with a redirect; redirects are not followed (they could
    /// leak the handshake's authorization headers to another host).
    case redirectRefused(status: Int, location: String)
    /// The server answered the upgrade with a status other than 101 (its headers with lower-cased
    /// names, and up to 200 characters of its body).
    case handshakeRejected(status: Int, headers: [String: String], bodyExcerpt: String)
    /// The server's 101 response is not a valid WebSocket handshake (accept key, upgrade
    /// headers, an unoffered subprotocol or extension).
    case invalidHandshake(String)
    /// The handshake did not finish within the configured timeout.
    case handshakeTimedOut
    /// The peer broke RFC 6455 (close code 1002); `byteOffset` counts bytes received after the handshake.
    case protocolViolation(String, byteOffset: Int)
    /// A text message or close reason is not valid UTF-8 (close code 1007).
    case invalidUTF8(byteOffset: Int)
    /// A message or frame exceeds the configured maximum (close code 1009).
    case messageTooBig(size: Int, limit: Int)
    /// The TCP connection ended without a closing handshake (close code 1006).
    case connectionLost(byteOffset: Int)
    /// A send waited the configured write timeout while the peer took no bytes; the connection was
    /// dropped (close code 1006).
    case writeTimedOut(Duration)
    /// The connection is closed (after a closing handshake with `code`, if the peer sent one).
    case closed(code: UInt16?, reason: String)
    /// Another task is already waiting in `receive()`; one reader at a time.
    case concurrentReceive

    /// The close code this failure maps to in RFC 6455 §7.4, when it has one.
    package var closeCode: UInt16? {
        switch self {
        case .protocolViolation: 1002
        case .invalidUTF8: 1007
        case .messageTooBig: 1009
        case .connectionLost, .writeTimedOut: 1006
        case .closed(let code, _): code
        default: nil
        }
    }

    /// What happened, where, and what to check.
    package var description: String {
        switch self {
        case .invalidURL(let url): "not a WebSocket URL (ws:// or wss:// with a host): \(url)"
        case .reservedHeader(let name): "the header \(name) is set by the WebSocket handshake and cannot be overridden"
        case .redirectRefused(let status, let location):
            "the WebSocket upgrade was redirected (HTTP \(status)) to \(location); redirects are not followed, connect to that URL directly"
        case .handshakeRejected(let status, _, let excerpt):
            "the server refused the WebSocket upgrade with HTTP \(status)" + (excerpt.isEmpty ? "" : ": \(excerpt)")
        case .invalidHandshake(let detail): "invalid WebSocket handshake response: \(detail)"
        case .handshakeTimedOut: "the WebSocket opening handshake timed out"
        case .protocolViolation(let detail, let offset): "WebSocket protocol violation at byte \(offset): \(detail)"
        case .invalidUTF8(let offset): "invalid UTF-8 in a WebSocket text message or close reason at byte \(offset)"
        case .messageTooBig(let size, let limit):
            "WebSocket message of \(size) bytes exceeds the limit of \(limit) bytes"
        case .connectionLost(let offset):
            "the WebSocket connection was lost without a closing handshake after \(offset) bytes"
        case .writeTimedOut(let timeout):
            "the WebSocket peer took no data for \(timeout) while a message waited to be sent; the connection was dropped"
        case .closed(let code, let reason):
            "the WebSocket is closed" + (code.map { " (code \($0)\(reason.isEmpty ? "" : ": \(reason)"))" } ?? "")
        case .concurrentReceive: "receive() was called while another receive() is in progress on the same WebSocket"
        }
    }
}
