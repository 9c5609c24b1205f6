import Foundation
import SwitchboardNet
import Testing

@testable import SwitchboardServer

/// A raw real-time client for protocol-level tests: JSON messages over a WebSocket, with a
/// generous deadline on each read so that a missing message fails the test instead of hanging.
struct RealtimeClient {
    let socket: WebSocket

    /// Base64 of `{"host": …, "x-api-key": …}`, AppSync's handshake authorization.
    static func apiKeyHeader(_ server: LocalServer, key: String = "da2-test") -> [String: String] {
        ["host": "127.0.0.1:\(server.port)", "x-api-key": key]
    }

    /// Connects to AppSync's endpoint with the authorization in the `header` query parameter.
    static func appSync(
        _ server: LocalServer, authorization: [String: String]? = nil, subprotocols: [String] = ["graphql-ws"]
    ) async throws -> RealtimeClient {
        let object = JSON.object(
            JSONObject((authorization ?? apiKeyHeader(server)).map { ($0.key, JSON.string($0.value)) }))
        let header = Data(object.text.utf8).base64EncodedString()
        var components = URLComponents(url: server.realtimeEndpoint, resolvingAgainstBaseURL: false)!
        components.queryItems = [
            URLQueryItem(name: "header", value: header), URLQueryItem(name: "payload", value: "e30="),
        ]
        return RealtimeClient(socket: try await WebSocket.connect(to: components.url!, subprotocols: subprotocols))
    }

    /// Connects to the graphql-transport-ws endpoint (`/graphql`).
    static func transportWS(
        _ server: LocalServer, subprotocols: [String] = ["graphql-transport-ws"]
    ) async throws -> RealtimeClient {
        var components = URLComponents(url: server.graphQLEndpoint, resolvingAgainstBaseURL: false)!
        components.scheme = "ws"
        return RealtimeClient(socket: try await WebSocket.connect(to: components.url!, subprotocols: subprotocols))
    }

    func send(_ message: JSON) async throws {
        try await socket.send(text: message.text)
    }

    /// The next message, skipping `ka` unless asked for; `nil` when the connection closed.
    func next(skippingKeepAlive: Bool = true, timeout: Duration = .seconds(30)) async throws -> JSON? {
        let socket = self.socket
        return try await withThrowingTaskGroup(of: JSON?.self) { group in
            group.addTask {
                while let message = try await socket.receive() {
                    guard case .text(let text) = message else { continue }
                    let json = try JSONReader.read(text)
                    if skippingKeepAlive && json["type"] == "ka" { continue }
                    return json
                }
                return nil
            }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw TimedOut()
            }
            defer { group.cancelAll() }
            return try await group.next() ?? nil
        }
    }

    struct TimedOut: Error {}

    /// `connection_init` answered by `connection_ack`.
    func initialize(payload: JSON? = nil) async throws -> JSON? {
        var message: JSONObject = ["type": "connection_init"]
        if let payload { message["payload"] = payload }
        try await send(.object(message))
        return try await next()
    }

    /// An AppSync `start` with the API key in its authorization object.
    func start(
        id: String, query: String, variables: JSON = [:], server: LocalServer, authorization: [String: String]? = nil
    ) async throws {
        let data: JSON = ["query": .string(query), "variables": variables]
        let auth = JSON.object(
            JSONObject((authorization ?? Self.apiKeyHeader(server)).map { ($0.key, JSON.string($0.value)) }))
        try await send(
            [
                "type": "start", "id": .string(id),
                "payload": ["data": .string(data.text), "extensions": ["authorization": auth]],
            ])
    }

    func close() async { await socket.close() }
}
