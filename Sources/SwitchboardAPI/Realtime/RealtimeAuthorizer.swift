import Foundation
import SwitchboardSigV4

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Builds the authorization a real-time connection needs: the handshake headers (run through the
/// API's interceptors too) and the auth object each AppSync `start` carries.
struct RealtimeAuthorizer: Sendable {
    let context: OperationContext
    let tokenProviders: [AuthorizationType: any AuthTokenProvider]
    let iamSigner: (any IAMRequestSigner)?
    let interceptors: [any RequestInterceptor]

    /// The API host, which every AppSync auth object names (not the real-time host).
    var apiHost: String {
        let url = context.endpoint.endpoint
        guard let host = url.host else { return "" }
        return url.port.map { "\(host):\($0)" } ?? host
    }

    /// The auth object for the handshake (`data == nil`) or for a `start` carrying `data`.
    func authorizationObject(data: String?) async throws -> [String: String] {
        switch context.authorizationType {
        case .none:
            return ["host": apiHost]
        case .apiKey, .amazonCognitoUserPools, .openIDConnect, .awsLambda:
            let headers = try await AuthorizationStage(tokenProviders: tokenProviders).headers(for: context)
            var object = ["host": apiHost]
            for (name, value) in headers {
                object[name == "authorization" ? "Authorization" : name] = value
            }
            if context.authorizationType == .apiKey { object["x-amz-date"] = Self.amzDate(Date()) }
            return object
        case .awsIAM:
            return try await signedIAMObject(data: data)
        }
    }

    private func signedIAMObject(data: String?) async throws -> [String: String] {
        guard let iamSigner else {
            throw APIError.invalidConfiguration(
                "AWS_IAM subscriptions on \"\(context.apiName)\" need an IAM signer.",
                "Pass APIPlugin(iamSigner:) with AWS credentials.")
        }
        guard let region = context.endpoint.region else {
            throw APIError.invalidConfiguration(
                "AWS_IAM subscriptions on \"\(context.apiName)\" need a region.",
                "Add region to api.plugins.awsAPIPlugin.\(context.apiName).")
        }
        var components = URLComponents(url: context.endpoint.endpoint, resolvingAgainstBaseURL: false)
        components?.scheme = "https"
        components?.path = data == nil ? "/graphql/connect" : "/graphql"
        components?.query = nil
        guard let url = components?.url else { throw APIError.invalidURL("The API endpoint cannot be signed.", "") }
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = Data((data ?? "{}").utf8)
        request.setValue("application/json, text/javascript", forHTTPHeaderField: "accept")
        request.setValue("amz-1.0", forHTTPHeaderField: "content-encoding")
        request.setValue("application/json; charset=UTF-8", forHTTPHeaderField: "content-type")
        request.setValue(apiHost, forHTTPHeaderField: "host")
        let signed = try await iamSigner.sign(request, region: region, service: "appsync")
        var object: [String: String] = ["host": apiHost]
        for (name, value) in signed.allHTTPHeaderFields ?? [:] {
            switch name.lowercased() {
            case "authorization": object["Authorization"] = value
            case "x-amz-security-token": object["X-Amz-Security-Token"] = value
            case "host": object["host"] = value
            default: object[name.lowercased()] = value
            }
        }
        return object
    }

    /// The upgrade request's headers: the auth object as headers, then the API's interceptors.
    func handshakeHeaders(url: URL, authorization: [String: String]) async throws -> [(String, String)] {
        var request = URLRequest(url: url)
        for (name, value) in authorization where name != "host" { request.setValue(value, forHTTPHeaderField: name) }
        for interceptor in interceptors {
            request = try await InterceptorStage.run(interceptor, on: request, during: "the real-time handshake")
        }
        return (request.allHTTPHeaderFields ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
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
