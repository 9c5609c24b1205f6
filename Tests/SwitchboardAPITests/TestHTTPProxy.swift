import Foundation
import SwitchboardCore
import SwitchboardNet

/// A forward proxy on loopback for ``HTTPClientTransport``'s proxy tests. Absolute-form requests
/// (`GET http://host:port/path`) are forwarded, in origin form, on one upstream connection per
/// client connection; `CONNECT host:port` opens a tunnel that relays bytes both ways. It records
/// every request line and `Proxy-Authorization` it sees, and answers 407 when a required one is
/// missing or wrong. Every host name is reached on 127.0.0.1, so tests can use names (and TLS
/// certificates for them) that no resolver knows.
final class TestHTTPProxy: Sendable {
    /// What the proxy saw.
    struct Seen: Sendable {
        var requestLines: [String] = []
        var proxyAuthorizations: [String?] = []
        var acceptedConnections = 0
    }

    let port: Int
    private let listener: TCPListener
    private let seen = Locked(Seen())
    private let requiredAuthorization: String?

    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }
    var record: Seen { seen.withLock { $0 } }

    /// Starts a proxy on a free loopback port.
    static func start(requiredAuthorization: String? = nil) throws -> TestHTTPProxy {
        let proxy = try TestHTTPProxy(requiredAuthorization: requiredAuthorization)
        Task { await proxy.acceptConnections() }
        return proxy
    }

    private init(requiredAuthorization: String?) throws {
        listener = try TCPListener()
        port = listener.port
        self.requiredAuthorization = requiredAuthorization
    }

    private func acceptConnections() async {
        while let client = try? await listener.accept() {
            seen.withLock { $0.acceptedConnections += 1 }
            Task { await serve(client) }
        }
    }

    func stop() { listener.close() }

    private func serve(_ client: TCPConnection) async {
        var upstream: (authority: String, connection: TCPConnection)?
        await forward(from: client, upstream: &upstream)
        await client.close()
        await upstream?.connection.close()
    }

    /// Answers the client's requests until it closes, or until a tunnel ends.
    private func forward(from client: TCPConnection, upstream: inout (authority: String, connection: TCPConnection)?)
        async
    {
        var buffer: [UInt8] = []
        while let (lines, rest) = try? await readHead(client, &buffer) {
            buffer = rest
            let parts = lines[0].split(separator: " ").map(String.init)
            guard parts.count == 3 else { return }
            let fields = lines.dropFirst().compactMap { line -> (String, String)? in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                return (
                    String(line[..<colon]).lowercased(),
                    line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                )
            }
            let authorization = fields.first { $0.0 == "proxy-authorization" }?.1
            seen.withLock {
                $0.requestLines.append(lines[0])
                $0.proxyAuthorizations.append(authorization)
            }
            if let requiredAuthorization, authorization != requiredAuthorization {
                try? await client.write(
                    Array(
                        "HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic\r\nContent-Length: 0\r\n\r\n"
                            .utf8))
                continue
            }
            if parts[0] == "CONNECT" {
                await tunnel(client, to: parts[1], buffered: buffer)
                return
            }
            guard let url = URLComponents(string: parts[1]), let host = url.host else { return }
            let authority = "\(host):\(url.port ?? 80)"
            let length = Int(fields.first { $0.0 == "content-length" }?.1 ?? "0") ?? 0
            while buffer.count < length {
                guard let more = try? await client.read(maxBytes: 65_536), !more.isEmpty else { return }
                buffer += more
            }
            let body = Array(buffer.prefix(length))
            buffer.removeFirst(length)
            if upstream?.authority != authority {
                await upstream?.connection.close()
                guard let connection = try? await TCPConnection.connect(host: "127.0.0.1", port: url.port ?? 80) else {
                    return
                }
                upstream = (authority, connection)
            }
            guard let connection = upstream?.connection else { return }
            let target = url.percentEncodedPath + (url.percentEncodedQuery.map { "?" + $0 } ?? "")
            var head = "\(parts[0]) \(target.isEmpty ? "/" : target) HTTP/1.1\r\n"
            for line in lines.dropFirst() where !line.lowercased().hasPrefix("proxy-authorization:") {
                head += line + "\r\n"
            }
            var reader = HTTPResponseReader(stream: connection)
            guard (try? await connection.write(Array((head + "\r\n").utf8) + body)) != nil,
                let response = try? await reader.readResponse(
                    method: parts[0], maximumHeadSize: 65_536, maximumBodySize: 1 << 24)
            else { return }
            var answer = "HTTP/1.1 \(response.status) \(HTTPResponse.reasonPhrase(for: response.status))\r\n"
            for field in response.headers
            where !["transfer-encoding", "content-length", "connection"].contains(field.name.lowercased()) {
                answer += "\(field.name): \(field.value)\r\n"
            }
            answer += "Content-Length: \(response.body.count)\r\n\r\n"
            guard (try? await client.write(Array(answer.utf8) + response.body)) != nil else { return }
        }
    }

    /// The next request head's lines, and the bytes after it.
    private func readHead(_ client: TCPConnection, _ buffer: inout [UInt8]) async throws -> ([String], [UInt8])? {
        let end = Array("\r\n\r\n".utf8)
        while true {
            if let range = buffer.firstRange(of: end) {
                let lines = String(decoding: buffer[..<range.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
                return (lines, Array(buffer[range.upperBound...]))
            }
            let more = try await client.read(maxBytes: 65_536)
            if more.isEmpty { return nil }
            buffer += more
        }
    }

    private func tunnel(_ client: TCPConnection, to authority: String, buffered: [UInt8]) async {
        guard let colon = authority.lastIndex(of: ":"), let port = Int(authority[authority.index(after: colon)...]),
            let server = try? await TCPConnection.connect(host: "127.0.0.1", port: port)
        else {
            try? await client.write(Array("HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n".utf8))
            return
        }
        guard (try? await client.write(Array("HTTP/1.1 200 Connection established\r\n\r\n".utf8))) != nil else {
            return
        }
        if !buffered.isEmpty { try? await server.write(buffered) }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await Self.relay(from: client, to: server) }
            group.addTask { await Self.relay(from: server, to: client) }
            await group.next()
            group.cancelAll()
            await server.close()
            await client.close()
        }
    }

    private static func relay(from source: TCPConnection, to destination: TCPConnection) async {
        while let bytes = try? await source.read(maxBytes: 65_536), !bytes.isEmpty {
            guard (try? await destination.write(bytes)) != nil else { return }
        }
    }
}
