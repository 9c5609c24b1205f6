import Foundation
import SwitchboardSigV4

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The requests a real-time connection runs through its API's HTTP-level stages, and what it makes
/// of them once authorized. AppSync authorizes its real-time connection as `POST /graphql/connect`
/// with the body `{}`, and each `start` as `POST /graphql` with the `start`'s data as the body; the
/// authorized headers become the auth object (and the handshake's upgrade headers).
struct RealtimeAuthorizer: Sendable {
    let endpoint: URL
    let authorizationType: AuthorizationType

    /// The API host, which every AppSync auth object names (not the real-time host).
    var apiHost: String {
        guard let host = endpoint.host else { return "" }
        return endpoint.port.map { "\(host):\($0)" } ?? host
    }

    /// The request the handshake is authorized as.
    func handshakeRequest() throws -> URLRequest {
        try request(path: "/graphql/connect", body: "{}")
    }

    /// The request a `start` carrying `data` is authorized as.
    func startRequest(data: String) throws -> URLRequest {
        try request(path: "/graphql", body: data)
    }

    private func request(path: String, body: String) throws -> URLRequest {
        var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false)
        components?.scheme = "https"
        components?.path = path
        components?.query = nil
        guard let url = components?.url else {
            throw APIError.invalidURL("The API endpoint \(endpoint) cannot be authorized.", "")
        }
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = Data(body.utf8)
        request.setValue(apiHost, forHTTPHeaderField: "host")
        switch authorizationType {
        case .awsIAM:
            // The headers AppSync's real-time endpoint signs with, as its documentation lists them.
            request.setValue("application/json, text/javascript", forHTTPHeaderField: "accept")
            request.setValue("amz-1.0", forHTTPHeaderField: "content-encoding")
            request.setValue("application/json; charset=UTF-8", forHTTPHeaderField: "content-type")
        case .apiKey:
            request.setValue(Self.amzDate(Date()), forHTTPHeaderField: "x-amz-date")
        case .none, .amazonCognitoUserPools, .openIDConnect, .awsLambda:
            break
        }
        return request
    }

    /// The auth object an authorized request's headers make.
    func authorizationObject(from authorized: URLRequest) -> [String: String] {
        var object: [String: String] = ["host": apiHost]
        for (name, value) in authorized.allHTTPHeaderFields ?? [:] {
            switch name.lowercased() {
            case "authorization": object["Authorization"] = value
            case "x-amz-security-token": object["X-Amz-Security-Token"] = value
            case "host": object["host"] = value
            default: object[name.lowercased()] = value
            }
        }
        return object
    }

    /// The handshake's upgrade headers: the auth object's, without `host` (the socket sets its own).
    static func handshakeHeaders(authorization: [String: String]) -> [(String, String)] {
        authorization.filter { $0.key != "host" }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// AppSync's handshake query: `header=<base64 auth object>&payload=e30=`.
    static func handshakeQuery(authorization: [String: String]) -> [URLQueryItem] {
        [
            URLQueryItem(name: "header", value: Data(authorizationJSON(authorization).utf8).base64EncodedString()),
            URLQueryItem(name: "payload", value: "e30="),
        ]
    }

    /// The `header-<base64url, no padding>` subprotocol carrying the auth object.
    static func authorizationSubprotocol(_ authorization: [String: String]) -> String {
        let base64 = Data(authorizationJSON(authorization).utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        return "header-" + base64
    }

    static func authorizationJSON(_ authorization: [String: String]) -> String {
        JSONValue.object(authorization.mapValues(JSONValue.string)).jsonText
    }

    /// `date` as `yyyyMMdd'T'HHmmss'Z'` in UTC, truncated to whole seconds: the signer's own
    /// calendar arithmetic, no `DateFormatter` per handshake.
    static func amzDate(_ date: Date) -> String {
        SigV4Timestamp(date).amzDate
    }
}
