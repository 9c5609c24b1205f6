import Foundation
import SwitchboardNet

/// A hand-driven WebSocket peer over raw TCP: tests send exactly the frames they build (unmasked,
/// reserved bits, bad UTF-8…) and read back what the Switchboard side answers.
struct RawWebSocketPeer {
    let connection: TCPConnection
    private var buffer: [UInt8] = []

    /// Connects as a client and completes the upgrade handshake with `path`.
    static func connect(port: Int, path: String = "/") async throws -> RawWebSocketPeer {
        let connection = try await TCPConnection.connect(host: "127.0.0.1", port: port)
        var peer = RawWebSocketPeer(connection: connection)
        try await connection.write(
            Array(
                ("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n").utf8))
        let head = try await peer.readHead()
        guard head.hasPrefix("HTTP/1.1 101"), head.contains("s3pPLMBiTxaQ9kYGzzhZRbK+xOo=") else {
            throw PeerError.unexpected(head)
        }
        return peer
    }

    /// Wraps an accepted connection (the peer plays the server; the caller does the handshake).
    init(connection: TCPConnection) { self.connection = connection }

    enum PeerError: Error { case unexpected(String) }

    /// Reads an HTTP head up to the blank line; keeps any bytes after it.
    mutating func readHead() async throws -> String {
        while true {
            if let end = findBlankLine() {
                let head = String(decoding: buffer[..<end], as: UTF8.self)
                buffer.removeSubrange(..<(end + 4))
                return head
            }
            let bytes = try await connection.read(maxBytes: 65_536)
            if bytes.isEmpty { throw PeerError.unexpected(String(decoding: buffer, as: UTF8.self)) }
            buffer += bytes
        }
    }

    private func findBlankLine() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for index in 0...(buffer.count - 4)
        where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
            return index
        }
        return nil
    }

    /// Builds one frame; `mask` nil sends it unmasked.
    static func frame(
        _ opcode: UInt8, _ payload: [UInt8], fin: Bool = true, mask: [UInt8]? = [0x11, 0x22, 0x33, 0x44], rsv: UInt8 = 0
    ) -> [UInt8] {
        var bytes: [UInt8] = [(fin ? 0x80 : 0) | rsv << 4 | opcode]
        let maskBit: UInt8 = mask == nil ? 0 : 0x80
        if payload.count < 126 {
            bytes.append(maskBit | UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            bytes += [maskBit | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            bytes.append(maskBit | 127)
            for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8((payload.count >> shift) & 0xFF)) }
        }
        if let mask {
            bytes += mask
            bytes += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        } else {
            bytes += payload
        }
        return bytes
    }

    func send(_ bytes: [UInt8]) async throws { try await connection.write(bytes) }

    /// Reads one unmasked frame: opcode, fin and payload; nil at end of stream.
    mutating func readFrame() async throws -> (opcode: UInt8, fin: Bool, payload: [UInt8])? {
        while true {
            if buffer.count >= 2 {
                var length = Int(buffer[1] & 0x7F)
                var headerSize = 2
                if length == 126, buffer.count >= 4 {
                    length = Int(buffer[2]) << 8 | Int(buffer[3])
                    headerSize = 4
                } else if length == 127, buffer.count >= 10 {
                    length = buffer[2..<10].reduce(0) { $0 << 8 | Int($1) }
                    headerSize = 10
                }
                if (length < 126 || headerSize > 2) && buffer.count >= headerSize + length {
                    let frame = (
                        buffer[0] & 0x0F, buffer[0] & 0x80 != 0, Array(buffer[headerSize..<headerSize + length])
                    )
                    buffer.removeSubrange(..<(headerSize + length))
                    return frame
                }
            }
            let bytes = try await connection.read(maxBytes: 65_536)
            if bytes.isEmpty { return nil }
            buffer += bytes
        }
    }

    /// Reads frames until a close frame and returns its code (nil for an empty close payload),
    /// or throws if the stream ends first.
    mutating func readCloseCode() async throws -> UInt16? {
        while let frame = try await readFrame() {
            if frame.opcode == 8 {
                return frame.payload.count >= 2 ? UInt16(frame.payload[0]) << 8 | UInt16(frame.payload[1]) : nil
            }
        }
        throw PeerError.unexpected("stream ended without a close frame")
    }

    /// Whether the other side has closed TCP (reads end-of-stream, skipping any frames).
    mutating func readsEndOfStream() async -> Bool {
        while true {
            guard let bytes = try? await connection.read(maxBytes: 65_536) else { return true }
            if bytes.isEmpty { return true }
        }
    }
}
