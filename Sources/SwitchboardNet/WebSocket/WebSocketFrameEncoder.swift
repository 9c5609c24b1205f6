/// Builds wire frames (RFC 6455 §5.2): header with the shortest length form, optional mask, payload.
enum WebSocketFrameEncoder {
    /// One frame holding `payload`, masked with a fresh random key when `masked` (client role).
    /// The result is a new buffer; `payload` is not modified.
    static func frame(
        opcode: WebSocketOpcode, fin: Bool = true, payload: UnsafeRawBufferPointer, masked: Bool
    ) -> [UInt8] {
        let length = payload.count
        let lengthFieldSize = length < 126 ? 0 : (length <= 0xFFFF ? 2 : 8)
        let headerSize = 2 + lengthFieldSize + (masked ? 4 : 0)
        return [UInt8](unsafeUninitializedCapacity: headerSize + length) { buffer, initialized in
            buffer[0] = (fin ? 0x80 : 0) | opcode.rawValue
            let maskBit: UInt8 = masked ? 0x80 : 0
            switch lengthFieldSize {
            case 0: buffer[1] = maskBit | UInt8(length)
            case 2:
                buffer[1] = maskBit | 126
                buffer[2] = UInt8(truncatingIfNeeded: length >> 8)
                buffer[3] = UInt8(truncatingIfNeeded: length)
            default:
                buffer[1] = maskBit | 127
                for index in 0..<8 {
                    buffer[2 + index] = UInt8(truncatingIfNeeded: UInt64(length) >> UInt64(56 - 8 * index))
                }
            }
            let payloadStart = headerSize
            if length > 0 {
                UnsafeMutableRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(buffer)[payloadStart...])
                    .copyMemory(from: payload)
            }
            if masked {
                let key = WebSocketMasking.randomKey()
                let keyStart = 2 + lengthFieldSize
                buffer[keyStart] = key.0
                buffer[keyStart + 1] = key.1
                buffer[keyStart + 2] = key.2
                buffer[keyStart + 3] = key.3
                WebSocketMasking.apply(
                    key: key, phase: 0,
                    to: UnsafeMutableRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(buffer)[payloadStart...]))
            }
            initialized = headerSize + length
        }
    }

    /// The payload of a close frame: the status code (big-endian) and a UTF-8 reason, truncated
    /// on a character boundary so the whole payload stays within the 125-byte control-frame limit.
    static func closePayload(code: UInt16?, reason: String) -> [UInt8] {
        guard let code else { return [] }
        var payload: [UInt8] = [UInt8(code >> 8), UInt8(truncatingIfNeeded: code)]
        var reasonBytes = 0
        for scalar in reason.unicodeScalars {
            let size = String(scalar).utf8.count
            if reasonBytes + size > 123 { break }
            payload += String(scalar).utf8
            reasonBytes += size
        }
        return payload
    }
}
