extension HTTPResponse {
    /// The answer to a WebSocket upgrade request (RFC 6455 §4.2): a `101` response (with
    /// `Sec-WebSocket-Accept` and the chosen subprotocol) whose upgrade runs `handler` with the
    /// server-side ``WebSocket``, or `400`/`426` when `request` is not a valid upgrade.
    ///
    /// The socket is closed when `handler` returns, if it is still open: 1000, or 1001 (going
    /// away) when the server is stopping.
    ///
    /// ```swift
    /// let server = try await HTTPServer.start { request in
    ///     .webSocketUpgrade(for: request) { socket in
    ///         while let message = try? await socket.receive() {
    ///             if case .text(let text) = message { try? await socket.send(text: text) }
    ///         }
    ///     }
    /// }
    /// ```
    package static func webSocketUpgrade(
        for request: HTTPRequest, configuration: WebSocketConfiguration = .init(),
        selectSubprotocol: @Sendable ([String]) -> String? = { _ in nil },
        handler: @escaping @Sendable (WebSocket) async -> Void
    ) -> HTTPResponse {
        guard request.method == "GET" else {
            return .text("WebSocket upgrades use GET\n", status: 400)
        }
        guard request.version.major > 1 || (request.version.major == 1 && request.version.minor >= 1) else {
            return .text("WebSocket upgrades need HTTP/1.1\n", status: 400)
        }
        guard request.headers.containsToken("websocket", in: "Upgrade"),
            request.headers.containsToken("upgrade", in: "Connection")
        else {
            var response = HTTPResponse.text("expected a WebSocket upgrade request\n", status: 426)
            response.headers.add(name: "Upgrade", value: "websocket")
            response.headers.add(name: "Connection", value: "Upgrade")
            return response
        }
        guard request.headers["Sec-WebSocket-Version"]?.trimmingSpaces() == "13" else {
            var response = HTTPResponse.text("unsupported WebSocket version; this server speaks 13\n", status: 426)
            response.headers.add(name: "Sec-WebSocket-Version", value: "13")
            return response
        }
        guard let key = request.headers["Sec-WebSocket-Key"].map({ String($0.trimmingSpaces()) }),
            WebSocketHandshake.isValidKey(key)
        else {
            return .text("missing or malformed Sec-WebSocket-Key\n", status: 400)
        }
        let offered = WebSocketHandshake.tokens("Sec-WebSocket-Protocol", in: request.headers)
        let chosen = offered.isEmpty ? nil : selectSubprotocol(offered).flatMap { offered.contains($0) ? $0 : nil }
        var headers: HTTPHeaders = [
            "Upgrade": "websocket", "Connection": "Upgrade",
            "Sec-WebSocket-Accept": WebSocketHandshake.acceptValue(for: key),
        ]
        if let chosen { headers.add(name: "Sec-WebSocket-Protocol", value: chosen) }
        return HTTPResponse(status: 101, headers: headers) { stream, leftover in
            let socket = WebSocket(
                stream: stream, role: .server, subprotocol: chosen, configuration: configuration, leftover: leftover)
            await handler(socket)
            // Cancelled means the server is stopping: tell the client it is going away.
            await socket.close(code: Task.isCancelled ? 1001 : 1000)
        }
    }
}
