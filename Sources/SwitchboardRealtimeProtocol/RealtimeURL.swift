import Foundation
import Switchboard
import SwitchboardCore

/// Where an API's real-time WebSocket lives, derived from its GraphQL endpoint as AppSync does.
package enum RealtimeURL {
    /// AWS hosts (`*.amazonaws.com`, `*.amazonaws.com.cn`) swap `appsync-api` for
    /// `appsync-realtime-api`; custom domains append `/realtime`. The scheme becomes `wss` (or
    /// `ws` for plain `http` endpoints, as local servers use).
    package static func appSync(for endpoint: URL) -> URL {
        guard var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false) else { return endpoint }
        components.scheme = endpoint.scheme?.lowercased() == "http" ? "ws" : "wss"
        let host = components.host ?? ""
        if isAWSHost(host) {
            components.host = host.replacingOccurrences(of: "appsync-api", with: "appsync-realtime-api")
        } else {
            let path = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
            components.path = path + "/realtime"
        }
        return components.url ?? endpoint
    }

    /// The endpoint itself with a WebSocket scheme, as `graphql-transport-ws` servers expect.
    package static func graphQLTransportWS(for endpoint: URL) -> URL {
        guard var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false) else { return endpoint }
        components.scheme = endpoint.scheme?.lowercased() == "http" ? "ws" : "wss"
        return components.url ?? endpoint
    }

    /// Whether `host` is an AWS-managed AppSync host.
    package static func isAWSHost(_ host: String) -> Bool {
        let host = host.lowercased()
        return host.hasSuffix(".amazonaws.com") || host.hasSuffix(".amazonaws.com.cn")
    }
}
