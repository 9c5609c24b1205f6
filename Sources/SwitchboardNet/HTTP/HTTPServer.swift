import Foundation
import Synchronization

/// A small HTTP/1.1 server on the event loop: keep-alive, pipelining, chunked request bodies,
/// size limits, idle timeouts, and protocol upgrades (WebSocket) handed to the responder.
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
public final class HTTPServer: Sendable {
    /// Answers one request. Thrown errors become a `500` without details (they may hold secrets).
    public typealias Responder = @Sendable (HTTPRequest) async throws -> HTTPResponse

    /// Server limits and timeouts.
    public struct Configuration: Sendable {
        /// Request size limits (head and body).
        public var limits: HTTPRequestParser.Limits
        /// A connection with no request in progress is closed after this long.
        public var idleTimeout: Duration

        /// Creates a configuration; the defaults suit tests and local servers.
        public init(limits: HTTPRequestParser.Limits = .init(), idleTimeout: Duration = .seconds(60)) {
            self.limits = limits
            self.idleTimeout = idleTimeout
        }
    }

    private let listener: TCPListener
    private let isSecure: Bool
    private let acceptTask: Mutex<Task<Void, Never>?> = Mutex(nil)
    private let connections: ConnectionTable
    /// The bound port (the kernel's choice when started with port 0).
    public var port: Int { listener.port }
    /// The bound host.
    public var host: String { listener.host }
    /// `http://host:port` (`https://` when serving TLS), the base URL clients use.
    public var url: URL {
        let hostPart = host.contains(":") ? "[\(host)]" : host
        return URL(string: "\(isSecure ? "https" : "http")://\(hostPart):\(port)")!
    }

    private init(listener: TCPListener, configuration: Configuration, isSecure: Bool) {
        self.listener = listener
        self.isSecure = isSecure
        self.connections = ConnectionTable(idleTimeout: configuration.idleTimeout)
    }

    /// Binds `host:port` (port 0 picks a free one) and starts serving with `responder`; with
    /// `tls`, every connection first completes a TLS handshake (`https`, `wss`).
    /// Returns once the socket accepts connections.
    public static func start(
        host: String = "127.0.0.1", port: Int = 0, configuration: Configuration = .init(), tls: TLSAcceptor? = nil,
        responder: @escaping Responder
    ) async throws -> HTTPServer {
        let listener = try TCPListener(host: host, port: port)
        let server = HTTPServer(listener: listener, configuration: configuration, isSecure: tls != nil)
        let task = Task { [connections = server.connections] in
            await withDiscardingTaskGroup { group in
                group.addTask { await connections.reapIdleConnections() }
                while true {
                    guard let connection = try? await listener.accept() else { break }
                    group.addTask {
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
    public func stop() async {
        listener.close()
        connections.closeAll()
        let task = acceptTask.withLock { $0 }
        task?.cancel()
        await task?.value
    }

    /// The number of connections currently open (for tests and diagnostics).
    public var openConnectionCount: Int { connections.count }
}

/// The server's open connections and when each was last active, so idle ones can be closed and
/// `stop()` can close them all.
final class ConnectionTable: Sendable {
    private struct Entry {
        var connection: TCPConnection
        var lastActive: ContinuousClock.Instant
        var isBusy: Bool
    }

    private let entries = Mutex<[ObjectIdentifier: Entry]>([:])
    private let idleTimeout: Duration

    init(idleTimeout: Duration) { self.idleTimeout = idleTimeout }

    var count: Int { entries.withLock { $0.count } }

    func insert(_ connection: TCPConnection) {
        entries.withLock {
            $0[ObjectIdentifier(connection)] = Entry(connection: connection, lastActive: .now, isBusy: false)
        }
    }

    func remove(_ connection: TCPConnection) {
        _ = entries.withLock { $0.removeValue(forKey: ObjectIdentifier(connection)) }
    }

    /// Marks a connection busy (a request is being handled or written) or idle again.
    func setBusy(_ connection: TCPConnection, _ busy: Bool) {
        entries.withLock {
            $0[ObjectIdentifier(connection)]?.isBusy = busy
            $0[ObjectIdentifier(connection)]?.lastActive = .now
        }
    }

    /// Records activity (bytes received) so a slow upload is not mistaken for an idle connection.
    func touch(_ connection: TCPConnection) {
        entries.withLock { $0[ObjectIdentifier(connection)]?.lastActive = .now }
    }

    func closeAll() {
        let all = entries.withLock { table in table.values.map(\.connection) }
        for connection in all { connection.closeNow() }
    }

    /// Runs until cancelled, closing connections idle for longer than the timeout.
    func reapIdleConnections() async {
        let interval = min(idleTimeout / 4, .seconds(1))
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            let now = ContinuousClock.now
            let idle = entries.withLock { table in
                table.values.filter { !$0.isBusy && now - $0.lastActive > idleTimeout }.map(\.connection)
            }
            for connection in idle { connection.closeNow() }
        }
    }
}
