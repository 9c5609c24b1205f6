/// Serves the requests of one client connection in order until either side closes it.
struct HTTPServerConnection: Sendable {
    let connection: TCPConnection
    /// What requests are read from and responses written to: `connection` itself, or TLS over it.
    let stream: any ByteStream
    let limits: HTTPRequestParser.Limits
    let responder: HTTPServer.Responder
    let table: ConnectionTable

    func run() async {
        table.insert(connection)
        defer {
            table.remove(connection)
            connection.closeNow()
        }
        var parser = HTTPRequestParser(limits: limits)
        do {
            while true {
                let request: HTTPRequest
                do {
                    guard let next = try await readRequest(with: &parser) else { return }
                    request = next
                } catch let error as HTTPParseError {
                    let response = HTTPResponse.text("\(error.reason)\n", status: error.status)
                    try await stream.write(response.serialized(keepAlive: false, includeBody: true))
                    return
                }
                table.setBusy(connection, true)
                let response = await respond(to: request)
                if response.status == 101, let upgrade = response.upgrade {
                    try await stream.write(response.serialized(keepAlive: true, includeBody: false))
                    table.remove(connection)
                    await upgrade(stream, parser.unconsumedBytes)
                    return
                }
                let keepAlive = request.keepAlive && !response.headers.containsToken("close", in: "Connection")
                try await stream.write(
                    response.serialized(keepAlive: keepAlive, includeBody: request.method != "HEAD"))
                table.setBusy(connection, false)
                if !keepAlive { return }
            }
        } catch {
            // The peer went away or the server is stopping: nothing to answer, just close.
        }
    }

    /// Reads until a complete request is parsed; `nil` when the client closed between requests.
    private func readRequest(with parser: inout HTTPRequestParser) async throws -> HTTPRequest? {
        while true {
            if let request = try parser.nextRequest() { return request }
            if parser.expectsContinue {
                try await stream.write(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
                parser.continueSent()
            }
            let bytes = try await stream.read(maxBytes: 65_536)
            if bytes.isEmpty { return nil }
            table.touch(connection)
            parser.append(bytes)
        }
    }

    private func respond(to request: HTTPRequest) async -> HTTPResponse {
        do {
            return try await responder(request)
        } catch {
            return .text("internal server error\n", status: 500)
        }
    }
}
