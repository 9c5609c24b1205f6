import Foundation
import SwitchboardCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The first HTTP-level stage: a response with a status other than the exchange expects (2xx for a
/// request or a subscription start, 101 for a real-time handshake) becomes
/// `APIError.httpStatusError`, keeping the headers, a body excerpt and any GraphQL errors the body
/// holds. The stages placed after it see every response as it came.
struct StatusCheckStage: OperationStage {
    var name: StageName { .statusCheck }

    func handle(_ request: URLRequest, context: OperationContext, next: OperationStageNext) async throws
        -> HTTPTransportResponse
    {
        let response = try await next(request, context)
        let expected = context.phase == .handshake ? 101...101 : 200...299
        guard expected.contains(response.statusCode) else {
            throw Self.error(for: response, url: request.url ?? context.endpoint.endpoint)
        }
        return response
    }

    private struct ErrorsOnly: Decodable {
        let errors: [GraphQLError]?
    }

    /// The error for a response with an unexpected status.
    static func error(for response: HTTPTransportResponse, url: URL) -> APIError {
        let graphQLErrors = (try? JSONBytesDecoder().decode(ErrorsOnly.self, from: response.body))?.errors
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        // A real-time handshake's query carries AppSync's authorization.
        components?.query = nil
        return .httpStatusError(
            response.statusCode,
            HTTPStatusDetails(
                url: components?.url?.absoluteString ?? url.absoluteString,
                headers: response.headers,
                body: response.body,
                graphQLErrors: graphQLErrors
            )
        )
    }
}
