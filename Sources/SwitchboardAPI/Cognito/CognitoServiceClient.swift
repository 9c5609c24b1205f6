import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Calls one Cognito service's JSON API (`POST /` with `X-Amz-Target: <service>.<operation>` and
/// an `application/x-amz-json-1.1` body). The calls Switchboard makes — `InitiateAuth`, `GetId`,
/// `GetCredentialsForIdentity` — are public and unsigned.
struct CognitoServiceClient: Sendable {
    /// The service's endpoint, e.g. `https://cognito-idp.us-east-1.amazonaws.com/`.
    let endpoint: URL
    /// The target prefix: `AWSCognitoIdentityProviderService` or `AWSCognitoIdentityService`.
    let targetPrefix: String
    let transport: any HTTPTransport

    /// The regional endpoint of `service` (`cognito-idp`, `cognito-identity`).
    static func defaultEndpoint(service: String, region: String) -> URL {
        URL(string: "https://\(service).\(region).amazonaws.com/")!
    }

    /// Calls `operation` with `body` and returns Cognito's JSON answer; an error answer becomes
    /// ``CognitoError/service(operation:type:message:statusCode:)``.
    func call(_ operation: String, _ body: JSONValue) async throws -> [String: JSONValue] {
        var request = URLRequest(url: endpoint)
        request.httpMethod = "POST"
        request.setValue("application/x-amz-json-1.1", forHTTPHeaderField: "content-type")
        request.setValue("\(targetPrefix).\(operation)", forHTTPHeaderField: "x-amz-target")
        request.setValue(APIPlugin.userAgent, forHTTPHeaderField: "user-agent")
        request.httpBody = Data(body.jsonText.utf8)
        let response: HTTPTransportResponse
        do {
            response = try await transport.send(request)
        } catch is CancellationError {
            throw CancellationError()
        } catch let error as APIError {
            throw error
        } catch {
            throw APIError.networkError("Cognito \(operation) at \(endpoint.absoluteString) failed: \(error)", error)
        }
        let answer = (try? JSONValue(parsing: response.body))?.objectValue
        guard (200..<300).contains(response.statusCode) else {
            // `__type` may be qualified: `com.amazonaws.cognito…#NotAuthorizedException`.
            let type = answer?["__type"]?.stringValue?.split(separator: "#").last.map(String.init) ?? "UnknownError"
            let excerpt = String(decoding: response.body.prefix(120), as: UTF8.self)
                .replacingOccurrences(of: "\n", with: " ").trimmingCharacters(in: .whitespaces)
            let message =
                answer?["message"]?.stringValue ?? answer?["Message"]?.stringValue
                ?? (excerpt.isEmpty ? "no message" : "no message; the body starts: \(excerpt)")
            throw CognitoError.service(
                operation: operation, type: type, message: message, statusCode: response.statusCode)
        }
        guard let answer else {
            throw CognitoError.invalidResponse(operation: operation, reason: "the body is not a JSON object")
        }
        return answer
    }
}
