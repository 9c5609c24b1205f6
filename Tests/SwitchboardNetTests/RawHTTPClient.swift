import Foundation
import SwitchboardNet

/// A deliberately dumb HTTP client over a raw TCP connection, so tests control every byte sent
/// (pipelining, malformed requests, slow uploads) and see every byte received.
struct RawHTTPClient {
    struct Response {
        var status: Int
        var headers: [(String, String)]
        var body: String

        func header(_ name: String) -> String? {
            headers.first { $0.0.lowercased() == name.lowercased() }?.1
        }
    }

    let connection: TCPConnection
    private var buffer: [UInt8] = []

    static func connect(port: Int) async throws -> RawHTTPClient {
        RawHTTPClient(connection: try await TCPConnection.connect(host: "127.0.0.1", port: port))
    }

    private init(connection: TCPConnection) { self.connection = connection }

    func send(_ text: String) async throws {
        try await connection.write(Array(text.utf8))
    }

    /// Reads one response (Content-Length bodies only); `nil` if the server closed first.
    mutating func readResponse() async throws -> Response? {
        while true {
            if let response = takeResponse() { return response }
            let bytes = try await connection.read(maxBytes: 65_536)
            if bytes.isEmpty { return nil }
            buffer.append(contentsOf: bytes)
        }
    }

    /// Whether the server has closed the connection (reads end-of-stream).
    mutating func isClosedByServer() async throws -> Bool {
        let bytes = try await connection.read(maxBytes: 1)
        buffer.append(contentsOf: bytes)
        return bytes.isEmpty
    }

    private mutating func takeResponse() -> Response? {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let headEnd = buffer.indices.first(where: { buffer[$0...].starts(with: separator) }) else { return nil }
        let head = String(decoding: buffer[..<headEnd], as: UTF8.self).components(separatedBy: "\r\n")
        let status = Int(head[0].split(separator: " ")[1]) ?? 0
        let headers = head.dropFirst().map { line -> (String, String) in
            let parts = line.split(separator: ":", maxSplits: 1)
            return (String(parts[0]), parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : "")
        }
        let length = headers.first { $0.0.lowercased() == "content-length" }.flatMap { Int($0.1) } ?? 0
        let bodyStart = headEnd + 4
        guard buffer.count - bodyStart >= length else { return nil }
        let body = String(decoding: buffer[bodyStart..<bodyStart + length], as: UTF8.self)
        buffer.removeSubrange(..<(bodyStart + length))
        return Response(status: status, headers: headers, body: body)
    }
}
