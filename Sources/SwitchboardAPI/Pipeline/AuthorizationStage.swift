import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Adds the API key or bearer token of the operation's authorization type. `AWS_IAM` is signed by
/// ``IAMSigningStage`` at the end of the chain instead, and `NONE` adds nothing.
///
/// A `401` to a token (Cognito, OIDC, Lambda) asks the provider for a refreshed one and, when it
/// differs, retries the rest of the pipeline once with it. A real-time handshake after the server
/// refused the connection's token asks for a refreshed one at once.
struct AuthorizationStage: OperationStage {
    let tokenProviders: [AuthorizationType: any AuthTokenProvider]

    var name: StageName { .authorization }

    func handle(_ request: URLRequest, context: OperationContext, next: OperationStageNext) async throws
        -> HTTPTransportResponse
    {
        var request = request
        let headers = try await headers(for: context)
        for (name, value) in headers {
            request.setValue(value, forHTTPHeaderField: name)
        }
        let response = try await next(request, context)
        guard response.statusCode == 401, context.authorizationType.usesTokenProvider,
            let sent = headers.first(where: { $0.0 == "authorization" })?.1
        else { return response }
        let refreshed = try await token(for: context) { try await $0.refreshedToken() }
        guard refreshed != sent else { return response }
        request.setValue(refreshed, forHTTPHeaderField: "authorization")
        return try await next(request, context)
    }

    /// The authorization headers for `context`.
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
            let refreshes = context.refreshesToken
            return [
                (
                    "authorization",
                    try await token(for: context) {
                        refreshes ? try await $0.refreshedToken() : try await $0.latestToken()
                    }
                )
            ]
        }
    }

    /// A token from the provider of the context's authorization type, through `fetch`.
    private func token(
        for context: OperationContext, _ fetch: (any AuthTokenProvider) async throws -> String
    ) async throws -> String {
        let type = context.authorizationType
        guard let provider = tokenProviders[type] else {
            throw APIError.invalidConfiguration(
                "No AuthTokenProvider is registered for \(type.rawValue) (API \"\(context.apiName)\").",
                "Pass APIPlugin(authTokenProviders: [.\(type): provider]) or call add(tokenProvider:for:)."
            )
        }
        do {
            return try await fetch(provider)
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
    }
}
