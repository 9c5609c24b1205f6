/// Serves the requests of one client connection in order until either side closes it.
///
/// The ``ConnectionTable`` entry (inserted and removed by the server around this) is kept up to date
/// with what the connection waits for, so the server's reaper can enforce the request head, idle,
/// write and lingering-close timeouts.
struct HTTPServerConnection: Sendable {
    let connection: TCPConnection
    /// What requests are read from and responses written to: `connection` itself, or TLS over it.
    let stream: any ByteStream
    let limits: HTTPRequestParser.Limits
    let responder: HTTPServer.Responder
    let table: ConnectionTable
    /// This connection's entry in `table`.
    let entry: ConnectionTable.Entry

    /// Responses are written in slices of this size, each with the full write timeout, so the
    /// timeout catches a client that stopped reading without cutting off a large, slow download.
    static let writeSlice = 65_536
    /// The most input a lingering close discards before closing anyway.
    static let lingerByteLimit = 1 << 20

    /// The request head or body did not arrive within the configured timeout.
    private struct RequestTimeout: Error {}

    func run() async {
        var parser = HTTPRequestParser(limits: limits)
        // Whether the connection has let the rest of its loop's turn go first since it last read.
        var gaveWaySinceRead = false
        do {
            while true {
                let request: HTTPRequest
                do {
                    guard let next = try await readRequest(with: &parser) else { return }
                    request = next.request
                    if next.afterRead { gaveWaySinceRead = false }
                } catch let error as HTTPParseError {
                    try await refuse(.text("\(error.reason)\n", status: error.status))
                    return
                } catch is RequestTimeout {
                    let part = parser.isReceivingBody ? "body" : "head"
                    try await refuse(.text("the request \(part) did not arrive in time\n", status: 408))
                    return
                }
                let response = await respond(to: request)
                if response.status == 101, let upgrade = response.upgrade {
                    try await send(response.serialized(keepAlive: true, includeBody: false))
                    table.remove(entry)
                    await upgrade(stream, parser.unconsumedBytes)
                    return
                }
                let keepAlive = request.keepAlive && !response.headers.containsToken("close", in: "Connection")
                // Answers to requests that arrived together are written together, after the
                // loop has computed all of them (see `EventLoop.yieldToOtherJobsOfTurn()`). Once
                // per read: the requests a pipelining client sent behind this one are already
                // here, and their answers follow in this job, not a turn apart each.
                if !gaveWaySinceRead {
                    await EventLoop.yieldToOtherJobsOfTurn()
                    gaveWaySinceRead = true
                }
                do {
                    try await send(response.serialized(keepAlive: keepAlive, includeBody: request.method != "HEAD"))
                } catch {
                    await response.afterSent?()
                    throw error
                }
                await response.afterSent?()
                if !keepAlive {
                    // A client that did not ask to close may already be sending its next requests.
                    if request.keepAlive || parser.hasUnparsedBytes { await lingeringClose() }
                    return
                }
            }
        } catch {
            // The peer went away, a write timed out or the server is stopping: just close.
        }
    }

    /// Answers a request that cannot be served with `response`, then closes.
    private func refuse(_ response: HTTPResponse) async throws {
        try await send(response.serialized(keepAlive: false, includeBody: true))
        await lingeringClose()
    }

    /// Reads until a complete request is parsed, and says whether that took a read (or the request
    /// was already buffered, sent behind the previous one); `nil` when the client closed between
    /// requests. Throws ``RequestTimeout`` once the reaper found the head or body late (it shuts
    /// the input, so a pending read returns).
    private func readRequest(
        with parser: inout HTTPRequestParser
    ) async throws -> (request: HTTPRequest, afterRead: Bool)? {
        var afterRead = false
        while true {
            let request = try parser.nextRequest()
            if request == nil && parser.expectsContinue {
                try await send(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
                parser.continueSent()
            }
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
            guard table.setWaiting(entry, for: wait) else { throw RequestTimeout() }
            if let request { return (request, afterRead) }
            let bytes: [UInt8]
            do {
                bytes = try await stream.read(maxBytes: 65_536)
            } catch {
                if table.requestTimedOut(entry) { throw RequestTimeout() }
                throw error
            }
            if bytes.isEmpty {
                if table.requestTimedOut(entry) { throw RequestTimeout() }
                return nil
            }
            parser.append(bytes)
            afterRead = true
        }
    }

    /// Writes `bytes` slice by slice, restarting the write deadline for each; the reaper closes
    /// the connection when a slice does not drain in time, which fails the write.
    private func send(_ bytes: [UInt8]) async throws {
        if bytes.count <= Self.writeSlice {
            table.setWaiting(entry, for: .write)
            try await stream.write(bytes)
            return
        }
        var offset = 0
        while offset < bytes.count {
            let end = min(offset + Self.writeSlice, bytes.count)
            table.setWaiting(entry, for: .write)
            try await stream.write(Array(bytes[offset..<end]))
            offset = end
        }
    }

    /// Closes after a response when request bytes may still be arriving: closing a socket with
    /// unread input sends RST, which can destroy the response before the client reads it. So the
    /// output is half-closed (the client reads the response, then end-of-stream) and input is
    /// discarded until the client closes, ``lingerByteLimit`` bytes were read, or the linger
    /// timeout passes (the reaper then closes the connection, failing the read).
    ///
    /// The response is already written in full, so the raw socket is drained even under TLS.
    private func lingeringClose() async {
        table.setWaiting(entry, for: .linger)
        connection.shutdownOutput()
        // After a late request head the reaper shut the input, so reads report end-of-stream
        // whenever nothing is buffered; poll until the peer closes (as the kernel's TCP state
        // says) or the deadline, instead of trusting that. A slow client that leaves once
        // answered `408` thus frees its place at once, not at the linger timeout.
        let inputWasShut = table.requestTimedOut(entry)
        var discarded = 0
        while discarded < Self.lingerByteLimit {
            guard let bytes = try? await connection.read(maxBytes: 65_536) else { return }
            if bytes.isEmpty {
                guard inputWasShut, !connection.peerHasClosed,
                    (try? await Task.sleep(for: .milliseconds(50))) != nil
                else { return }
                continue
            }
            discarded += bytes.count
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
