/// The frame opcodes of RFC 6455 §5.2.
enum WebSocketOpcode: UInt8, Sendable {
    case continuation = 0x0
    case text = 0x1
    case binary = 0x2
    case close = 0x8
    case ping = 0x9
    case pong = 0xA

    var isControl: Bool { rawValue & 0x8 != 0 }
}

/// Close status code rules of RFC 6455 §7.4.
enum WebSocketCloseCode {
    /// Whether `code` may appear in a close frame on the wire. 1005, 1006 and 1015 are reserved
    /// for local reporting; 1016–2999 are unassigned; 3000–4999 belong to libraries and apps.
    static func isValidOnWire(_ code: UInt16) -> Bool {
        switch code {
        case 1000...1003, 1007...1014: true
        case 3000...4999: true
        default: false
        }
    }
}
