/// Serves the requests of one client connection in order until either side closes it.
///
/// The ``ConnectionTable`` entry (inserted and removed by the server around this) is kept up to date
/// with what the connection waits for, so the server's reaper can enforce the request head and idle
/// timeouts.
struct HTTPServerConnection: Sendable {
    let connection: TCPConnection
    /// What requests are read from and responses written to: `connection` itself, or TLS over it.
    let stream: any ByteStream
    let limits: HTTPRequestParser.Limits
    let responder: HTTPServer.Responder
    let table: ConnectionTable

    /// The request head did not arrive within the configured timeout.
    private struct RequestHeadTimeout: Error {}

    func run() async {
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
                } catch is RequestHeadTimeout {
                    let response = HTTPResponse.text("the request head did not arrive in time\n", status: 408)
                    try await stream.write(response.serialized(keepAlive: false, includeBody: true))
                    return
                }
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
                if !keepAlive { return }
            }
        } catch {
            // The peer went away or the server is stopping: nothing to answer, just close.
        }
    }

    /// Reads until a complete request is parsed; `nil` when the client closed between requests.
    /// Throws ``RequestHeadTimeout`` once the reaper found the head late (it shuts the input, so a
    /// pending read returns).
    private func readRequest(with parser: inout HTTPRequestParser) async throws -> HTTPRequest? {
        while true {
            let request = try parser.nextRequest()
            let wait: ConnectionTable.Wait
            if request != nil {
                wait = .response
            } else if parser.isReceivingBody {
                wait = .body
            } else if parser.hasUnparsedBytes {
                wait = .head
            } else {
                wait = .request
            }
            guard table.setWaiting(connection, for: wait) else { throw RequestHeadTimeout() }
            if let request { return request }
            if parser.expectsContinue {
                try await stream.write(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
                parser.continueSent()
            }
            let bytes: [UInt8]
            do {
                bytes = try await stream.read(maxBytes: 65_536)
            } catch {
                if table.headTimedOut(connection) { throw RequestHeadTimeout() }
                throw error
            }
            if bytes.isEmpty {
                if table.headTimedOut(connection) { throw RequestHeadTimeout() }
                return nil
            }
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
