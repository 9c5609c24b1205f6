/// Builds wire frames (RFC 6455 §5.2): header with the shortest length form, optional mask, payload.
enum WebSocketFrameEncoder {
    /// One frame holding `payload`, masked with a fresh random key when `masked` (client role).
    /// The result is a new buffer; `payload` is not modified.
    static func frame(
        opcode: WebSocketOpcode, fin: Bool = true, payload: UnsafeRawBufferPointer, masked: Bool
    ) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(maximumHeaderSize + payload.count)
        append(opcode: opcode, fin: fin, payload: payload, masked: masked, to: &bytes)
        return bytes
    }

    /// The longest frame header: two bytes, a 64-bit length and a mask key.
    static let maximumHeaderSize = 14

    /// Appends one frame holding `payload` to `bytes`, masked with a fresh random key when
    /// `masked` (client role), so that several frames go out in one buffer.
    static func append(
        opcode: WebSocketOpcode, fin: Bool = true, payload: UnsafeRawBufferPointer, masked: Bool,
        to bytes: inout [UInt8]
    ) {
        let length = payload.count
        bytes.append((fin ? 0x80 : 0) | opcode.rawValue)
        let maskBit: UInt8 = masked ? 0x80 : 0
        if length < 126 {
            bytes.append(maskBit | UInt8(length))
        } else if length <= 0xFFFF {
            bytes.append(maskBit | 126)
            bytes.append(UInt8(truncatingIfNeeded: length >> 8))
            bytes.append(UInt8(truncatingIfNeeded: length))
        } else {
            bytes.append(maskBit | 127)
            for index in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: UInt64(length) >> UInt64(56 - 8 * index))) }
        }
        guard masked else {
            bytes += payload
            return
        }
        let key = WebSocketMasking.randomKey()
        // One byte at a time: an array literal here would allocate for every frame.
        bytes.append(key.0)
        bytes.append(key.1)
        bytes.append(key.2)
        bytes.append(key.3)
        let payloadStart = bytes.count
        bytes += payload
        bytes.withUnsafeMutableBytes { buffer in
            WebSocketMasking.apply(
                key: key, phase: 0, to: UnsafeMutableRawBufferPointer(rebasing: buffer[payloadStart...]))
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
