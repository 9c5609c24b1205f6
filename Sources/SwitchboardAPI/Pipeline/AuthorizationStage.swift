import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Adds the API key or bearer token of the operation's authorization type. `AWS_IAM` is signed by
/// ``IAMSigningStage`` at the end of the chain instead, and `NONE` adds nothing.
struct AuthorizationStage: RequestStage {
    let tokenProviders: [AuthorizationType: any AuthTokenProvider]

    var name: String { "authorization" }

    func handle(_ request: URLRequest, context: OperationContext, next: RequestChain) async throws
        -> HTTPTransportResponse
    {
        var request = request
        for (name, value) in try await headers(for: context) {
            request.setValue(value, forHTTPHeaderField: name)
        }
        return try await next(request, context)
    }

    /// The authorization headers for `context`; shared with the real-time handshake.
    func headers(for context: OperationContext) async throws -> [(String, String)] {
        switch context.authorizationType {
        case .none, .awsIAM:
            return []
        case .apiKey:
            guard let apiKey = context.endpoint.apiKey else {
                throw APIError.invalidConfiguration(
                    "The API \"\(context.apiName)\" has no API key, but the request uses API_KEY authorization.",
                    "Add apiKey to api.plugins.awsAPIPlugin.\(context.apiName) or choose another authMode."
                )
            }
            return [("x-api-key", apiKey)]
        case .amazonCognitoUserPools, .openIDConnect, .awsLambda:
            let type = context.authorizationType
            guard let provider = tokenProviders[type] else {
                throw APIError.invalidConfiguration(
                    "No AuthTokenProvider is registered for \(type.rawValue) (API \"\(context.apiName)\").",
                    "Pass APIPlugin(authTokenProviders: [.\(type): provider]) or call add(tokenProvider:for:)."
                )
            }
            let token: String
            do {
                token = try await provider.latestToken()
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                // The provider's error is kept; the token itself never appears anywhere.
                throw APIError.operationError(
                    "The \(type.rawValue) token provider failed: \(error)",
                    "Check the token provider registered for \(type.rawValue).",
                    error
                )
            }
            return [("authorization", token)]
        }
    }
}
