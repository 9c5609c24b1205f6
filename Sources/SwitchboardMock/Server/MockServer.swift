import Foundation
import Switchboard
import SwitchboardCore
import SwitchboardNet
import SwitchboardRealtimeProtocol
import SwitchboardRealtimeServer

/// A mock GraphQL and REST server for app tests, on 127.0.0.1 and an ephemeral port by default.
///
/// ```swift
/// let server = try await MockServer(endpoints: [
///     HTTPEndpoint(.GET, "/config/:id", response: .json(["id": "{{params.id}}"])),
/// ])
/// defer { Task { await server.stop() } }
/// ```
///
/// Endpoints are tried in order and the first match answers. A request nothing matches gets a
/// `404` whose body explains, endpoint by endpoint, why it did not match.
public final class MockServer: Sendable {
    private let state: MockServerState
    private let server: HTTPServer

    /// Starts a server with `endpoints` on `host:port` (port 0 picks a free port); `realtime` sets
    /// the keep-alive and limits of its subscription endpoints, `limits` how many requests it
    /// records and its connection cap, sizes and deadlines.
    public init(
        endpoints: [any MockEndpoint] = [], realtime: RealtimeServerOptions = RealtimeServerOptions(),
        limits: MockServerLimits = MockServerLimits(), host: String = "127.0.0.1", port: Int = 0
    ) async throws {
        let log = MockRequestLog(
            maximumCount: limits.maximumRecordedRequests, maximumBodyBytes: limits.maximumRecordedBodyBytes)
        let state = MockServerState(endpoints: endpoints, realtime: RealtimeHost(options: realtime), log: log)
        self.state = state
        self.server = try await HTTPServer.start(host: host, port: port, configuration: limits.http) { request in
            await state.respond(to: request)
        }
    }

    /// The base URL, e.g. `http://127.0.0.1:53121`.
    public var url: URL { server.url }
    /// The URL GraphQL clients use: ``url`` + `/graphql`.
    public var graphQLURL: URL { server.url.appendingPathComponent("graphql") }
    /// The bound port.
    public var port: Int { server.port }

    /// Adds an endpoint while the server runs; it is tried after the existing ones.
    public func add(_ endpoint: any MockEndpoint) {
        state.endpoints.withLock { $0.append(endpoint) }
    }

    /// The requests received so far, in order: the most recent ones within
    /// ``MockServerLimits/maximumRecordedRequests`` and ``MockServerLimits/maximumRecordedBodyBytes``.
    public var receivedRequests: [MockRequest] { state.received.withLock { $0.requests }.map(MockRequest.init) }

    /// How many of the oldest requests were dropped from ``receivedRequests`` to stay within the limits.
    public var droppedRequestCount: Int { state.received.withLock { $0.droppedCount } }

    /// The connections the server holds now, WebSockets included (at most
    /// ``MockServerLimits/maximumConnections``).
    package var heldConnectionCount: Int { server.heldConnectionCount }

    /// The AppSync real-time URL: `ws://127.0.0.1:PORT/graphql/realtime`.
    public var realtimeURL: URL { RealtimeURL.appSync(for: graphQLURL) }

    /// Stops the server and closes its connections, real-time ones included.
    public func stop() async {
        await state.subscriptions.stopAll()
        await state.realtime.shutdown()
        await server.stop()
    }

    // MARK: Real-time controls

    /// Sends an event whose payload is `{"data": data}` to every active subscription whose
    /// operation name or root field is `operation`; returns how many received it.
    @discardableResult
    public func publish(_ data: JSONValue, toSubscriptionsOf operation: String) async -> Int {
        await state.subscriptions.publish({ _ in ["data": data] }) {
            $0.operationName == operation || $0.rootField == operation
        }
    }

    /// Drops every real-time connection without a closing handshake, as a network failure would.
    public func dropRealtimeConnections() async { await state.realtime.dropAll() }

    /// Stops (or resumes) AppSync keep-alive messages, so clients detect a dead connection.
    public func pauseKeepAlives(_ paused: Bool = true) async { state.realtime.keepAlivePaused = paused }

    /// Connection and subscription counters of the real-time side.
    public var realtimeStatistics: RealtimeServerStatistics { state.realtime.statistics }
}

/// The endpoints and the request log, shared between the server's connection tasks.
final class MockServerState: Sendable {
    let endpoints: Locked<[any MockEndpoint]>
    let received: Locked<MockRequestLog>
    /// The real-time connections.
    let realtime: RealtimeHost
    /// The subscriptions they hold, with their scripts.
    let subscriptions = MockSubscriptions()

    init(endpoints: [any MockEndpoint], realtime: RealtimeHost, log: MockRequestLog) {
        self.endpoints = Locked(endpoints)
        self.realtime = realtime
        self.received = Locked(log)
    }

    func respond(to http: HTTPRequest) async -> HTTPResponse {
        received.withLock { $0.append(http) }
        if http.headers.containsToken("websocket", in: "Upgrade") { return realtimeUpgrade(http) }
        let request = MockRequest(http)
        let candidates = endpoints.withLock { $0 }
        var reasons: [(String, String)] = []
        for endpoint in candidates {
            switch endpoint.match(request) {
            case .matched(let context):
                let response = endpoint.response
                if response.delay > .zero { try? await Task.sleep(for: response.delay) }
                let rendered = response.render(in: context)
                await publishMutationResult(rendered, for: request)
                return rendered
            case .mismatch(let reason):
                reasons.append((endpoint.label, reason))
            }
        }
        return UnmatchedRequestReport(request: request, reasons: reasons).response
    }
}

/// The 404 body that tells a test author why no endpoint answered.
struct UnmatchedRequestReport {
    let request: MockRequest
    let reasons: [(label: String, reason: String)]

    var text: String {
        var lines = ["No mock endpoint matched \(request.http.method) \(request.http.target)"]
        switch request.graphQL {
        case .success(let payload):
            let excerpt = payload.query.split(whereSeparator: \.isNewline).joined(separator: " ").prefix(200)
            lines.append("GraphQL document: \(excerpt)")
            if let name = payload.operationName { lines.append("operationName: \(name)") }
        case .failure(let error) where request.http.path.hasSuffix("graphql"):
            lines.append("Not a GraphQL request: \(error.reason)")
        case .failure:
            break
        }
        if reasons.isEmpty {
            lines.append("The server has no endpoints.")
        } else {
            lines.append("Endpoints tried, in order:")
            for (index, entry) in reasons.enumerated() {
                lines.append("  \(index + 1). \(entry.label): \(entry.reason)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    var response: HTTPResponse {
        var response = HTTPResponse.text(text, status: 404)
        response.headers.add(name: "X-Mock-Unmatched", value: "true")
        return response
    }
}
