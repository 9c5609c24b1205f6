import Foundation
import SwitchboardAPI
import SwitchboardCore
import SwitchboardNet

/// The real-time endpoint's hostile clients, each on a new AppSync (`graphql-ws`) connection: a
/// wrong API key, text that is not JSON, a message of no known type, a subscription that does
/// not validate, a connection starting more subscriptions than one may hold, and one dropped
/// without a close frame while subscribed. Each must get the documented answer, and none may
/// leave anything behind on the server (checked by the soak's end: descriptors and memory).
struct RealtimeHostileClient: Sendable {
    let port: Int
    let apiKey: String
    let ledger: SoakLedger

    /// Runs until `end`.
    func run(until end: ContinuousClock.Instant) async {
        while ContinuousClock.now < end {
            await exchange("realtime: wrong API key", key: "da2-wrong", sends: [], expect: "UnauthorizedException")
            await exchange("realtime: not JSON", sends: ["garbage"], expect: "\"type\":\"error\"")
            await exchange("realtime: unknown type", sends: [#"{"type":"bogus"}"#], expect: "\"type\":\"error\"")
            await exchange(
                "realtime: invalid subscription", sends: [start(id: "1", query: "subscription { nope }")],
                expect: "\"type\":\"error\"")
            let starts = (0...100).map { start(id: "s\($0)", query: Self.subscription) }
            await exchange("realtime: 101 subscriptions", sends: starts, expect: "MaxSubscriptionsReachedError")
            await exchange(
                "realtime: dropped while subscribed", sends: [start(id: "1", query: Self.subscription)],
                expect: "start_ack", thenAbort: true)
        }
    }

    private static let subscription = "subscription { onCreateTicket { id } }"

    /// Connects with `key`, sends `connection_init` and `sends`, and reads until a message holding
    /// `expect` (10 s at most); then closes, or drops the socket without a close frame.
    private func exchange(
        _ name: String, key: String? = nil, sends: [String], expect: String, thenAbort: Bool = false
    ) async {
        ledger.count(name)
        let socket: WebSocket
        do {
            socket = try await WebSocket.connect(to: url(apiKey: key ?? apiKey), subprotocols: ["graphql-ws"])
        } catch {
            ledger.fail("\(name): could not connect: \(error)")
            return
        }
        // Past the deadline the socket is dropped, which ends a read waiting for a message.
        let watchdog = Task {
            try await Task.sleep(for: .seconds(10))
            socket.abort()
        }
        defer { watchdog.cancel() }
        var seen: [String] = []
        do {
            try await socket.send(text: #"{"type":"connection_init"}"#)
            for text in sends { try await socket.send(text: text) }
            while case .text(let text)? = try await socket.receive() {
                if text.contains(expect) {
                    if thenAbort { socket.abort() } else { await socket.close() }
                    return
                }
                if !text.contains("\"ka\"") && seen.count < 3 { seen.append(String(text.prefix(200))) }
            }
        } catch {
            seen.append("\(error)")
        }
        socket.abort()
        ledger.fail("\(name): no message with \(expect); received \(seen)")
    }

    private func start(id: String, query: String) -> String {
        let data = JSONValue.object(["query": .string(query), "variables": .object([:])]).jsonText
        let authorization: JSONValue = ["host": .string("127.0.0.1:\(port)"), "x-api-key": .string(apiKey)]
        return JSONValue.object([
            "id": .string(id), "type": "start",
            "payload": ["data": .string(data), "extensions": ["authorization": authorization]],
        ]).jsonText
    }

    /// AppSync's handshake URL: the authorization as base64 JSON in `header`, an empty `payload`.
    private func url(apiKey: String) -> URL {
        let authorization = JSONValue.object(["host": .string("127.0.0.1:\(port)"), "x-api-key": .string(apiKey)])
        let header = Data(authorization.jsonText.utf8).base64EncodedString()
        // Percent-encoded by hand: a form decoder reads a `+` left as it is as a space.
        let encoded = header.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? header
        return URL(string: "ws://127.0.0.1:\(port)/graphql/realtime?header=\(encoded)&payload=e30%3D")!
    }
}
