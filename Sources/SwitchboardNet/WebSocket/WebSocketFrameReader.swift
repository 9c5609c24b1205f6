import SwitchboardCore

/// Turns received bytes into WebSocket events, validating as it goes (RFC 6455 §5).
///
/// Data payloads are unmasked and moved into the message being assembled as soon as they
/// arrive, so the reader holds at most one partial frame header besides that message, and a
/// text message is UTF-8-checked byte by byte across frames: invalid text fails on its first bad
/// byte, not when the message ends. Control frames (at most 125 bytes) are held until complete.
struct WebSocketFrameReader: Sendable {
    /// What the reader produced.
    enum Event: Sendable, Equatable {
        case message(WebSocketMessage)
        case ping([UInt8])
        case pong([UInt8])
        /// A close frame: the code (nil when the frame had no payload) and the reason.
        case close(code: UInt16?, reason: String)
    }

    private struct FrameHeader {
        var opcode: WebSocketOpcode
        var fin: Bool
        var maskKey: (UInt8, UInt8, UInt8, UInt8)?
        var remaining: Int
        /// Payload bytes of this frame already consumed (the mask phase).
        var consumed: Int
    }

    /// True for the server role: every frame from a client must be masked (§5.1); a client
    /// must reject masked frames.
    let expectsMaskedFrames: Bool
    let maximumMessageSize: Int
    let maximumFrameSize: Int

    private var buffer: [UInt8] = []
    private var readIndex = 0
    /// Bytes consumed before `buffer[0]`, for error offsets.
    private var bufferBase = 0
    private var frame: FrameHeader?
    /// The data message being assembled: its opcode (text or binary) and bytes so far.
    private var messageOpcode: WebSocketOpcode?
    private var messageBytes: [UInt8] = []
    private var validator = UTF8Validator()

    init(expectsMaskedFrames: Bool, maximumMessageSize: Int, maximumFrameSize: Int) {
        self.expectsMaskedFrames = expectsMaskedFrames
        self.maximumMessageSize = maximumMessageSize
        self.maximumFrameSize = maximumFrameSize
    }

    /// The number of bytes received so far (appended), for error reporting.
    var receivedByteCount: Int { bufferBase + buffer.count }

    /// Bytes of memory held for the message being assembled (its capacity, not its length).
    var messageCapacity: Int { messageBytes.capacity }

    private var offset: Int { bufferBase + readIndex }

    /// Adds bytes read from the connection.
    mutating func append(_ bytes: [UInt8]) {
        if readIndex == buffer.count {
            bufferBase += buffer.count
            buffer = bytes
            readIndex = 0
        } else {
            if readIndex > 0 {
                buffer.removeSubrange(0..<readIndex)
                bufferBase += readIndex
                readIndex = 0
            }
            buffer += bytes
        }
    }

    /// The next complete event, or `nil` when more bytes are needed.
    mutating func nextEvent() throws(WebSocketError) -> Event? {
        while true {
            if frame == nil {
                guard try parseHeader() else { return nil }
            }
            guard var header = frame else { return nil }
            if header.opcode.isControl {
                guard buffer.count - readIndex >= header.remaining else { return nil }
                var payload = Array(buffer[readIndex..<readIndex + header.remaining])
                readIndex += header.remaining
                if let key = header.maskKey {
                    payload.withUnsafeMutableBytes { WebSocketMasking.apply(key: key, phase: 0, to: $0) }
                }
                frame = nil
                switch header.opcode {
                case .ping: return .ping(payload)
                case .pong: return .pong(payload)
                default: return try closeEvent(payload, frameEnd: offset)
                }
            }
            let available = min(buffer.count - readIndex, header.remaining)
            if available > 0 {
                let start = messageBytes.count
                let chunkOffset = offset
                messageBytes.append(contentsOf: buffer[readIndex..<readIndex + available])
                readIndex += available
                let isText = messageOpcode == .text
                let phase = header.consumed & 3
                let key = header.maskKey
                var validator = self.validator
                let bad = messageBytes.withUnsafeMutableBytes { all -> Int? in
                    let chunk = UnsafeMutableRawBufferPointer(rebasing: all[start...])
                    if let key { WebSocketMasking.apply(key: key, phase: phase, to: chunk) }
                    return isText ? validator.validate(UnsafeRawBufferPointer(chunk)) : nil
                }
                self.validator = validator
                if let bad { throw WebSocketError.invalidUTF8(byteOffset: chunkOffset + bad) }
                header.consumed += available
                header.remaining -= available
            }
            guard header.remaining == 0 else {
                frame = header
                return nil
            }
            frame = nil
            guard header.fin, let opcode = messageOpcode else { continue }
            if opcode == .text && !validator.isComplete { throw WebSocketError.invalidUTF8(byteOffset: offset) }
            let bytes = messageBytes
            messageBytes = []
            messageOpcode = nil
            validator = UTF8Validator()
            return .message(opcode == .text ? .text(String(decoding: bytes, as: UTF8.self)) : .binary(bytes))
        }
    }

    /// Parses a frame header if enough bytes are buffered; returns false otherwise.
    private mutating func parseHeader() throws(WebSocketError) -> Bool {
        let available = buffer.count - readIndex
        guard available >= 2 else { return false }
        let first = buffer[readIndex]
        let second = buffer[readIndex + 1]
        let headerOffset = offset
        if first & 0x70 != 0 {
            let set = [(0x40, "RSV1"), (0x20, "RSV2"), (0x10, "RSV3")].filter { first & UInt8($0.0) != 0 }.map(\.1)
            throw WebSocketError.protocolViolation(
                "reserved bit\(set.count == 1 ? "" : "s") \(set.joined(separator: ", ")) set but no extension was negotiated",
                byteOffset: headerOffset)
        }
        guard let opcode = WebSocketOpcode(rawValue: first & 0x0F) else {
            throw WebSocketError.protocolViolation("unknown opcode \(first & 0x0F)", byteOffset: headerOffset)
        }
        let fin = first & 0x80 != 0
        let masked = second & 0x80 != 0
        let shortLength = Int(second & 0x7F)
        let lengthFieldSize = shortLength == 126 ? 2 : (shortLength == 127 ? 8 : 0)
        let headerSize = 2 + lengthFieldSize + (masked ? 4 : 0)
        // Control-frame rules can be checked before the extended length arrives.
        if opcode.isControl {
            if !fin { throw WebSocketError.protocolViolation("fragmented control frame", byteOffset: headerOffset) }
            if shortLength > 125 {
                throw WebSocketError.protocolViolation("control frame payload over 125 bytes", byteOffset: headerOffset)
            }
        }
        if masked != expectsMaskedFrames {
            throw WebSocketError.protocolViolation(
                expectsMaskedFrames ? "unmasked frame from a client" : "masked frame from a server",
                byteOffset: headerOffset)
        }
        guard available >= headerSize else { return false }
        var length = UInt64(shortLength)
        if lengthFieldSize > 0 {
            length = 0
            for index in 0..<lengthFieldSize { length = length << 8 | UInt64(buffer[readIndex + 2 + index]) }
            if length >> 63 != 0 {
                throw WebSocketError.protocolViolation("64-bit length with the high bit set", byteOffset: headerOffset)
            }
        }
        if !opcode.isControl {
            if opcode == .continuation && messageOpcode == nil {
                throw WebSocketError.protocolViolation(
                    "continuation frame without a message to continue", byteOffset: headerOffset)
            }
            if opcode != .continuation && messageOpcode != nil {
                throw WebSocketError.protocolViolation(
                    "new data message before the previous one ended", byteOffset: headerOffset)
            }
            if length > UInt64(maximumFrameSize) {
                throw WebSocketError.messageTooBig(size: Int(clamping: length), limit: maximumFrameSize)
            }
            let total = UInt64(messageBytes.count) + length
            if total > UInt64(maximumMessageSize) {
                throw WebSocketError.messageTooBig(size: Int(clamping: total), limit: maximumMessageSize)
            }
            // No capacity is reserved for the claimed length: a header may claim the maximum and
            // send nothing more. The message grows as its bytes arrive.
            if opcode != .continuation { messageOpcode = opcode }
        }
        var maskKey: (UInt8, UInt8, UInt8, UInt8)?
        if masked {
            let keyStart = readIndex + 2 + lengthFieldSize
            maskKey = (buffer[keyStart], buffer[keyStart + 1], buffer[keyStart + 2], buffer[keyStart + 3])
        }
        readIndex += headerSize
        frame = FrameHeader(opcode: opcode, fin: fin, maskKey: maskKey, remaining: Int(length), consumed: 0)
        return true
    }

    /// Validates a close frame's payload (§5.5.1, §7.4): empty, or a wire-valid code and a UTF-8 reason.
    private func closeEvent(_ payload: [UInt8], frameEnd: Int) throws(WebSocketError) -> Event {
        if payload.isEmpty { return .close(code: nil, reason: "") }
        let frameStart = frameEnd - payload.count
        guard payload.count >= 2 else {
            throw WebSocketError.protocolViolation("close frame with a 1-byte payload", byteOffset: frameStart)
        }
        let code = UInt16(payload[0]) << 8 | UInt16(payload[1])
        guard WebSocketCloseCode.isValidOnWire(code) else {
            throw WebSocketError.protocolViolation("invalid close code \(code)", byteOffset: frameStart)
        }
        let reason = Array(payload[2...])
        var validator = UTF8Validator()
        if let bad = validator.validate(reason) { throw WebSocketError.invalidUTF8(byteOffset: frameStart + 2 + bad) }
        if !validator.isComplete { throw WebSocketError.invalidUTF8(byteOffset: frameEnd) }
        return .close(code: code, reason: String(decoding: reason, as: UTF8.self))
    }
}
