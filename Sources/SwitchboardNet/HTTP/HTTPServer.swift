import Foundation
import SwitchboardCore

/// A small HTTP/1.1 server on the event loop: keep-alive, pipelining, chunked request bodies,
/// size limits, request-head, idle and write timeouts, lingering close after error responses, and
/// protocol upgrades (WebSocket) handed to the responder.
///
/// The mock server and the local AppSync-compatible server build on it; tests start it on
/// 127.0.0.1 port 0 and read the chosen ``port``.
///
/// ```swift
/// let server = try await HTTPServer.start { request in
///     .json(#"{"data":{"ok":true}}"#)
/// }
/// defer { Task { await server.stop() } }
/// print(server.url)  // http://127.0.0.1:53121
/// ```
package final class HTTPServer: Sendable {
    /// Answers one request. Thrown errors become a `500` without details (they may hold secrets).
    package typealias Responder = @Sendable (HTTPRequest) async throws -> HTTPResponse

    /// Server limits and timeouts.
    package struct Configuration: Sendable {
        /// Request size limits (head and body).
        package var limits: HTTPRequestParser.Limits
        /// How long a client has to send a complete request head (request line and headers),
        /// counted from accepting the connection for its first request and from the first byte for
        /// later ones. A late head is answered `408 Request Timeout` and the connection closed, so a
        /// client trickling header bytes (slowloris) cannot hold a connection open.
        package var requestHeadTimeout: Duration
        /// How long a kept-alive connection may wait for its next request, or a request body go
        /// without new bytes, before the connection is closed without a response.
        package var idleTimeout: Duration
        /// How long writing a response may go without progress (each 64 KiB of it gets this long)
        /// before the write is abandoned and the connection closed, so a client that never reads
        /// its responses cannot hold a connection and its buffers forever.
        package var writeTimeout: Duration
        /// How many connections the server holds at once, WebSockets and other upgraded
        /// connections included. A connection beyond it is answered `503 Service Unavailable`
        /// (with `Retry-After: 1`) and closed at once, while the open ones are served as usual;
        /// places free up as connections close. Every server of the process also shares one
        /// budget of ``defaultMaximumConnections`` connections, so a larger value cannot use the
        /// descriptors the process keeps in reserve.
        package var maximumConnections: Int
        /// How long a request body may take to arrive, counted from the end of its head. A late
        /// body is answered `408 Request Timeout` and the connection closed, so a client trickling
        /// a body byte by byte cannot hold a connection forever (the idle timeout only limits the
        /// gaps between bytes).
        package var requestBodyTimeout: Duration
        /// How long a lingering close (after an error response, or a `Connection: close` the
        /// client did not ask for) keeps draining the client's input before closing anyway.
        var lingerTimeout: Duration = .seconds(2)
        /// How many event loops (threads) serve the connections, each connection staying on the
        /// loop it was given when accepted, in turn. By default one per processor the process may
        /// use, at most 16 (``EventLoop/defaultServerLoopCount``); the loops are shared with the
        /// process's other servers.
        package var loopCount = EventLoop.defaultServerLoopCount
        /// How long each loop keeps polling without sleeping after it last had work (see
        /// ``EventLoop/keepPolling(for:)``); zero, the default, sleeps at once. The loops are
        /// shared, so the longest window any server of the process asked for holds.
        package var busyPoll: Duration = .zero

        /// The default ``maximumConnections``: the process's soft `RLIMIT_NOFILE` limit, read once,
        /// minus a reserve of a quarter of it (at least 64) for files, name resolution, outgoing
        /// connections and the runtime. 768 under the common limit of 1,024.
        package static var defaultMaximumConnections: Int { DescriptorBudget.processLimit }

        /// Creates a configuration; the defaults suit tests and local servers.
        package init(
            limits: HTTPRequestParser.Limits = .init(), requestHeadTimeout: Duration = .seconds(10),
            idleTimeout: Duration = .seconds(60), writeTimeout: Duration = .seconds(30),
            maximumConnections: Int = Configuration.defaultMaximumConnections,
            requestBodyTimeout: Duration = .seconds(60)
        ) {
            self.limits = limits
            self.requestHeadTimeout = requestHeadTimeout
            self.idleTimeout = idleTimeout
            self.writeTimeout = writeTimeout
            self.maximumConnections = maximumConnections
            self.requestBodyTimeout = requestBodyTimeout
        }
    }

    private let listener: TCPListener
    private let isSecure: Bool
    private let acceptTask: Locked<Task<Void, Never>?> = Locked(nil)
    private let connections: ConnectionTable
    /// How many connections the server holds now (lingering closes included).
    var connectionCountForTesting: Int { connections.count }
    private let admission: ConnectionAdmission
    private let accepted = Locked(0)
    /// The bound port (the kernel's choice when started with port 0).
    package var port: Int { listener.port }
    /// The bound host.
    package var host: String { listener.host }
    /// The server's base URL, for clients on this machine: a wildcard bind address (`0.0.0.0`,
    /// `::`) is given as the loopback address, which a client can connect to.
    package var url: URL {
        let hostPart = Self.connectableHost(host)
        return URL(string: "\(isSecure ? "https" : "http")://\(hostPart):\(port)")!
    }

    /// `host` as it goes in a URL that a local client connects to.
    static func connectableHost(_ host: String) -> String {
        switch host {
        case "0.0.0.0", "": "127.0.0.1"
        case "::", "[::]": "[::1]"
        default: host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        }
    }

    private init(listener: TCPListener, configuration: Configuration, isSecure: Bool) {
        self.listener = listener
        self.isSecure = isSecure
        self.connections = ConnectionTable(
            headTimeout: configuration.requestHeadTimeout, idleTimeout: configuration.idleTimeout,
            bodyTimeout: configuration.requestBodyTimeout, writeTimeout: configuration.writeTimeout,
            lingerTimeout: configuration.lingerTimeout)
        self.admission = ConnectionAdmission(maximum: configuration.maximumConnections)
    }

    /// Binds `host:port` (port 0 picks a free one) and starts serving with `responder`; with
    /// `tls`, every connection first completes a TLS handshake (`https`, `wss`).
    /// Returns once the socket accepts connections.
    package static func start(
        host: String = "127.0.0.1", port: Int = 0, configuration: Configuration = .init(), tls: TLSAcceptor? = nil,
        responder: @escaping Responder
    ) async throws -> HTTPServer {
        let listener = try TCPListener(host: host, port: port)
        let server = HTTPServer(listener: listener, configuration: configuration, isSecure: tls != nil)
        let loops = try EventLoop.pooled(count: configuration.loopCount)
        if configuration.busyPoll > .zero {
            for loop in loops { loop.keepPolling(for: configuration.busyPoll) }
        }
        let task = Task.onLoop(listener.loop) {
            [connections = server.connections, admission = server.admission, accepted = server.accepted] in
            // Each connection's task prefers the loop its socket is registered with: a request is
            // parsed and answered on the thread that saw its bytes arrive, and the loops (one per
            // core by default) take the connections in turn, so that every core serves requests.
            await withDiscardingTaskGroup { group in
                group.addTask { await connections.reapExpiredConnections() }
                var turn = 0
                while true {
                    let loop = loops[turn % loops.count]
                    turn &+= 1
                    guard let connection = try? await listener.accept(on: loop) else { break }
                    guard admission.admit() else {
                        refuseOverCapacity(connection, isSecure: tls != nil)
                        continue
                    }
                    accepted.withLock { $0 += 1 }
                    // Tracked from accept, so a TLS handshake counts against the request head timeout.
                    let entry = connections.insert(connection)
                    group.addTask(onLoop: loop) {
                        defer {
                            connections.remove(entry)
                            connection.closeNow()
                            admission.release()
                        }
                        let stream: any ByteStream
                        if let tls {
                            guard let secured = try? await tls.accept(connection) else { return }
                            stream = secured
                        } else {
                            stream = connection
                        }
                        let session = HTTPServerConnection(
                            connection: connection, stream: stream, limits: configuration.limits, responder: responder,
                            table: connections, entry: entry)
                        await session.run()
                    }
                }
                group.cancelAll()
            }
        }
        server.acceptTask.withLock { $0 = task }
        return server
    }

    /// Stops accepting, closes every open connection, and waits for their tasks to finish.
    package func stop() async {
        listener.close()
        connections.closeAll()
        let task = acceptTask.withLock { $0 }
        task?.cancel()
        await task?.value
    }

    /// The number of HTTP connections currently open, not counting upgraded ones (for tests and
    /// diagnostics).
    package var openConnectionCount: Int { connections.count }

    /// How many connections the server has admitted since it started (how well clients keep
    /// connections alive shows here; for tests and benchmarks).
    package var acceptedConnectionCount: Int { accepted.withLock { $0 } }

    /// The number of connections the server holds now, upgraded ones (WebSockets) included; at
    /// most ``Configuration/maximumConnections``.
    package var heldConnectionCount: Int { admission.count }

    /// The answer to a connection over the limit: written only if the socket takes it at once,
    /// after discarding whatever request bytes already arrived (so closing sends FIN, not RST),
    /// and followed by an immediate close. TLS connections are closed without an answer.
    private static let overCapacityResponse = Array(
        ("HTTP/1.1 503 Service Unavailable\r\nRetry-After: 1\r\nConnection: close\r\n"
            + "Content-Type: text/plain; charset=utf-8\r\nContent-Length: 38\r\n\r\n"
            + "the server is at its connection limit\n").utf8)

    private static func refuseOverCapacity(_ connection: TCPConnection, isSecure: Bool) {
        if !isSecure {
            var reads = 0
            while reads < 4, connection.discardAvailableInput() > 0 { reads += 1 }
            _ = connection.writeWithoutWaiting(overCapacityResponse)
            connection.shutdownOutput()
        }
        connection.closeNow()
    }
}
