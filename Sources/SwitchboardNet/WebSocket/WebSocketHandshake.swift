import Foundation
import SwitchboardCore

/// The parts of the opening handshake (RFC 6455 §4) shared by both roles.
enum WebSocketHandshake {
    private static let acceptGUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    /// A fresh `Sec-WebSocket-Key`: 16 random bytes, base64.
    static func makeKey() -> String {
        Data(SecureRandom.bytes(16)).base64EncodedString()
    }

    /// The `Sec-WebSocket-Accept` value for `key`: base64(SHA-1(key + GUID)).
    static func acceptValue(for key: String) -> String {
        Data(SHA1.hash(Array((key + acceptGUID).utf8))).base64EncodedString()
    }

    /// Whether `key` is a valid `Sec-WebSocket-Key` (base64 of 16 bytes).
    static func isValidKey(_ key: String) -> Bool {
        Data(base64Encoded: key)?.count == 16
    }

    /// The comma-separated tokens of every `name` field, trimmed, in order.
    static func tokens(_ name: String, in headers: HTTPHeaders) -> [String] {
        headers.values(for: name).flatMap { $0.split(separator: ",") }.map { String($0.trimmingSpaces()) }
            .filter { !$0.isEmpty }
    }

    /// Headers the client handshake sets itself; callers may not override them.
    static let reservedRequestHeaders: Set<String> = [
        "upgrade", "connection", "sec-websocket-key", "sec-websocket-version", "sec-websocket-protocol",
        "sec-websocket-extensions", "content-length", "transfer-encoding",
    ]
}
