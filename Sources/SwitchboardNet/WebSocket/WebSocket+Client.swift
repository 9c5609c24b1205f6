import Foundation

extension WebSocket {
    /// Opens a WebSocket to a `ws://` or `wss://` URL: TCP (and TLS for `wss`, verifying the
    /// certificate and host name as `tls` says), then the opening handshake with `headers`
    /// added to the upgrade request and `subprotocols` offered in order.
    ///
    /// Redirects are refused (``WebSocketError/redirectRefused(status:location:)``) and any
    /// other non-101 answer fails with its status, headers and a body excerpt. The whole sequence is
    /// bounded by ``WebSocketConfiguration/handshakeTimeout``. A plain connection's socket is
    /// driven by `loop` (the shared loop when `nil`).
    package static func connect(
        to url: URL, headers: [(String, String)] = [], subprotocols: [String] = [],
        configuration: WebSocketConfiguration = .init(), tls: TLSConfiguration? = nil, loop: EventLoop? = nil
    ) async throws -> WebSocket {
        let target = try WebSocketTarget(url: url)
        for (name, _) in headers where WebSocketHandshake.reservedRequestHeaders.contains(name.lowercased()) {
            throw WebSocketError.reservedHeader(name)
        }
        let socket = try await withTimeLimit(configuration.handshakeTimeout) {
            try await handshake(
                target: target, headers: headers, subprotocols: subprotocols, configuration: configuration,
                tls: tls ?? TLSConfiguration(), loop: loop)
        }
        guard let socket else { throw WebSocketError.handshakeTimedOut }
        return socket
    }

    private static func handshake(
        target: WebSocketTarget, headers: [(String, String)], subprotocols: [String],
        configuration: WebSocketConfiguration, tls: TLSConfiguration, loop: EventLoop?
    ) async throws -> WebSocket {
        let stream = try await openStream(to: target, tls: tls, loop: loop)
        do {
            let key = WebSocketHandshake.makeKey()
            var request = "GET \(target.requestTarget) HTTP/1.1\r\n"
            if !headers.contains(where: { $0.0.lowercased() == "host" }) { request += "Host: \(target.hostHeader)\r\n" }
            request += "Upgrade: websocket\r\nConnection: Upgrade\r\n"
            request += "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n"
            if !subprotocols.isEmpty {
                request += "Sec-WebSocket-Protocol: \(subprotocols.joined(separator: ", "))\r\n"
            }
            for (name, value) in headers { request += "\(name): \(value)\r\n" }
            request += "\r\n"
            try await stream.write(Array(request.utf8))

            var reader = HTTPResponseReader(stream: stream)
            let head: HTTPResponseHead
            do {
                head = try await reader.readHead(maximumSize: HTTPResponseHead.maximumSize)
            } catch let error as HTTPResponseError {
                throw WebSocketError.invalidHandshake(error.description)
            }
            let leftover = reader.leftover
            guard head.status == 101 else {
                if (300...399).contains(head.status) {
                    throw WebSocketError.redirectRefused(
                        status: head.status, location: head.headers["Location"] ?? "(no Location header)")
                }
                let excerpt = await bodyExcerpt(head: head, leftover: leftover, stream: stream)
                throw WebSocketError.handshakeRejected(
                    status: head.status, headers: head.headers.lowercasedDictionary, bodyExcerpt: excerpt)
            }
            let subprotocol = try verify(head, key: key, offered: subprotocols)
            return WebSocket(
                stream: stream, role: .client, subprotocol: subprotocol, configuration: configuration,
                leftover: leftover, upgradeResponseHeaders: head.headers.lowercasedDictionary)
        } catch {
            await stream.close()
            throw error
        }
    }

    private static func openStream(
        to target: WebSocketTarget, tls: TLSConfiguration, loop: EventLoop?
    ) async throws -> any ByteStream {
        if target.isSecure {
            return try await TLSClientStream.connect(
                host: target.host, port: target.port, serverName: target.host, configuration: tls)
        }
        return try await TCPConnection.connect(host: target.host, port: target.port, loop: loop)
    }

    /// Checks the 101 response (§4.1, client steps 1–6) and returns the chosen subprotocol.
    private static func verify(_ head: HTTPResponseHead, key: String, offered: [String]) throws(WebSocketError)
        -> String?
    {
        guard head.headers.containsToken("websocket", in: "Upgrade") else {
            throw WebSocketError.invalidHandshake("missing \"Upgrade: websocket\"")
        }
        guard head.headers.containsToken("upgrade", in: "Connection") else {
            throw WebSocketError.invalidHandshake("missing \"Connection: Upgrade\"")
        }
        guard head.headers["Sec-WebSocket-Accept"] == WebSocketHandshake.acceptValue(for: key) else {
            throw WebSocketError.invalidHandshake("Sec-WebSocket-Accept does not match the key sent")
        }
        if let extensions = head.headers["Sec-WebSocket-Extensions"], !extensions.isEmpty {
            throw WebSocketError.invalidHandshake("the server enabled extension \(extensions), which was not offered")
        }
        guard let chosen = head.headers["Sec-WebSocket-Protocol"], !chosen.isEmpty else { return nil }
        guard offered.contains(chosen) else {
            throw WebSocketError.invalidHandshake("the server chose subprotocol \(chosen), which was not offered")
        }
        return chosen
    }

    /// Up to 200 characters of a rejection's body, read as far as Content-Length says (or EOF).
    private static func bodyExcerpt(head: HTTPResponseHead, leftover: [UInt8], stream: any ByteStream) async -> String {
        var body = leftover
        let limit = 512
        let expected = head.headers["Content-Length"].flatMap { Int($0) }
        let chunked = head.headers.containsToken("chunked", in: "Transfer-Encoding")
        while !chunked, body.count < min(expected ?? limit, limit) {
            guard let chunk = try? await stream.read(maxBytes: limit), !chunk.isEmpty else { break }
            body += chunk
        }
        if let expected { body = Array(body.prefix(expected)) }
        let text = String(decoding: body.prefix(limit), as: UTF8.self)
            .replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
            .trimmingCharacters(in: .whitespaces)
        return text.count > 200 ? String(text.prefix(200)) + "…" : text
    }
}

/// Where a `ws://` or `wss://` URL points.
struct WebSocketTarget: Sendable {
    var isSecure: Bool
    var host: String
    var port: Int
    /// Path and query, e.g. `/graphql?header=…`.
    var requestTarget: String
    /// The `Host` header: the host, bracketed for IPv6, with the port when it is not the default.
    var hostHeader: String

    init(url: URL) throws(WebSocketError) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let scheme = components.scheme?.lowercased(), scheme == "ws" || scheme == "wss",
            let host = components.host, !host.isEmpty
        else { throw WebSocketError.invalidURL(url.absoluteString) }
        isSecure = scheme == "wss"
        self.host = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        let defaultPort = isSecure ? 443 : 80
        port = components.port ?? defaultPort
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        requestTarget = path + (components.percentEncodedQuery.map { "?\($0)" } ?? "")
        let bracketed = self.host.contains(":") ? "[\(self.host)]" : self.host
        hostHeader = port == defaultPort ? bracketed : "\(bracketed):\(port)"
    }
}
