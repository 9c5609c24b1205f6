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
                    connections.insert(connection)
                    group.addTask(onLoop: loop) {
                        defer {
                            connections.remove(connection)
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
                            table: connections)
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

/// The server's open connections and the deadline each one is waiting against, so one reaper task
/// can close idle connections, time out slow request heads, abandon stalled writes and end
/// lingering closes, and `stop()` can close them all.
///
/// The reaper never writes or waits on a connection: it closes it, or for a late request head
/// shuts its input so the connection's own task wakes up, answers `408` and closes. A slow client
/// therefore costs nothing but its own task.
final class ConnectionTable: Sendable {
    /// What a connection is waiting for, which sets its deadline and what happens when it passes.
    enum Wait: Equatable {
        /// The first byte of a request: on a new connection (or during its TLS handshake) the head
        /// timeout from accepting it, on a kept-alive one the idle timeout. Closed silently.
        case request
        /// The rest of a request head that has started: answered `408` when the head timeout passes.
        case head
        /// More of a request body: answered `408` once the body timeout (counted from the end of
        /// the head) passes, closed silently once no byte arrived for the idle timeout.
        case body
        /// The responder: no deadline.
        case response
        /// A response write making progress: closed once a slice has not drained for the write
        /// timeout (restarted for every slice).
        case write
        /// A lingering close draining input after the final response: closed at the linger timeout.
        case linger
    }

    private struct Entry {
        var connection: TCPConnection
        var wait: Wait
        var deadline: ContinuousClock.Instant?
        var hasServedRequest = false
        var requestTimedOut = false
        /// When the body of the request being read is due in full (set as its first `.body` wait).
        var bodyDeadline: ContinuousClock.Instant?
    }

    private let entries = Locked<[ObjectIdentifier: Entry]>([:])
    private let timeouts: Timeouts

    init(
        headTimeout: Duration, idleTimeout: Duration, bodyTimeout: Duration, writeTimeout: Duration,
        lingerTimeout: Duration
    ) {
        timeouts = Timeouts(
            head: headTimeout, idle: idleTimeout, body: bodyTimeout, write: writeTimeout, linger: lingerTimeout)
    }

    var count: Int { entries.withLock { $0.count } }

    /// Adds a just-accepted connection; its first request head is due within the head timeout.
    func insert(_ connection: TCPConnection) {
        entries.withLock {
            $0[ObjectIdentifier(connection)] = Entry(
                connection: connection, wait: .request, deadline: .now + timeouts.head)
        }
    }

    func remove(_ connection: TCPConnection) {
        _ = entries.withLock { $0.removeValue(forKey: ObjectIdentifier(connection)) }
    }

    /// Records what `connection` waits for now, moving its deadline as ``Wait`` describes; `false`
    /// once its request head or body has timed out (the caller answers `408`; writing that and the
    /// lingering close are still tracked). Staying in `.head` keeps the deadline, and so does the
    /// first head of a new connection (it runs from accepting it); `.write` restarts its timeout on
    /// every call, so a slow but steady download is not cut off, and so does `.body`, up to the
    /// body deadline set by its first call.
    @discardableResult
    func setWaiting(_ connection: TCPConnection, for wait: Wait) -> Bool {
        entries.withLock { table in
            // Changed in place: a lookup and a copy of the entry per state change, not two hashes.
            guard let index = table.index(forKey: ObjectIdentifier(connection)) else { return true }
            return Self.update(&table.values[index], for: wait, timeouts: timeouts)
        }
    }

    /// The timeouts an entry's deadlines come from.
    private struct Timeouts {
        let head: Duration
        let idle: Duration
        let body: Duration
        let write: Duration
        let linger: Duration
    }

    private static func update(_ entry: inout Entry, for wait: Wait, timeouts: Timeouts) -> Bool {
        if entry.requestTimedOut && wait != .write && wait != .linger { return false }
        let now = ContinuousClock.now
        switch wait {
        case .request where entry.wait != .request: entry.deadline = now + timeouts.idle
        case .request: break
        case .head:
            let isFirstHead = entry.wait == .request && !entry.hasServedRequest
            if entry.wait != .head && !isFirstHead { entry.deadline = now + timeouts.head }
        case .body:
            let bodyDeadline = entry.bodyDeadline ?? now + timeouts.body
            entry.bodyDeadline = bodyDeadline
            entry.deadline = min(now + timeouts.idle, bodyDeadline)
        case .response:
            entry.deadline = nil
            entry.bodyDeadline = nil
            entry.hasServedRequest = true
        case .write: entry.deadline = now + timeouts.write
        case .linger: if entry.wait != .linger { entry.deadline = now + timeouts.linger }
        }
        entry.wait = wait
        return true
    }

    /// Whether `connection`'s request head or body timed out (its reads then end early).
    func requestTimedOut(_ connection: TCPConnection) -> Bool {
        entries.withLock { $0[ObjectIdentifier(connection)]?.requestTimedOut ?? false }
    }

    func closeAll() {
        let all = entries.withLock { table in table.values.map(\.connection) }
        for connection in all { connection.closeNow() }
    }

    /// Runs until cancelled, acting on passed deadlines a few times per shortest timeout.
    func reapExpiredConnections() async {
        let shortest =
            [timeouts.idle, timeouts.head, timeouts.body, timeouts.write, timeouts.linger].min() ?? timeouts.idle
        let interval = max(min(shortest / 4, .seconds(1)), .milliseconds(1))
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            reapExpiredConnections(now: .now)
        }
    }

    /// Closes the connections whose deadline passed (which fails a stalled write or a lingering
    /// read), except a late request head or body: that connection is marked timed out and its
    /// input shut, so its task's read returns and it answers `408` under the write and linger
    /// deadlines. Should it not get that far, it is closed like the others one more head timeout later.
    func reapExpiredConnections(now: ContinuousClock.Instant) {
        var expired: [TCPConnection] = []
        var lateHeads: [TCPConnection] = []
        entries.withLock { table in
            let keys = table.compactMap { key, entry in entry.deadline.map { $0 <= now } == true ? key : nil }
            for key in keys {
                guard var entry = table[key] else { continue }
                let isLateBody = entry.wait == .body && entry.bodyDeadline.map { $0 <= now } == true
                if (entry.wait == .head || isLateBody) && !entry.requestTimedOut {
                    entry.requestTimedOut = true
                    entry.deadline = now + timeouts.head
                    table[key] = entry
                    lateHeads.append(entry.connection)
                } else {
                    expired.append(entry.connection)
                }
            }
        }
        for connection in expired { connection.closeNow() }
        for connection in lateHeads { connection.shutdownInput() }
    }
}
