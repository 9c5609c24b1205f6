import Foundation
import Switchboard
import SwitchboardNet
import SwitchboardRealtimeProtocol

/// The WebSocket upgrade of a real-time endpoint: which protocol the path speaks, which
/// subprotocol to choose, and the headers that authorize the connection.
package enum RealtimeHandshake {
    /// AppSync's protocol on paths ending in `/realtime`; elsewhere `graphql-transport-ws`, or the
    /// legacy `graphql-ws` for clients that offer only that (see ``upgrade(_:configuration:serve:)``).
    package static func dialect(forPath path: String) -> SubscriptionProtocol {
        path.hasSuffix("/realtime") ? .appSync : .graphQLTransportWS
    }

    /// The subprotocols the client offered, in order.
    package static func offeredSubprotocols(_ request: HTTPRequest) -> [String] {
        request.headers.values(for: "Sec-WebSocket-Protocol").flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// The upgrade's headers plus the members of AppSync's `header` query parameter (base64 JSON)
    /// and of a `header-…` subprotocol (base64url JSON), which carry the same authorization.
    package static func headers(of request: HTTPRequest, offered: [String]) -> HTTPHeaders {
        var headers = request.headers
        var encoded: [String] = []
        if let header = request.queryItem("header") { encoded.append(header) }
        for name in offered where name.hasPrefix("header-") {
            var base64 = String(name.dropFirst("header-".count))
                .replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            while base64.count % 4 != 0 { base64 += "=" }
            encoded.append(base64)
        }
        for text in encoded {
            guard let data = Data(base64Encoded: text), case .object(let members)? = try? JSONValue(parsing: data)
            else { continue }
            for (name, value) in members {
                if let string = value.stringValue { headers.replaceOrAdd(name: name, value: string) }
            }
        }
        return headers
    }

    /// Answers an upgrade to a real-time endpoint: on a `/realtime` path AppSync's protocol
    /// (connections without `graphql-ws` are accepted so that the session can answer with
    /// AppSync's `connection_error`); elsewhere `graphql-transport-ws` when the client offers it,
    /// else the legacy `graphql-ws` when it offers that, else `400`. `serve` runs the connection.
    package static func upgrade(
        _ request: HTTPRequest, configuration: WebSocketConfiguration = .init(),
        serve:
            @escaping @Sendable (_ socket: WebSocket, _ dialect: SubscriptionProtocol, _ headers: HTTPHeaders) async ->
            Void
    ) -> HTTPResponse {
        let offered = offeredSubprotocols(request)
        let dialect: SubscriptionProtocol
        let chosen: String
        if Self.dialect(forPath: request.path) == .appSync {
            (dialect, chosen) = (.appSync, "graphql-ws")
        } else if offered.contains(GraphQLTransportWSMessage.subprotocol) {
            (dialect, chosen) = (.graphQLTransportWS, GraphQLTransportWSMessage.subprotocol)
        } else if offered.contains(GraphQLWSMessage.subprotocol) {
            (dialect, chosen) = (.graphQLWS, GraphQLWSMessage.subprotocol)
        } else {
            return .text(
                "WebSocket clients of \(request.path) must offer the graphql-transport-ws or graphql-ws "
                    + "subprotocol; AppSync-protocol clients connect to /graphql/realtime\n", status: 400)
        }
        let headers = headers(of: request, offered: offered)
        return HTTPResponse.webSocketUpgrade(
            for: request, configuration: configuration, selectSubprotocol: { $0.contains(chosen) ? chosen : nil }
        ) { socket in
            await serve(socket, dialect, headers)
        }
    }
}
