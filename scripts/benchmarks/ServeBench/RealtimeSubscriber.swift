import Foundation
import SwitchboardNet

/// Why a real-time subscriber could not subscribe.
struct RealtimeSubscriberError: Error, CustomStringConvertible {
    let description: String
}

/// One AppSync real-time connection (`/graphql/realtime`, subprotocol `graphql-ws`, API-key
/// header auth) holding `subscriptions` identical subscriptions, spoken over SwitchboardNet's raw
/// WebSocket so that nothing but the protocol sits between the server and the timestamps.
final class RealtimeSubscriber: Sendable {
    private let socket: WebSocket
    /// The loop driving the socket, where ``receive(_:)`` is best run.
    let loop: EventLoop
    /// How many subscriptions this connection started (each receives every event).
    let subscriptions: Int

    private init(socket: WebSocket, loop: EventLoop, subscriptions: Int) {
        self.socket = socket
        self.loop = loop
        self.subscriptions = subscriptions
    }

    /// Opens the connection, sends `connection_init` and starts `subscriptions` subscriptions of
    /// `query`, returning once every one was acknowledged.
    static func connect(
        to endpoint: BenchEndpoint, apiKey: String, query: String, subscriptions: Int, loop: EventLoop
    ) async throws -> RealtimeSubscriber {
        let authorization = ["host": "\(endpoint.host):\(endpoint.port)", "x-api-key": apiKey]
        let header = try JSONSerialization.data(withJSONObject: authorization).base64EncodedString()
        var components = URLComponents()
        components.scheme = "ws"
        components.host = endpoint.host
        components.port = endpoint.port
        components.path = endpoint.path + "/realtime"
        // Percent-encoded by hand: URLComponents leaves `+` alone, which a form decoder reads as a space.
        let encoded = header.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? header
        components.percentEncodedQuery = "header=\(encoded)&payload=e30%3D"
        guard let url = components.url else { throw RealtimeSubscriberError(description: "no URL for \(endpoint)") }
        let socket = try await WebSocket.connect(to: url, subprotocols: ["graphql-ws"], loop: loop)
        do {
            try await socket.send(text: #"{"type":"connection_init"}"#)
            try await expect("connection_ack", on: socket)
            let data = String(
                decoding: try JSONSerialization.data(withJSONObject: ["query": query, "variables": [:]]), as: UTF8.self)
            for id in 0..<subscriptions {
                let start: [String: Any] = [
                    "id": "s\(id)", "type": "start",
                    "payload": ["data": data, "extensions": ["authorization": authorization]],
                ]
                try await socket.send(
                    text: String(decoding: try JSONSerialization.data(withJSONObject: start), as: UTF8.self))
            }
            for _ in 0..<subscriptions { try await expect("start_ack", on: socket) }
        } catch {
            await socket.close()
            throw error
        }
        return RealtimeSubscriber(socket: socket, loop: loop, subscriptions: subscriptions)
    }

    /// Reads until the connection closes, calling `delivered` with the arrival time of each
    /// `data` message (taken before the message is parsed).
    func receive(_ delivered: (ContinuousClock.Instant) -> Void) async {
        while let message = try? await socket.receive() {
            let arrived = ContinuousClock.now
            if case .text(let text) = message, Self.type(of: text) == "data" { delivered(arrived) }
        }
    }

    /// Closes the connection; ``receive(_:)`` returns.
    func close() async { await socket.close() }

    /// Reads messages until one of `type` (skipping keep-alives); an error message or the
    /// connection closing fails.
    private static func expect(_ type: String, on socket: WebSocket) async throws {
        while true {
            guard case .text(let text)? = try await socket.receive() else {
                throw RealtimeSubscriberError(description: "the connection closed while waiting for \(type)")
            }
            let received = Self.type(of: text)
            if received == type { return }
            if received != "ka" {
                throw RealtimeSubscriberError(description: "expected \(type), received \(text.prefix(300))")
            }
        }
    }

    private static let dataPrefix = Array(#"{"type":"data","#.utf8)

    private static func type(of text: String) -> String? {
        // The server writes `type` first; reading the prefix keeps a thousand subscribers' parsing
        // from delaying the arrival times taken after it on the same cores.
        if text.utf8.starts(with: dataPrefix) { return "data" }
        let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        return object?["type"] as? String
    }
}
