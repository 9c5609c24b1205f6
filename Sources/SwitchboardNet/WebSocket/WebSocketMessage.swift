/// One complete WebSocket data message (all fragments joined).
package enum WebSocketMessage: Sendable, Equatable {
    /// A text message; its UTF-8 has been validated.
    case text(String)
    /// A binary message.
    case binary([UInt8])
}
